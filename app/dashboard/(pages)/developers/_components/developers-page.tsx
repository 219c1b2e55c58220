"use client";

import { Card, PageHeader } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { useI18n } from "@/lib/i18n/provider";
import { ApiKeysSection } from "./api-keys-section";
import { ProvidersSection } from "./providers-section";
import { WebhooksSection } from "./webhooks-section";

export function DevelopersPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t.developers.title} description={t.developers.intro} />
      <div className="flex flex-col gap-6">
        <ApiKeysSection />
        {/* Webhooks: endpoints, secrets, delivery log (its own component, see webhooks-section.tsx) */}
        <WebhooksSection />
        <ProvidersSection />
        <Card title={t.developers.docsTitle}>
          <p className="text-sm text-stone-600">{t.developers.docsText}</p>
          <a href="/docs" className={cn("mt-3 inline-flex rounded text-sm font-medium text-teal-800 underline underline-offset-2", focusRing)}>
            {t.developers.docsLink} →
          </a>
        </Card>
      </div>
    </>
  );
}

"use client";

import { Card } from "@/components/ui/card";
import { useI18n } from "@/lib/i18n/provider";

/** The webhooks slot of the Developers page (DESIGN §8). */
export function WebhooksSection() {
  const { t } = useI18n();
  return (
    <Card title={t.developers.webhooks}>
      <p className="text-sm text-stone-600">{t.developers.webhooksSoon}</p>
    </Card>
  );
}

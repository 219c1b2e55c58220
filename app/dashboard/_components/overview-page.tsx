"use client";

import { PageHeader } from "@/components/ui/card";
import { useI18n } from "@/lib/i18n/provider";

export function OverviewPage() {
  const { t } = useI18n();
  return <PageHeader title={t.overview.title} />;
}

"use client";

import { Badge } from "@/components/ui/badge";
import { useI18n } from "@/lib/i18n/provider";
import type { PaymentStatus } from "@/lib/query/types";

/** A payment status in the merchant's words, with its colour. */
export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useI18n();
  return <Badge tone={status}>{t.status[status]}</Badge>;
}

"use client";

import { Badge } from "@/components/ui/badge";
import { useI18n } from "@/lib/i18n/provider";
import type { PaymentStatus } from "@/lib/query/types";

/**
 * A payment link's status as the API answers it (payment_status and attempted): "Payé" once paid,
 * "Non payé" while nobody has tried, otherwise its latest attempt's status.
 */
export function LinkStatusBadge({ status, attempted }: { status: PaymentStatus; attempted?: boolean }) {
  const { t } = useI18n();
  const words = t.links.statuses;
  if (status === "pending" && attempted === false) return <Badge tone="neutral">{words.unpaid}</Badge>;
  return <Badge tone={status}>{status === "success" ? words.paid : words[status]}</Badge>;
}

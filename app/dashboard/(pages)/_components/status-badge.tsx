"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { paymentDisplayStatus, type PaymentDisplayStatus } from "@/lib/core/display-status";
import { useI18n } from "@/lib/i18n/provider";
import type { PaymentStatus } from "@/lib/query/types";

const tones: Record<PaymentDisplayStatus, BadgeTone> = {
  pending: "pending",
  success: "success",
  partly_refunded: "info",
  refunded: "expired",
  failed: "failed",
  expired: "expired",
};

/**
 * A payment's status in the merchant's words, with its colour: a success refunded in part or in
 * whole says so when its amounts are given (lib/core/display-status.ts derives it).
 */
export function StatusBadge({ status, amount, refunded }: { status: PaymentStatus; amount?: number; refunded?: number }) {
  const { t } = useI18n();
  const shown = paymentDisplayStatus({ status, amount, refunded_amount: refunded });
  return (
    <Badge tone={tones[shown]}>
      {t.statuses.payment[shown]}
    </Badge>
  );
}

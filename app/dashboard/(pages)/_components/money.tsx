"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { errorMessage } from "@/lib/forms/messages";
import type { Dictionary } from "@/lib/i18n/fr";
import { formatMoney } from "@/lib/i18n/numbers";
import { useI18n } from "@/lib/i18n/provider";
import type { DisbursementStatusName } from "@/lib/ledger/kinds";
import { ApiRequestError } from "@/lib/query/api-fetch";

const tones: Record<DisbursementStatusName, BadgeTone> = { pending: "pending", processing: "info", success: "success", failed: "failed" };

/** A payout's or refund's status in the merchant's words, with its colour. */
export function DisbursementBadge({ status }: { status: DisbursementStatusName }) {
  const { t } = useI18n();
  return <Badge tone={tones[status]}>{t.money.statuses[status]}</Badge>;
}

/** A payout's, refund's or withdrawal's amount and status, as its row in a list starts. */
export function AmountAndStatus({ amount, currency, status }: { amount: number; currency: string; status: DisbursementStatusName }) {
  const { lang } = useI18n();
  return (
    <>
      <span className="font-semibold tabular-nums">{formatMoney(amount, currency, lang)}</span>
      <DisbursementBadge status={status} />
    </>
  );
}

/** A money-out call's error in the merchant's words (the money and sellers' errors first, then the common ones). */
export function moneyErrorMessage(error: unknown, t: Dictionary): string {
  const words: Record<string, string> = { ...t.money.errors, ...t.sellers.errors };
  const known = error instanceof ApiRequestError ? words[error.type] : undefined;
  return known ?? errorMessage(error, t);
}

/** A phone as the merchant reads it: `+237 670000001`. */
export const phoneText = (digits: string) => `+${digits}`;

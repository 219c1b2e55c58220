"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { fill } from "@/lib/core/fill";
import { errorMessage } from "@/lib/forms/messages";
import type { Dictionary } from "@/lib/i18n/fr";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import type { DisbursementStatusName } from "@/lib/core/ledger-kinds";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { useBalance } from "@/lib/query/money";

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

/** The merchant's available balance in `currency`, as GET /v1/balance says (undefined while it loads). */
export function useAvailable(currency: string): number | undefined {
  const balance = useBalance();
  return balance.data ? (balance.data.available.find((a) => a.currency === currency)?.amount ?? 0) : undefined;
}

/**
 * Before a refund or a withdrawal is confirmed: the available balance, what the action takes from it
 * (`advanced`: the part it advances for a seller) and, for a marketplace sale, from the seller; a
 * warning when the balance falls short (`warn` false: the server's refusal is on screen and says
 * it). Amounts taken, never signed figures that read as what is left. The server decides again when
 * it is sent: a balance read a moment ago may have changed.
 */
export function WhatItTakes({ currency, fromYou, advanced = 0, fromSeller, warn = true }: { currency: string; fromYou: number; advanced?: number; fromSeller?: number; warn?: boolean }) {
  const { t, lang } = useI18n();
  const w = t.money.takes;
  const available = useAvailable(currency);
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const rows = [
    { id: "available", label: w.available, value: available === undefined ? t.common.loading : money(available) },
    { id: "you", label: w.fromYou, note: advanced > 0 ? fill(w.fromYouNote, { amount: money(advanced) }) : undefined, value: money(fromYou) },
    ...(fromSeller === undefined ? [] : [{ id: "seller", label: advanced > 0 ? w.fromSellerLater : w.fromSeller, value: money(fromSeller) }]),
  ];
  return (
    <>
      <dl className="mt-3 divide-y divide-stone-100 rounded-md border border-stone-200 text-sm" data-testid="what-it-takes">
        {rows.map((row) => (
          <div key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-3 py-2" data-testid={`takes-${row.id}`}>
            <dt className="text-stone-700">
              {row.label}
              {row.note && <span className="block text-xs text-stone-600">{row.note}</span>}
            </dt>
            <dd className="ml-auto font-semibold tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
      {warn && available !== undefined && fromYou > available && (
        <p className="mt-2 text-sm text-amber-900" data-testid="takes-short">
          {w.short}
        </p>
      )}
    </>
  );
}

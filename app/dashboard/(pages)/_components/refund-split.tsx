"use client";

import { fill } from "@/lib/core/fill";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import type { Refund } from "@/lib/query/money";

/** Who paid a marketplace sale's refund, as the API says; nothing for a payment link's. */
export function RefundSplit({ refund }: { refund: Pick<Refund, "split" | "seller_share" | "currency"> }) {
  const { t, lang } = useI18n();
  const w = t.money.refund;
  if (!refund.split || !refund.seller_share) return null;
  const money = (minor: number) => formatMoney(minor, refund.currency, lang);
  return (
    <span className="w-full text-xs text-stone-600" data-testid="refund-split">
      {fill(w.split, { merchant: money(refund.split.merchant_amount), share: money(refund.split.share_part), borne: w.borne[refund.seller_share] })}
    </span>
  );
}

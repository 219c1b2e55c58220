"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { fill } from "@/lib/core/fill";
import { formatDateTime } from "@/lib/i18n/numbers";
import { reasonLabel } from "@/lib/i18n/labels";
import { useI18n } from "@/lib/i18n/provider";
import type { Payout } from "@/lib/query/money";
import { usePayoutsOfSeller, useRefundsOf, type Seller } from "@/lib/query/sellers";
import { CardList } from "../../../_components/card-list";
import { AmountAndStatus, phoneText } from "../../../_components/money";
import { RefundSplit } from "../../../_components/refund-split";
import { Can } from "@/lib/query/role";

// the new-phone form (libphonenumber) loads when first opened
const RedirectPayoutDialog = dynamic(() => import("../../../_components/redirect-payout-dialog").then((m) => m.RedirectPayoutDialog), { ssr: false });

/** The refunds of the seller's sales, each with who bore it. */
export function SellerRefunds({ seller }: { seller: Seller }) {
  const { t, lang } = useI18n();
  const w = t.sellers.refunds;
  const refunds = useRefundsOf({ seller_id: seller.id });
  return (
    <CardList title={w.title} query={refunds} rows={2} empty={w.empty} testId="seller-refunds" className="text-sm">
      {(r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="seller-refund">
          <AmountAndStatus amount={r.amount} currency={r.currency} status={r.status} />
          <Link href={`/dashboard/payments/${encodeURIComponent(r.track_id)}`} className={cn("rounded font-mono text-xs text-teal-800 underline underline-offset-2", focusRing)}>
            {r.track_id}
          </Link>
          <span className="ml-auto text-xs text-stone-500">{formatDateTime(r.created_at, lang)}</span>
          <RefundSplit refund={r} />
        </li>
      )}
    </CardList>
  );
}

/** The seller's payouts; a failed one can be sent to a corrected phone. */
export function SellerPayouts({ seller }: { seller: Seller }) {
  const { t } = useI18n();
  const w = t.sellers.payouts;
  const payouts = usePayoutsOfSeller(seller.id);
  return (
    <CardList title={w.title} query={payouts} rows={2} empty={w.empty} testId="seller-payouts" className="text-sm">
      {(p) => <PayoutRow key={p.id} payout={p} />}
    </CardList>
  );
}

function PayoutRow({ payout: p }: { payout: Payout }) {
  const { t, lang } = useI18n();
  const w = t.sellers.payouts;
  const [redirecting, setRedirecting] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="seller-payout-row">
      <AmountAndStatus amount={p.amount} currency={p.currency} status={p.status} />
      <span className="font-mono text-xs text-stone-600">{fill(w.to, { phone: phoneText(p.phone_number) })}</span>
      <span className="ml-auto text-xs text-stone-500">{formatDateTime(p.created_at, lang)}</span>
      {p.failure_reason && <span className="w-full text-xs text-red-800">{fill(t.money.payout.reason, { reason: reasonLabel(p.failure_reason, t) })}</span>}
      {p.status === "failed" && !p.retried_by && (
        <Can operation="payout_redirect">
          <Button variant="secondary" size="sm" onClick={() => setRedirecting(true)}>
            {w.redirect}
          </Button>
        </Can>
      )}
      {redirecting && <RedirectPayoutDialog payout={p} onClose={() => setRedirecting(false)} />}
    </li>
  );
}

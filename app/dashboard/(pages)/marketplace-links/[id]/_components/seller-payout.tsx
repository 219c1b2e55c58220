"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fill } from "@/lib/core/fill";
import { reasonLabel } from "@/lib/i18n/labels";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { useRetryPayout, type Payout, type Refund } from "@/lib/query/money";
import { DisbursementBadge, phoneText } from "../../../_components/money";
import { Can } from "@/lib/query/role";
import { RefundSplit } from "../../../_components/refund-split";

// the new-phone form (libphonenumber) loads when first opened
const RedirectPayoutDialog = dynamic(() => import("../../../_components/redirect-payout-dialog").then((m) => m.RedirectPayoutDialog), { ssr: false });

/**
 * A sale's money: the owner's fee, the seller's payout with its status (a failed one can be retried
 * or sent to a corrected phone), and the sale's refunds with who bore them.
 */
export function SaleMoney({ fee, currency, payout, refunds, succeeded }: { fee: number; currency: string; payout: Payout | undefined; refunds: Refund[]; succeeded: boolean }) {
  const { t, lang } = useI18n();
  const w = t.money.payout;
  const retry = useRetryPayout();
  const [confirming, setConfirming] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  if (!succeeded) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-stone-100 px-4 py-3 text-sm" data-testid="sale-money">
      <p className="flex items-center gap-2">
        <span className="text-stone-600">{w.fee}</span>
        <span className="font-semibold tabular-nums" data-testid="owner-fee">{formatMoney(fee, currency, lang)}</span>
      </p>
      <p className="flex flex-wrap items-center gap-2" data-testid="seller-payout">
        <span className="text-stone-600">{w.seller}</span>
        {payout ? (
          <>
            <span className="font-semibold tabular-nums">{formatMoney(payout.amount, payout.currency, lang)}</span>
            <DisbursementBadge status={payout.status} />
          </>
        ) : (
          <span>{w.none}</span>
        )}
        {payout?.seller_id && (
          <Link href={`/dashboard/sellers/${payout.seller_id}`} className={cn("rounded text-teal-800 underline underline-offset-2", focusRing)}>
            {t.sellers.open}
          </Link>
        )}
      </p>
      {payout?.status === "failed" && (
        <>
          {payout.failure_reason && <p className="w-full text-xs text-red-800">{fill(w.reason, { reason: reasonLabel(payout.failure_reason, t) })}</p>}
          <Can operation="payout_retry">
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              {w.retry}
            </Button>
          </Can>
          <Can operation="payout_redirect">
            <Button variant="ghost" size="sm" onClick={() => setRedirecting(true)}>
              {t.sellers.payouts.redirect}
            </Button>
          </Can>
          <ConfirmDialog
            open={confirming}
            title={w.retryTitle}
            text={fill(w.retryText, { amount: formatMoney(payout.amount, payout.currency, lang), phone: phoneText(payout.phone_number) })}
            confirmLabel={w.retry}
            successMessage={w.retried}
            onConfirm={() => retry.mutateAsync(payout.id)}
            onClose={() => setConfirming(false)}
          />
          {redirecting && <RedirectPayoutDialog payout={payout} onClose={() => setRedirecting(false)} />}
        </>
      )}
      {refunds.length > 0 && <SaleRefunds refunds={refunds} />}
    </div>
  );
}

function SaleRefunds({ refunds }: { refunds: Refund[] }) {
  const { t, lang } = useI18n();
  return (
    <div className="w-full border-t border-stone-100 pt-2" data-testid="sale-refunds">
      <p className="font-medium">{t.money.refund.refunds}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {refunds.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-0.5" data-testid="sale-refund">
            <span className="font-semibold tabular-nums">{formatMoney(r.amount, r.currency, lang)}</span>
            <DisbursementBadge status={r.status} />
            <RefundSplit refund={r} />
          </li>
        ))}
      </ul>
    </div>
  );
}

"use client";

import { CARD_OPERATOR } from "@/lib/core/cards";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { fill } from "@/lib/core/fill";
import { reasonLabel } from "@/lib/i18n/labels";
import { formatDateTime } from "@/lib/i18n/numbers";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { usePayment } from "@/lib/query/deposits";
import { useRefunds } from "@/lib/query/money";
import type { Deposit } from "@/lib/query/types";
import { DisbursementBadge } from "../../_components/money";
import { Can } from "@/lib/query/role";
import { RefundSplit } from "../../_components/refund-split";

// the refund form (react-hook-form) loads when first opened, as the other dialogs do
const RefundDialog = dynamic(() => import("./refund-dialog").then((m) => m.RefundDialog), { ssr: false });

/** A successful payment's refunds, what remains (the API's `refundable_amount`, never our own sums), and the action that refunds it. */
export function PaymentRefunds({ deposit }: { deposit: Deposit }) {
  const { t, lang } = useI18n();
  const w = t.money.refund;
  const refunds = useRefunds(deposit.track_id);
  const payment = usePayment(deposit.track_id); // what was refunded, as the API counts it (the payment page has it already)
  const [open, setOpen] = useState(false);
  if (!refunds.data || !payment.data) return null;
  const remaining = payment.data.refundable_amount;
  return (
    <div className="mt-4 border-t border-stone-100 pt-4" data-testid="payment-refunds">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700" data-testid="refund-remaining">
          {remaining > 0 ? fill(w.remaining, { amount: formatMoney(remaining, deposit.currency, lang) }) : deposit.operator === CARD_OPERATOR ? w.cardNotRefundable : w.fullyRefunded}
        </p>
        {remaining > 0 && (
          // a viewer or a developer never moves money: no refund button
          <Can operation="refund_create">
            <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
              {w.action}
            </Button>
          </Can>
        )}
      </div>
      {refunds.data.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold">{w.refunds}</h3>
          <ul className="mt-1 divide-y divide-stone-100 text-sm" data-testid="refunds">
            {refunds.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="refund">
                <span className="font-medium tabular-nums">{formatMoney(r.amount, r.currency, lang)}</span>
                <DisbursementBadge status={r.status} />
                {r.automatic && <span className="text-xs text-stone-600">{w.automatic}</span>}
                <span className="ml-auto text-stone-500">{formatDateTime(r.created_at, lang)}</span>
                <RefundSplit refund={r} />
                {r.reason && !r.automatic && <span className="w-full text-xs text-stone-600">{r.reason}</span>}
                {r.failure_reason && <span className="w-full text-xs text-red-800">{fill(t.money.payout.reason, { reason: reasonLabel(r.failure_reason, t) })}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {open && <RefundDialog deposit={payment.data} remaining={remaining} onClose={() => setOpen(false)} />}
    </div>
  );
}

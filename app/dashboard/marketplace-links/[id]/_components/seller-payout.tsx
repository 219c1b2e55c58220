"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { format } from "@/lib/i18n/format";
import { reasonLabel } from "@/lib/i18n/labels";
import { formatMoney } from "@/lib/i18n/numbers";
import { useI18n } from "@/lib/i18n/provider";
import { useRetryPayout, type Payout } from "@/lib/query/money";
import { DisbursementBadge, phoneText } from "../../../_components/money";
import { Can } from "@/lib/query/role";

/** A sale's money: the owner's fee, and the seller's payout with its status (retry when it failed). */
export function SaleMoney({ fee, currency, payout, succeeded }: { fee: number; currency: string; payout: Payout | undefined; succeeded: boolean }) {
  const { t, lang } = useI18n();
  const w = t.money.payout;
  const retry = useRetryPayout();
  const [confirming, setConfirming] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
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
      </p>
      {payout?.status === "failed" && (
        <>
          {payout.failure_reason && <p className="w-full text-xs text-red-800">{format(w.reason, { reason: reasonLabel(payout.failure_reason, t) })}</p>}
          <Can role="admin">
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              {w.retry}
            </Button>
          </Can>
          <ConfirmDialog
            open={confirming}
            title={w.retryTitle}
            text={format(w.retryText, { amount: formatMoney(payout.amount, payout.currency, lang), phone: phoneText(payout.phone_number) })}
            confirmLabel={w.retry}
            successMessage={w.retried}
            onConfirm={() => retry.mutateAsync({ body: payout.id, idempotencyKey })}
            onClose={() => setConfirming(false)}
            onDone={() => setIdempotencyKey(crypto.randomUUID())}
          />
        </>
      )}
    </div>
  );
}

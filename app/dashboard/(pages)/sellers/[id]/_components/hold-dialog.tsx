"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, FormError, Textarea } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { fill } from "@/lib/core/fill";
import { formatMoney } from "@/lib/core/money";
import { useI18n } from "@/lib/i18n/provider";
import { useUpdateSeller, type Seller } from "@/lib/query/sellers";
import { moneyErrorMessage } from "../../../_components/money";

/** Holds a seller's payouts (with the merchant's note) or resumes them, after saying what follows. */
export function HoldDialog({ seller, onClose }: { seller: Seller; onClose: () => void }) {
  const { t, lang } = useI18n();
  const w = t.sellers.hold;
  const notify = useToast();
  const update = useUpdateSeller();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const holding = !seller.on_hold;
  const submit = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: seller.id, on_hold: holding, hold_reason: holding ? reason.trim() : "" });
      notify(holding ? w.done : w.cleared);
      onClose();
    } catch (e) {
      setError(moneyErrorMessage(e, t));
    }
  };
  const owed = formatMoney(Math.max(0, seller.balance.available), seller.currency, lang);
  return (
    <Dialog open onClose={onClose} title={holding ? w.title : w.clearTitle} closeLabel={t.common.close} dismissible={!update.isPending}>
      <p className="text-sm text-stone-800">{holding ? w.text : fill(w.clearText, { amount: owed })}</p>
      {holding && (
        <div className="mt-4">
          <Field label={w.reason} description={w.reasonHint}>
            <Textarea maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </Field>
        </div>
      )}
      <div className="mt-3">
        <FormError>{error}</FormError>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          {t.common.cancel}
        </Button>
        <Button variant={holding ? "danger" : "primary"} loading={update.isPending} onClick={() => void submit()}>
          {holding ? w.confirm : w.clear}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useI18n } from "@/lib/i18n/provider";

/**
 * Before sharing a link that was already paid: a buyer who opens it reads « Ce lien a déjà été
 * payé » and cannot pay (the checkout shows the receipt to the payer only). The merchant shares
 * anyway (to send the payer their link back) or creates a new one.
 */
export function SharePaidDialog({ open, onShare, onClose }: { open: boolean; onShare: () => void; onClose: () => void }) {
  const { t } = useI18n();
  const w = t.statuses;
  return (
    <Dialog open={open} onClose={onClose} title={w.sharePaidTitle} closeLabel={t.common.close} size="sm">
      <p className="text-sm break-words text-stone-700">{w.sharePaidText}</p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t.common.cancel}
        </Button>
        <Button onClick={onShare}>{w.sharePaidConfirm}</Button>
      </DialogActions>
    </Dialog>
  );
}

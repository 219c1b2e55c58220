"use client";

import { useState, type ReactNode } from "react";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { Button } from "./button";
import { Dialog, DialogActions } from "./dialog";
import { FormError } from "./field";
import { useToast } from "./toast";

/**
 * "Are you sure?" before a destructive call (archive a link, revoke a key, delete a webhook):
 * the call's error is shown in the dialog in the merchant's words; success closes it with a toast.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  successMessage,
  onConfirm,
  onClose,
  onDone,
}: {
  open: boolean;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  successMessage: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useI18n();
  const notify = useToast();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      notify(successMessage);
      close();
      onDone?.();
    } catch (e) {
      setError(errorMessage(e, t));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} title={title} closeLabel={t.common.close} size="sm" dismissible={!pending}>
      <p className="text-sm break-words text-stone-700">{text}</p>
      <div className="mt-3">
        <FormError>{error}</FormError>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={pending}>
          {t.common.cancel}
        </Button>
        <Button variant="danger" loading={pending} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

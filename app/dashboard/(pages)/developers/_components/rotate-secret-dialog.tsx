"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { useRotateWebhookSecret, type WebhookEndpoint, type WebhookWithSecret } from "@/lib/query/webhooks";
import { ShowSecret } from "./webhook-dialog";

/**
 * Rotating an endpoint's signing secret: say what happens (the old secret signs too for 24 hours),
 * then show the new one once.
 */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t, fill } = useI18n();
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setRotated(null);
    setError(null);
    onClose();
  };
  const confirm = () => {
    setError(null);
    rotate.mutate(endpoint!.id, { onSuccess: setRotated, onError: (e) => setError(errorMessage(e, t)) });
  };
  return (
    <Dialog
      open={Boolean(endpoint)}
      onClose={close}
      title={rotated ? t.developers.webhookRotatedTitle : t.developers.webhookRotateTitle}
      description={rotated ? t.developers.webhookRotatedText : undefined}
      closeLabel={t.common.close}
      dismissible={!rotated && !rotate.isPending}
      size={rotated ? "lg" : "sm"}
    >
      {rotated ? (
        <ShowSecret created={rotated} onDone={close} />
      ) : (
        <>
          <p className="text-sm break-words text-stone-700">{endpoint && fill(t.developers.webhookRotateText, { url: endpoint.url })}</p>
          <div className="mt-3">
            <FormError>{error}</FormError>
          </div>
          <DialogActions>
            <Button variant="secondary" onClick={close} disabled={rotate.isPending}>
              {t.common.cancel}
            </Button>
            <Button loading={rotate.isPending} onClick={confirm}>
              {t.developers.webhookRotateConfirm}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

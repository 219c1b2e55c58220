"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { useArchiveGateway } from "@/lib/query/gateways";

/** "Archive this link?" — DELETE /v1/gateway/{id} after the merchant confirms. */
export function ArchiveDialog({ link, onClose, onArchived }: {
  link: { id: string; shop_name: string } | null;
  onClose: () => void;
  onArchived?: () => void;
}) {
  const { t, format } = useI18n();
  const notify = useToast();
  const archive = useArchiveGateway();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    archive.reset();
    onClose();
  };
  return (
    <Dialog open={Boolean(link)} onClose={close} title={t.links.archiveTitle} closeLabel={t.common.close} size="sm" dismissible={!archive.isPending}>
      <p className="text-sm text-stone-700">{link && format(t.links.archiveText, { name: link.shop_name })}</p>
      <div className="mt-3">
        <FormError>{error}</FormError>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={archive.isPending}>
          {t.common.cancel}
        </Button>
        <Button
          variant="danger"
          loading={archive.isPending}
          onClick={() =>
            link &&
            archive.mutate(link.id, {
              onSuccess: () => {
                notify(t.links.archived_);
                close();
                onArchived?.();
              },
              onError: (e) => setError(errorMessage(e, t)),
            })
          }
        >
          {t.links.archive}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useI18n } from "@/lib/i18n/provider";
import { useArchiveGateway } from "@/lib/query/gateways";

/** "Archive this link?" — DELETE /v1/gateway/{id} after the merchant confirms. */
export function ArchiveDialog({ link, onClose, onArchived }: {
  link: { id: string; shop_name: string } | null;
  onClose: () => void;
  onArchived?: () => void;
}) {
  const { t, fill } = useI18n();
  const archive = useArchiveGateway();
  return (
    <ConfirmDialog
      open={Boolean(link)}
      title={t.links.archiveTitle}
      text={link && fill(t.links.archiveText, { name: link.shop_name })}
      confirmLabel={t.links.archive}
      successMessage={t.links.archived_}
      onConfirm={() => archive.mutateAsync(link!.id)}
      onClose={onClose}
      onDone={onArchived}
    />
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { useI18n } from "@/lib/i18n/provider";
import type { GatewayListItem } from "@/lib/query/types";
import { Can } from "@/lib/query/role";

export type LinkAction = "share" | "edit" | "archive" | "unarchive";

/** Copy, share, edit, archive (unarchive once archived): each names its link for screen readers ("Partager — Boutique Awa"). */
export function LinkActions({ link, onAction, archived }: { link: GatewayListItem; onAction: (action: LinkAction) => void; archived?: boolean }) {
  const { t } = useI18n();
  const named = (label: string) => `${label} — ${link.shop_name}`;
  if (archived) {
    return (
      <Can operation="gateway_unarchive">
        <Button variant="secondary" size="sm" onClick={() => onAction("unarchive")} aria-label={named(t.links.unarchive)}>
          {t.links.unarchive}
        </Button>
      </Can>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <CopyButton value={link.link} label={t.common.copy} copiedLabel={t.common.copied} ariaLabel={named(t.links.copyLink)} />
      <Button variant="secondary" size="sm" onClick={() => onAction("share")} aria-label={named(t.links.share)}>
        {t.links.share}
      </Button>
      <Can operation="gateway_update">
        <Button variant="secondary" size="sm" onClick={() => onAction("edit")} aria-label={named(t.common.edit)}>
          {t.common.edit}
        </Button>
      </Can>
      <Can operation="gateway_archive">
        <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" onClick={() => onAction("archive")} aria-label={named(t.links.archive)}>
          {t.links.archive}
        </Button>
      </Can>
    </div>
  );
}

"use client";

import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n/provider";
import { ShareLink } from "../../_components/share-link";

/** A link's share panel (address, QR code, WhatsApp, SMS, e-mail), from the list's or the link page's "Partager". */
export function QrDialog({ link, onClose }: { link: { url: string; name: string; amount: string } | null; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open={Boolean(link)} onClose={onClose} title={t.links.shareTitle} description={t.links.shareIntro} closeLabel={t.common.close}>
      {link && <ShareLink url={link.url} name={link.name} amount={link.amount} />}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t.common.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useI18n } from "@/lib/i18n/provider";
import type { PaymentPage } from "@/lib/query/payment-pages";
import { ShareLink } from "../../_components/share-link";
import { priceText } from "./page-words";

/** The share panel of the payment links (address, QR code, WhatsApp, SMS, e-mail) for a page. */
export function SharePageDialog({ page, onClose, title }: { page: PaymentPage | null; onClose: () => void; title?: string }) {
  const { t, lang } = useI18n();
  const w = t.paymentPages;
  return (
    <Dialog open={page !== null} onClose={onClose} title={title ?? w.share} description={w.shareIntro} closeLabel={t.common.close} size="lg">
      {page && (
        <>
          <ShareLink url={page.link} name={page.title} amount={priceText(page, lang, w.amountRange)} />
          <DialogActions>
            <Button onClick={onClose}>{t.common.done}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

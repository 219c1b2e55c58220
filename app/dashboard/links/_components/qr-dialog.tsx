"use client";

import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n/provider";

/** The link as a QR code, drawn in the browser (the qrcode package loads only when asked). */
export function QrDialog({ link, name, onClose }: { link: { url: string; name: string } | null; name?: string; onClose: () => void }) {
  const { t, format } = useI18n();
  const [svg, setSvg] = useState<{ url: string; markup: string } | null>(null);
  const url = link?.url;

  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    void import("qrcode").then(async (QRCode) => {
      const markup = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#1c1917", light: "#ffffff" } });
      if (!cancelled) setSvg({ url, markup });
    });
    return () => {
      cancelled = true;
    };
  }, [url]);

  const ready = svg && svg.url === url ? svg.markup : null;
  const alt = format(t.links.qrAlt, { name: link?.name ?? name ?? "" });
  return (
    <Dialog open={Boolean(link)} onClose={onClose} title={t.links.qrTitle} description={t.links.qrText} closeLabel={t.common.close} size="sm">
      <div className="flex flex-col items-center gap-4">
        {ready ? (
          // a data: URL drawn here, not a remote image for next/image to optimise
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ready)}`}
            alt={alt}
            width={240}
            height={240}
            className="size-60 rounded-md border border-stone-200"
            data-testid="qr-code"
          />
        ) : (
          <Skeleton className="size-60" />
        )}
        <p className="w-full truncate text-center font-mono text-xs text-stone-600">{url}</p>
      </div>
      <DialogActions>
        {ready && (
          <a href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ready)}`} download="kola-qr.svg" className={buttonClass("secondary")}>
            {t.links.download}
          </a>
        )}
        {url && <CopyButton value={url} label={t.links.copyLink} copiedLabel={t.common.copied} size="md" />}
      </DialogActions>
    </Dialog>
  );
}

"use client";

import { useEffect, useState } from "react";

/** A QR code as SVG markup (to show and print) and as a PNG data URL (what WhatsApp statuses and phone galleries take). */
export type QrCode = { svg: string; png: string };

/** `url` as a QR code, drawn in the browser (the qrcode package loads only when a code is asked for); null until ready. */
export function useQrCode(url: string | null | undefined): QrCode | null {
  const [qr, setQr] = useState<{ url: string; code: QrCode } | null>(null);
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    void import("qrcode").then(async (QRCode) => {
      const color = { dark: "#1c1917", light: "#ffffff" };
      const [svg, png] = await Promise.all([
        QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M", color }),
        // 1024 px with a quiet zone: sharp once printed or posted as a status
        QRCode.toDataURL(url, { type: "image/png", width: 1024, margin: 2, errorCorrectionLevel: "M", color }),
      ]);
      if (!cancelled) setQr({ url, code: { svg, png } });
    });
    return () => {
      cancelled = true;
    };
  }, [url]);
  return qr && qr.url === url ? qr.code : null;
}

export const svgDataUrl = (markup: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;

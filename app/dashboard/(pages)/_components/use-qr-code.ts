"use client";

import { useEffect, useState } from "react";

/** `url` as a QR code's SVG, drawn in the browser (the qrcode package loads only when a code is asked for); null until ready. */
export function useQrCode(url: string | null | undefined): string | null {
  const [svg, setSvg] = useState<{ url: string; markup: string } | null>(null);
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
  return svg && svg.url === url ? svg.markup : null;
}

export const svgDataUrl = (markup: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;

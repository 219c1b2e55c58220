"use client";

import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n/provider";
import { svgDataUrl, useQrCode } from "./use-qr-code";

/**
 * How a merchant hands a link to a customer, as Paystack's and Stripe's share panels do: the
 * address to copy, a QR code to show, print or post (PNG and SVG), and ready-made WhatsApp, SMS and e-mail messages
 * (the customer's phone opens them; nothing is sent by Kola).
 */
export function ShareLink({ url, name, amount }: { url: string; name: string; amount: string }) {
  const { t, fill } = useI18n();
  const w = t.links;
  const qr = useQrCode(url);
  const message = fill(w.shareMessage, { amount, shop: name, url });
  // « kola-qr-boutique-awa »: a file name the merchant finds again in their downloads
  const fileName = `kola-qr-${name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "lien"}`;
  const share = [
    { key: "whatsapp", label: w.shareWhatsapp, href: `https://wa.me/?text=${encodeURIComponent(message)}`, external: true },
    // "sms:?&body=" is the form both Android and iOS read
    { key: "sms", label: w.shareSms, href: `sms:?&body=${encodeURIComponent(message)}`, external: false },
    { key: "email", label: w.shareEmail, href: `mailto:?subject=${encodeURIComponent(fill(w.shareSubject, { shop: name }))}&body=${encodeURIComponent(message)}`, external: false },
  ];
  return (
    <div className="flex flex-col gap-5" data-testid="share-link">
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-stone-800">{w.shareUrl}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <p className="min-w-0 flex-1 rounded-md border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm break-all" data-testid="share-url">
            {url}
          </p>
          <CopyButton value={url} label={w.copyLink} copiedLabel={t.common.copied} size="md" data-autofocus />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-stone-800">{w.shareVia}</p>
        <ul className="grid grid-cols-3 gap-2">
          {share.map((s) => (
            <li key={s.key}>
              <a
                href={s.href}
                {...(s.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className={cn(buttonClass("secondary"), "w-full")}
                data-share={s.key}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col items-center gap-2 rounded-lg border border-stone-200 p-4 sm:flex-row sm:items-center sm:gap-5">
        {qr ? (
          // a data: URL drawn here, not a remote image for next/image to optimise
          // eslint-disable-next-line @next/next/no-img-element
          <img src={svgDataUrl(qr.svg)} alt={fill(w.qrAlt, { name })} width={176} height={176} className="size-44 shrink-0 rounded-md border border-stone-200" data-testid="qr-code" />
        ) : (
          <Skeleton className="size-44 shrink-0" />
        )}
        <div className="flex flex-col items-center gap-3 text-center sm:items-start sm:text-left">
          <p className="text-sm text-stone-600">{w.qrText}</p>
          {qr && (
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <a href={qr.png} download={`${fileName}.png`} className={buttonClass("secondary", "sm")} data-testid="qr-png">
                {w.downloadPng}
              </a>
              <a href={svgDataUrl(qr.svg)} download={`${fileName}.svg`} className={buttonClass("secondary", "sm")} data-testid="qr-svg">
                {w.download}
              </a>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { BuilderBlock } from "@/lib/form-builder/edits";
import { useI18n } from "@/lib/i18n/provider";
import { previewPage, type CheckoutFiles } from "./preview-page";

// The buyer's page of a marketplace link (/pay/m/{id}) as the buyer gets it, live as the merchant
// edits: the checkout's own renderer writes the document (./preview-page.ts) into an iframe, with
// the checkout's stylesheet. The frame runs no script (sandbox without allow-scripts) and takes no
// input (inert).

const FilesContext = createContext<CheckoutFiles>({ stylesheet: "", icon: "" });

/** Hands the previews below it the checkout's file names (the server page that renders it knows them). */
export function CheckoutFilesProvider({ files, children }: { files: CheckoutFiles; children: React.ReactNode }) {
  return <FilesContext.Provider value={files}>{children}</FilesContext.Provider>;
}

type PreviewProps = {
  name: string;
  color: string;
  logoUrl: string | null;
  /** the commission in percent, as typed ("2.5"); unreadable text counts as 0 */
  fee: string;
  currency: string;
  blocks: readonly BuilderBlock[];
  active: boolean;
};

export function CheckoutPreview({ name, color, logoUrl, fee, currency, blocks, active }: PreviewProps) {
  const { lang, t } = useI18n();
  const w = t.marketplace.preview;
  const files = useContext(FilesContext);
  const page = useMemo(
    () => previewPage({ locale: lang, name, color, logoUrl, fee, currency, blocks, seller: w.sampleSeller, files }),
    [lang, name, color, logoUrl, fee, currency, blocks, w.sampleSeller, files],
  );
  const { attach, px, measure } = useFrameHeight();

  return (
    <div data-testid="checkout-preview" className="flex flex-col gap-3">
      {!active && <p className="rounded-[10px] bg-[#fef3c7] px-3 py-2 text-[13px] text-[#78350f]">{w.inactive}</p>}
      <div inert className="overflow-hidden rounded-xl">
        <iframe
          ref={attach}
          srcDoc={page}
          onLoad={measure}
          title={w.label}
          // no allow-scripts: nothing in it runs; the same origin only so its height can be read
          sandbox="allow-same-origin"
          tabIndex={-1}
          className="block w-full border-0"
          style={{ height: px }}
        />
      </div>
    </div>
  );
}

/** The iframe as tall as its page: measured when a page loads and when the frame's size changes. */
function useFrameHeight() {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [px, setPx] = useState(720);
  const measure = useCallback(() => {
    const root = frame?.contentDocument?.documentElement;
    if (root) setPx(Math.ceil(root.getBoundingClientRect().height));
  }, [frame]);
  useEffect(() => {
    if (!frame) return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame, measure]);
  return { attach: setFrame, px, measure };
}

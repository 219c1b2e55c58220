"use client";

import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useI18n } from "@/lib/i18n/provider";
import { previewPage, type CheckoutFiles, type PreviewInput } from "./preview-page";

// The buyer's page of a marketplace link (/pay/m/{id}) as the buyer gets it, live as the merchant
// edits: the checkout's own renderer writes the document (./preview-page.ts) into an iframe, with
// the checkout's stylesheet. The frame runs no script (sandbox without allow-scripts) and takes no
// input (inert).

const FilesContext = createContext<CheckoutFiles>({ stylesheet: "", icon: "" });

/** Hands the previews below it the checkout's file names (the server page that renders it knows them). */
export function CheckoutFilesProvider({ files, children }: { files: CheckoutFiles; children: React.ReactNode }) {
  return <FilesContext.Provider value={files}>{children}</FilesContext.Provider>;
}

/** The marketplace's settings as the merchant types them (previewPage's words), and whether it sells. */
type PreviewProps = Pick<PreviewInput, "name" | "color" | "logoUrl" | "fee" | "currency" | "blocks"> & { active: boolean };

export function CheckoutPreview({ name, color, logoUrl, fee, currency, blocks, active }: PreviewProps) {
  const { lang, t } = useI18n();
  const w = t.marketplace.preview;
  const files = useContext(FilesContext);
  const page = useMemo(
    () => previewPage({ locale: lang, name, color, logoUrl, fee, currency, blocks, seller: w.sampleSeller, files }),
    [lang, name, color, logoUrl, fee, currency, blocks, w.sampleSeller, files],
  );
  const { attach, first, loaded, px } = useLivePage(page);

  return (
    <div data-testid="checkout-preview" className="flex flex-col gap-3">
      {!active && <p className="rounded-[10px] bg-[#fef3c7] px-3 py-2 text-[13px] text-[#78350f]">{w.inactive}</p>}
      <div inert className="overflow-hidden rounded-xl">
        <iframe
          ref={attach}
          srcDoc={first}
          onLoad={loaded}
          title={w.label}
          // no allow-scripts: nothing in it runs; the same origin only so the editor can write each
          // new version into it and read its height
          sandbox="allow-same-origin"
          tabIndex={-1}
          className="block w-full border-0"
          style={{ height: px }}
        />
      </div>
    </div>
  );
}

/**
 * The frame loads the first version of the page; each later one is written into its document as
 * the merchant types (no reload, so no flash and no wait), then the frame is made as tall as it.
 */
function useLivePage(page: string) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [first] = useState(page);
  // how many times the frame loaded its first version: again if it ever reloads (moved in the page)
  const [loads, setLoads] = useState(0);
  const [px, setPx] = useState(720);
  const shown = useRef(first);

  const measure = useCallback(() => {
    const root = frame?.contentDocument?.documentElement;
    if (root) setPx(Math.ceil(root.getBoundingClientRect().height));
  }, [frame]);

  useLayoutEffect(() => {
    const doc = frame?.contentDocument;
    if (!loads || !doc) return;
    if (page !== shown.current) {
      writeInto(doc, page, measure);
      shown.current = page;
    }
    // its new height once laid out (the next frame)
    const next = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(next);
  }, [frame, loads, page, measure]);

  useEffect(() => {
    if (!frame) return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame, measure]);

  const loaded = () => {
    shown.current = first;
    setLoads((n) => n + 1);
  };
  return { attach: setFrame, first, px, loaded };
}

/**
 * Replaces the frame's page with a new version: the body, and the parts of the head that changed
 * (a new theme, a new title). The frame runs no script, so nothing in the page can act on parsing.
 */
function writeInto(doc: Document, page: string, onStyled: () => void): void {
  const next = new DOMParser().parseFromString(page, "text/html");
  const before = [...doc.head.children];
  const after = [...next.head.children];
  if (before.length === after.length) {
    before.forEach((element, i) => {
      if (element.outerHTML === after[i]!.outerHTML) return;
      const fresh = doc.adoptNode(after[i]!);
      fresh.addEventListener("load", onStyled);
      element.replaceWith(fresh);
    });
  } else {
    doc.head.replaceWith(doc.adoptNode(next.head));
    doc.head.querySelectorAll("link").forEach((link) => link.addEventListener("load", onStyled));
  }
  doc.body.replaceWith(doc.adoptNode(next.body));
  doc.documentElement.lang = next.documentElement.lang;
}

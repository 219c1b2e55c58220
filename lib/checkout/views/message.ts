import type { Checkout } from "../checkout";
import { html, type Html } from "../html";
import { t, type Locale, type MessageKey } from "../i18n";
import { renderPage } from "./layout";

export type MessageKind = "notfound" | "paid" | "archived" | "inactive" | "unavailable" | "error" | "outage";

/** A page that only explains: unknown link, withdrawn link, closed shop, no live payments, an error, the database away. */
export function renderMessage(options: {
  kind: MessageKind;
  locale: Locale;
  /** the same address in the other language */
  otherLangHref: string;
  checkout?: Checkout;
  /** where "try again" goes (the error page) */
  retryHref?: string;
}): { page: Html; imageOrigins: string[] } {
  const { kind, locale, checkout } = options;
  const title = t(locale, `${kind}.title` as MessageKey);
  const body = html`<section class="state"><div class="icon info" aria-hidden="true">!</div><h1>${title}</h1><p>${t(locale, `${kind}.body` as MessageKey)}</p>${
    options.retryHref ? html`<a class="btn" href="${options.retryHref}">${t(locale, "error.retry")}</a>` : null
  }</section>`;
  return renderPage({
    locale,
    title,
    otherLangHref: options.otherLangHref,
    mode: checkout?.mode,
    branding: checkout?.branding,
    heading: checkout?.shopName,
    support: checkout?.support,
    body,
  });
}

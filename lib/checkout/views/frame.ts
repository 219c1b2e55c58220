import type { Mode } from "@/lib/core/modes";
import type { Branding } from "../checkout";
import { attrs, html, type Child, type Html } from "../html";
import { t, type Locale } from "../i18n";
import { DEFAULT_BRAND, themeFor } from "../theme";

// The document around every checkout page, as pure text: no server module on its import path, so
// the dashboard's marketplace editor draws its preview with this very function (DESIGN §7). The
// addresses of the stylesheets, icon, script and logo come resolved by the caller.

export type PageFrame = {
  locale: Locale;
  title: string;
  /** the same page in the other language */
  otherLangHref: string;
  mode?: Mode;
  /** in test mode, explain the sandbox's numbers (the form) rather than just say "test" */
  testHelp?: boolean;
  branding?: Branding | null;
  /** the name in the header when there is no marketplace (the payment link's shop) */
  heading?: string;
  /** the merchant's support contact, under the card (printed with a receipt) */
  support?: { email: string; phone: string } | null;
  /** the footer's words: `offered`, a form that takes cards too; `paying`, a card payment's own page */
  cards?: boolean | "paying";
  /** the page's script: forms and the waiting screen need it, message pages do not */
  script?: boolean;
  /** more of <head>: the waiting screen's no-script reload */
  head?: Html;
  body: Child;
};

/** Where the page's files are: the server names them by their hashes; the preview is handed them. */
export type FrameLinks = {
  stylesheet: string;
  /** the marketplace's theme stylesheet, if the page has a marketplace */
  theme: string | null;
  icon: string;
  script: string | null;
  /** the logo's address, if it may be shown */
  logo: string | null;
};

const LOCK = html`<svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24" fill="currentColor"><path d="M12 1a5 5 0 0 0-5 5v4H5v13h14V10h-2V6a5 5 0 0 0-5-5zm-3 9V6a3 3 0 0 1 6 0v4z"/></svg>`;

/** "Need help? help@shop.example · +237 6 70 00 00 00", each a link; nothing without a contact. */
function supportLine(locale: Locale, support: PageFrame["support"]): Html | null {
  if (!support) return null;
  const email = support.email ? html`<a href="mailto:${support.email}">${support.email}</a>` : null;
  const phone = support.phone ? html`<a href="tel:${support.phone.replace(/[^+\d]/g, "")}">${support.phone}</a>` : null;
  return html`<p class="help">${t(locale, "support")} ${email}${email && phone ? " · " : null}${phone}</p>`;
}

/** The whole document of a checkout page. */
export function renderFrame(frame: PageFrame, links: FrameLinks): Html {
  const { locale, branding } = frame;
  const name = branding?.name ?? frame.heading ?? "Kola";
  const color = themeFor(branding?.color ?? DEFAULT_BRAND).brand;
  const other = locale === "fr" ? "en" : "fr";
  return html`<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta name="theme-color" content="${color}"><title>${frame.title}</title><link rel="stylesheet" href="${links.stylesheet}">${
    links.theme ? html`<link rel="stylesheet" href="${links.theme}">` : null
  }<link rel="icon" href="${links.icon}">${frame.head ?? null}${links.script ? html`<script src="${links.script}" defer></script>` : null}</head><body><div class="wrap"><header class="top">${
    links.logo
      ? html`<img class="logo" src="${links.logo}" alt="" height="40">`
      : html`<span class="mark" aria-hidden="true">${[...name][0]?.toUpperCase()}</span>`
  }<span class="name">${name}</span><a class="lang"${attrs({ href: frame.otherLangHref, hreflang: other, lang: other })}>${t(locale, "lang.switch")}</a></header><main>${
    // inside <main>: every word of the page belongs to a landmark
    frame.mode === "test" ? html`<p class="test">${t(locale, frame.testHelp ? "test.banner" : "test.badge")}</p>` : null
  }<div class="card">${frame.body}</div>${supportLine(locale, frame.support)}</main><footer class="foot">${LOCK} ${t(locale, frame.cards === "paying" ? "secure.card.only" : frame.cards ? "secure.card" : "secure")} · Kola</footer></div></body></html>`;
}

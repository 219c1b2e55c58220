import { formatMoney } from "@/lib/core/money";
import { fill } from "@/lib/core/fill";
import { formatDateTime } from "@/lib/countries/format";
import { receiptsEn } from "@/lib/i18n/receipts-en";
import { receiptsFr, type ReceiptWords } from "@/lib/i18n/receipts-fr";
import { attrs, html, type Html } from "@/lib/checkout/html";
import type { Locale } from "@/lib/checkout/i18n";
import { renderPage } from "@/lib/checkout/views/layout";
import type { Receipt } from "./find-receipt";

// The public receipt check's pages: the checkout's light document (no script, its stylesheet), with
// Kola's name in the header (a receipt is checked by someone who is not the shop's customer).

const WORDS: Record<Locale, ReceiptWords> = { fr: receiptsFr, en: receiptsEn };
export const wordsOf = (locale: Locale): ReceiptWords => WORDS[locale];

type Page = { locale: Locale; otherLangHref: string };
type Rendered = { page: Html };

function page({ locale, otherLangHref }: Page, title: string, body: Html): Rendered {
  return { page: renderPage({ locale, title, otherLangHref, heading: "Kola", body }).page };
}

/** The address of the form, in the page's language when one was chosen. */
const formPath = (locale: Locale) => `/r?lang=${locale}`;

/** The code form: what was typed, and why it cannot be a code. */
function lookupForm(locale: Locale, typed: string, error: string | null): Html {
  const w = wordsOf(locale);
  const described = error ? "code-hint err-code" : "code-hint";
  return html`<form class="lookup" method="get" action="/r"><input type="hidden" name="lang" value="${locale}"><div class="field${error ? " bad" : ""}"><label for="code">${w.formLabel}</label><p class="hint" id="code-hint">${w.formHint}</p><input${attrs({
    id: "code",
    name: "code",
    value: typed,
    required: true,
    maxlength: 40,
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    "aria-describedby": described,
    "aria-invalid": error ? "true" : null,
  })}>${error ? html`<p class="err" id="err-code" role="alert">${error}</p>` : null}</div><button type="submit" class="btn">${w.formSubmit}</button></form>`;
}

/** GET /r: the form, and a code that could not be one. */
export function renderLookup(p: Page & { typed?: string; error?: string | null }): Rendered {
  const w = wordsOf(p.locale);
  const body = html`<section class="state"><h1>${w.title}</h1><p>${w.formIntro}</p></section>${lookupForm(p.locale, p.typed ?? "", p.error ?? null)}`;
  return page(p, w.title, body);
}

function statusOf(receipt: Receipt, locale: Locale): { label: string; alert: string | null } {
  const w = wordsOf(locale);
  const refunded = formatMoney(receipt.refundedAmount, receipt.currency, locale);
  if (receipt.refundedAmount <= 0) return { label: w.paid, alert: null };
  if (receipt.refundedAmount >= receipt.amount) return { label: w.refunded, alert: w.refundedAlert };
  return { label: fill(w.partlyRefunded, { amount: refunded }), alert: fill(w.partlyRefundedAlert, { amount: refunded }) };
}

const fact = (label: string, value: string) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`;

/** GET /r/{code} of a success: what it proves. A test-mode payment says so before anything else. */
export function renderReceiptCheck(p: Page & { code: string; receipt: Receipt }): Rendered {
  const { locale, receipt } = p;
  const w = wordsOf(locale);
  const test = receipt.mode === "test";
  const status = statusOf(receipt, locale);
  const head = test
    ? html`<div class="icon ko" aria-hidden="true">!</div><h1 class="loud">${w.testTitle}</h1><p><strong>${w.testBody}</strong></p>`
    : html`<div class="icon ${status.alert ? "info" : "ok"}" aria-hidden="true">${status.alert ? "!" : "✓"}</div><h1>${w.valid}</h1><p>${w.validBody}</p>`;
  const body = html`<section class="state receipt">${head}<p class="rc">${p.code}</p>${status.alert ? html`<p class="alert" role="alert">${status.alert}</p>` : null}<dl class="facts">${[
    fact(w.amount, formatMoney(receipt.amount, receipt.currency, locale)),
    fact(w.shop, receipt.shop),
    receipt.seller ? fact(w.seller, receipt.seller) : null,
    fact(w.date, formatDateTime(receipt.at, locale, receipt.country)),
    fact(w.status, status.label),
  ]}</dl><p class="hint">${w.compare}</p><a class="btn alt" href="${formPath(locale)}">${w.another}</a></section>`;
  return page(p, test ? w.testTitle : w.valid, body);
}

/** GET /r/{code} of no success: the same words for a code nobody was given and one that cannot be a code. */
export function renderUnknown(p: Page & { typed: string; malformed: boolean }): Rendered {
  const w = wordsOf(p.locale);
  const body = html`<section class="state"><div class="icon ko" aria-hidden="true">✕</div><h1>${w.notFoundTitle}</h1><p>${w.notFoundBody}</p></section>${lookupForm(p.locale, p.typed, p.malformed ? w.malformed : null)}`;
  return page(p, w.notFoundTitle, body);
}

export type TroubleKind = "limited" | "outage" | "error";

/** Too many lookups (with the wait), the database away, or anything else. */
export function renderTrouble(p: Page & { kind: TroubleKind; retryAfter?: number }): Rendered {
  const w = wordsOf(p.locale);
  const words: Record<TroubleKind, [string, string]> = { limited: [w.limitedTitle, w.limitedBody], outage: [w.outageTitle, w.outageBody], error: [w.errorTitle, w.errorBody] };
  const [title, text] = words[p.kind];
  const minutes = Math.max(1, Math.ceil((p.retryAfter ?? 60) / 60));
  const body = html`<section class="state"><div class="icon info" aria-hidden="true">!</div><h1>${title}</h1><p>${fill(text, { minutes })}</p></section>`;
  return page(p, title, body);
}

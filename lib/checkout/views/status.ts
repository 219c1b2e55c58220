import { operatorObject } from "@/lib/countries";
import { isCardOperator } from "@/lib/core/cards";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import type { FormBlock } from "@/lib/core/form-block-shape";
import { retryPath, statusApiPath, waitPath, type Checkout } from "../checkout";
import type { BuyerDetails } from "../queries";
import { formatWait } from "../format";
import { formatMoney } from "@/lib/core/money";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { receiptCheckUrl } from "@/lib/deposits/receipt-code";
import { invoicePath } from "@/lib/invoices/present";
import { maskedPhone, formatPhone, formatDateTime } from "@/lib/countries/format";
import { failureReasonKey, isCardOutage } from "../failure-reason";
import { html, type Child, type Html } from "../html";
import { t, type Locale, type MessageKey } from "../i18n";
import { intlLocale } from "@/lib/core/languages";
import { renderPage } from "./layout";

// The screens after a submit: waiting for the buyer's approval, the receipt, the failure.

type Model = { checkout: Checkout; deposit: DepositRow; locale: Locale };

/** The waiting page, and if the buyer tried to give the attempt up too early, how long is left. */
type WaitingModel = Model & { giveUpIn?: number };
type Rendered = { page: Html; imageOrigins: string[] };

// Operators whose buyers approve in an app rather than with a PIN prompt (USSD push).
const APP_OPERATORS = new Set(["Wave"]);

function frame(model: Model, title: string, body: Html, extra: { script?: boolean; head?: Html } = {}): Rendered {
  const { checkout, deposit, locale } = model;
  return renderPage({
    locale,
    title,
    otherLangHref: waitPath(checkout, deposit.trackId, locale === "fr" ? "en" : "fr"),
    mode: checkout.mode,
    branding: checkout.branding,
    heading: checkout.shopName,
    support: checkout.support,
    // a card payment's own pages say a card's words under them
    ...(isCardOperator(deposit.operator) ? { cards: "paying" as const } : {}),
    body,
    ...extra,
  });
}

const reference = (locale: Locale, trackId: string) =>
  html`<div><dt>${t(locale, "reference")}</dt><dd><code class="ref">${trackId}</code></dd></div>`;

export function renderWaiting(model: WaitingModel): Rendered {
  const { deposit, locale } = model;
  const operator = operatorObject(deposit.operator).name;
  const amount = formatMoney(deposit.amount, deposit.currency, locale);
  // "sent to your phone" only once a provider took the request
  const card = isCardOperator(deposit.operator);
  const prompt = card
    ? t(locale, "wait.card", { amount })
    : !deposit.providerReference
    ? t(locale, "wait.sending", { operator })
    : t(locale, APP_OPERATORS.has(operator) ? "wait.prompt.app" : "wait.prompt", {
        amount,
        phone: formatPhone(deposit.phoneNumber),
        operator,
      });
  // a card payment waits for the bank's answer: no phone to approve on, no other number to use
  const body = html`<section class="state" id="wait" data-status="${statusApiPath(deposit.trackId)}"><div class="spin" aria-hidden="true"></div><h1>${t(locale, card ? "wait.card.title" : "wait.title")}</h1><p>${prompt}</p><p class="status" role="status">${t(locale, "wait.status")}</p><dl class="facts"><div><dt>${t(locale, "receipt.amount")}</dt><dd>${amount}</dd></div>${reference(locale, deposit.trackId)}</dl><p class="hint">${t(locale, "wait.auto")}</p>${card ? null : html`<p class="hint">${t(locale, "wait.nothing")}</p>${giveUp(model)}`}</section>`;
  return frame(model, t(locale, "page.waiting"), body, {
    script: true,
    // without JavaScript the page reloads itself; the script polls the status instead
    head: html`<noscript><meta http-equiv="refresh" content="3"></noscript>`,
  });
}

/**
 * "Use another number": a plain form post (with or without the script); the server decides
 * whether the attempt may be given up yet and says so.
 */
function giveUp({ checkout, deposit, locale, giveUpIn }: WaitingModel): Html {
  if (deposit.abandonedAt) return html``;
  return html`<form class="other" method="post" action="${waitPath(checkout, deposit.trackId, locale)}">${
    giveUpIn ? html`<p class="alert" role="alert">${t(locale, "wait.other.early", { wait: formatWait(giveUpIn) })}</p>` : null
  }<p class="hint">${t(locale, "wait.other.hint")}</p><button type="submit" class="btn alt">${t(locale, "wait.other")}</button></form>`;
}

/** A receipt: the attempt's own facts, and on a marketplace link what the buyer typed. */
type ReceiptModel = Model & { buyer?: BuyerDetails };

/** An answer as the buyer gave it, in words: "Oui" for a ticked box, an option's name, a date in the page's language. */
function answerText(block: FormBlock | undefined, value: string, locale: Locale): string {
  if (block?.fieldType === "checkbox") return t(locale, value === "on" || value === "true" ? "receipt.yes" : "receipt.no");
  if (block?.fieldType === "select") return block.fieldOptions.find((o) => o.value === value)?.name ?? value;
  if (block?.fieldType === "date" && /^\d{4}-\d\d-\d\d$/.test(value)) {
    return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));
  }
  return value;
}

const fact = (label: string, value: Child, long = false) => html`<div${long ? html` class="long"` : null}><dt>${label}</dt><dd>${value}</dd></div>`;

/** The public receipt code, big, and where the seller checks it (a success from before codes has none). */
function receiptCode(deposit: DepositRow, locale: Locale): Html | null {
  if (!deposit.receiptCode) return null;
  const url = receiptCheckUrl(deposit.receiptCode);
  return html`<div class="code"><p class="label">${t(locale, "receipt.code")}</p><p class="rc">${formatReceiptCode(deposit.receiptCode)}</p><p class="hint">${t(locale, "receipt.code.check")} <a href="${url}">${url}</a></p></div>`;
}

/** A payment on an invoice: back to the invoice, its status and balance (the payer's own page; the public receipt check never shows the invoice). */
function invoiceLink(deposit: DepositRow, locale: Locale): Html | null {
  if (!deposit.invoiceId) return null;
  return html`<a class="btn alt noprint" href="${invoicePath(deposit.invoiceId)}?lang=${locale}" data-invoice-link>${t(locale, "receipt.invoice")}</a>`;
}

export function renderReceipt(model: ReceiptModel): Rendered {
  const { checkout, deposit, locale, buyer } = model;
  const amount = formatMoney(deposit.amount, deposit.currency, locale);
  const blocks = new Map(checkout.blocks.map((b) => [b.fieldName, b]));
  const answers = (buyer?.answers ?? []).filter((a) => a.value !== "");
  const market = checkout.branding;
  const facts = [
    fact(t(locale, "receipt.amount"), amount),
    checkout.message ? fact(t(locale, "receipt.bought"), checkout.message, true) : null,
    fact(t(locale, market ? "receipt.seller" : "receipt.shop"), checkout.shopName),
    market ? fact(t(locale, "receipt.marketplace"), market.name) : null,
    checkout.orderId ? fact(t(locale, "receipt.order"), checkout.orderId) : null,
    buyer ? fact(t(locale, "receipt.buyer"), buyer.fullName) : null,
    fact(t(locale, "receipt.method"), `${isCardOperator(deposit.operator) ? t(locale, "card.option") : operatorObject(deposit.operator).name} · ${maskedPhone(deposit.phoneNumber)}`),
    fact(t(locale, "receipt.date"), formatDateTime(deposit.completedAt ?? deposit.createdAt, locale, deposit.country)),
    reference(locale, deposit.trackId),
  ];
  const answered = answers.length
    ? html`<h2 class="sec">${t(locale, "receipt.answers")}</h2><dl class="facts">${answers.map((a) =>
        fact(blocks.get(a.fieldName)?.fieldLabel ?? a.fieldName, answerText(blocks.get(a.fieldName), a.value, locale), true),
      )}</dl>`
    : null;
  // the print button needs the script (window.print): without it the browser's own menu prints the same page
  const body = html`<section class="state receipt"><div class="icon ok" aria-hidden="true">✓</div><h1>${t(locale, "receipt.title")}</h1><p>${t(locale, "receipt.body", { shop: checkout.shopName, amount })}</p>${receiptCode(deposit, locale)}<dl class="facts">${facts}</dl>${answered}<p class="hint">${t(locale, "receipt.keep")}</p>${invoiceLink(deposit, locale)}<button type="button" class="btn alt noprint" id="print" hidden>${t(locale, "receipt.print")}</button></section>`;
  return frame(model, t(locale, "page.receipt"), body, { script: true });
}

function failureReason(deposit: DepositRow): MessageKey {
  // CinetPay's card channel out of order (an error, or nobody answering): the buyer may pay by mobile money
  if (isCardOutage(deposit)) return "card.unavailable";
  // a card's refusal comes from the bank (funds, 3-D Secure, a blocked card): the mobile-money words would mislead
  if (isCardOperator(deposit.operator) && deposit.status === "failed") return "failed.card";
  return failureReasonKey(deposit.status, deposit.failureReason);
}

export function renderFailure(model: Model): Rendered {
  const { checkout, deposit, locale } = model;
  const body = html`<section class="state"><div class="icon ko" aria-hidden="true">✕</div><h1>${t(locale, "failed.title")}</h1><p>${t(locale, failureReason(deposit))} ${t(locale, "failed.nothing_taken")}</p><dl class="facts">${reference(locale, deposit.trackId)}</dl><a class="btn" href="${retryPath(checkout, deposit.trackId, locale)}">${t(locale, "failed.retry")}</a></section>`;
  return frame(model, t(locale, "failed.title"), body);
}

/**
 * A finished payment met again by a form post (a re-sent form): the merchant's URL is reached by
 * a plain link and a meta refresh, since CSP form-action would stop a redirect chain from a form.
 */
export function renderContinue(model: Model, url: string, title: MessageKey = "continue.title"): Rendered {
  const { locale } = model;
  const body = html`<section class="state"><h1>${t(locale, title)}</h1><a class="btn" href="${url}">${t(locale, "continue.link")}</a></section>`;
  return frame(model, t(locale, title), body, { head: html`<meta http-equiv="refresh" content="0;url=${url}">` });
}

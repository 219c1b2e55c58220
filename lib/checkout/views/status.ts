import { operatorObject } from "@/lib/countries";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { pagePath, statusApiPath, waitPath, type Checkout } from "../checkout";
import { formatAmount, formatDateTime, formatPhone, formatWait, maskedPhone } from "../format";
import { html, type Html } from "../html";
import { t, type Locale, type MessageKey } from "../i18n";
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
    body,
    ...extra,
  });
}

const reference = (locale: Locale, trackId: string) =>
  html`<div><dt>${t(locale, "reference")}</dt><dd><code class="ref">${trackId}</code></dd></div>`;

export function renderWaiting(model: WaitingModel): Rendered {
  const { deposit, locale } = model;
  const operator = operatorObject(deposit.operator).name;
  const amount = formatAmount(deposit.amount, deposit.currency, locale);
  const prompt = t(locale, APP_OPERATORS.has(operator) ? "wait.prompt.app" : "wait.prompt", {
    amount,
    phone: formatPhone(deposit.phoneNumber),
    operator,
  });
  const body = html`<section class="state" id="wait" data-status="${statusApiPath(deposit.trackId)}"><div class="spin" aria-hidden="true"></div><h1>${t(locale, "wait.title")}</h1><p>${prompt}</p><p class="status" role="status">${t(locale, "wait.status")}</p><dl class="facts"><div><dt>${t(locale, "receipt.amount")}</dt><dd>${amount}</dd></div>${reference(locale, deposit.trackId)}</dl><p class="hint">${t(locale, "wait.auto")}</p><p class="hint">${t(locale, "wait.nothing")}</p>${giveUp(model)}</section>`;
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

export function renderReceipt(model: Model): Rendered {
  const { checkout, deposit, locale } = model;
  const amount = formatAmount(deposit.amount, deposit.currency, locale);
  const body = html`<section class="state"><div class="icon ok" aria-hidden="true">✓</div><h1>${t(locale, "receipt.title")}</h1><p>${t(locale, "receipt.body", { shop: checkout.shopName, amount })}</p><dl class="facts"><div><dt>${t(locale, "receipt.amount")}</dt><dd>${amount}</dd></div><div><dt>${t(locale, "receipt.shop")}</dt><dd>${checkout.shopName}</dd></div>${
    checkout.orderId ? html`<div><dt>${t(locale, "receipt.order")}</dt><dd>${checkout.orderId}</dd></div>` : null
  }<div><dt>${t(locale, "receipt.method")}</dt><dd>${operatorObject(deposit.operator).name} · ${maskedPhone(deposit.phoneNumber)}</dd></div><div><dt>${t(locale, "receipt.date")}</dt><dd>${formatDateTime(deposit.completedAt ?? deposit.createdAt, locale)}</dd></div>${reference(locale, deposit.trackId)}</dl><p class="hint">${t(locale, "receipt.keep")}</p></section>`;
  return frame(model, t(locale, "page.receipt"), body);
}

function failureReason(deposit: DepositRow): MessageKey {
  if (deposit.status === "expired") return "failed.expired";
  const known: Record<string, MessageKey> = {
    insufficient_funds: "failed.insufficient_funds",
    refused_by_payer: "failed.refused_by_payer",
    provider_error: "failed.provider_error",
    payer_not_found: "failed.payer_not_found",
    payer_limit_reached: "failed.payer_limit_reached",
    amount_out_of_bounds: "failed.amount_out_of_bounds",
    operator_unavailable: "failed.operator_unavailable",
    no_answer_from_payer: "failed.expired",
  };
  return known[deposit.failureReason ?? ""] ?? "failed.other";
}

export function renderFailure(model: Model): Rendered {
  const { checkout, deposit, locale } = model;
  const body = html`<section class="state"><div class="icon ko" aria-hidden="true">✕</div><h1>${t(locale, "failed.title")}</h1><p>${t(locale, failureReason(deposit))} ${t(locale, "failed.nothing_taken")}</p><dl class="facts">${reference(locale, deposit.trackId)}</dl><a class="btn" href="${pagePath(checkout, locale)}">${t(locale, "failed.retry")}</a></section>`;
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

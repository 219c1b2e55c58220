import { isRetryLater } from "@/lib/db/availability";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { isTrackId, normalizeTrackId } from "@/lib/deposits/track-id";
import { clientAddress } from "@/lib/http/client-address";
import { ApiError } from "@/lib/core/errors";
import { isTerminal } from "@/lib/payments/status";
import { GIVE_UP_AFTER_SECONDS } from "@/lib/payments/expiry";
import { giveUpAttempt } from "@/lib/payments/give-up-attempt";
import { OperatorUnreachable } from "@/lib/payments/offer-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { findPageOfGateway } from "@/lib/payment-pages/queries";
import { findInvoiceOfGateway } from "@/lib/invoices/queries";
import { findAsset } from "./assets";
import { payerCookie, payerTrackId } from "./payer-cookie";
import { buyerAnswerOf, unreachableWords, type BuyerAnswer } from "./buyer-answer";
import { linkState, loadCheckout, pagePath, waitPath, type Checkout, type Kind, type LinkState } from "./checkout";
import type { Html } from "./html";
import { nationalPhone } from "@/lib/countries/format";
import { emptyValues, readSubmission, type FormValues } from "./form-input";
import { pickLocale, t, type Locale } from "./i18n";
import { findBuyerDetails, findCardPayer, findDeposit } from "./queries";
import { isCardOperator } from "@/lib/core/cards";
import { isCardOutage } from "./failure-reason";
import { checkoutRoute, htmlResponse, jsonWithCheckoutHeaders, seeOther } from "./respond";
import { buildReturnUrl } from "./return-url";
import { renderForm } from "./views/form";
import { renderMessage, type MessageKind } from "./views/message";
import { renderContinue, renderFailure, renderReceipt, renderWaiting } from "./views/status";

// The checkout's route handlers (DESIGN §7); the files under app/pay and app/api/checkout only
// export them. Pages answer whole HTML documents; the JSON endpoints serve the page's script.

type Rendered = { page: Html; imageOrigins: string[] };

const send = ({ page, imageOrigins }: Rendered, status = 200) => htmlResponse(page, { status, imageOrigins });

function localeOf(req: Request): { url: URL; locale: Locale } {
  const url = new URL(req.url);
  return { url, locale: pickLocale(url, req.headers.get("accept-language")) };
}

const otherLang = (url: URL, locale: Locale) => `${url.pathname}?lang=${locale === "fr" ? "en" : "fr"}`;

function messagePage(kind: MessageKind, status: number, url: URL, locale: Locale, checkout?: Checkout): Response {
  const retryHref = kind === "error" || kind === "outage" ? `${url.pathname}${url.search}` : undefined;
  return send(renderMessage({ kind, locale, otherLangHref: otherLang(url, locale), checkout, retryHref }), status);
}

/** A page's error: "try again in a moment" while the database is away or busy (503, Retry-After), else the generic error page. */
const errorPage = (req: Request, error: unknown) => {
  const { url, locale } = localeOf(req);
  if (isRetryLater(error)) return withRetryAfter(messagePage("outage", 503, url, locale), error);
  return messagePage("error", 500, url, locale);
};

/** The JSON endpoints' error: while the database is away the page's script shows the buyer's words. */
const internalError = (req: Request, error: unknown) => {
  if (isRetryLater(error)) {
    const message = t(localeOf(req).locale, "outage.body");
    return withRetryAfter(jsonWithCheckoutHeaders({ ...error.body, message, errors: { form: message } }, 503), error);
  }
  return jsonWithCheckoutHeaders(new ApiError("INTERNAL_ERROR").body, 500);
};

function withRetryAfter(response: Response, error: ApiError): Response {
  response.headers.set("retry-after", error.headers?.["retry-after"] ?? "1");
  return response;
}

const CLOSED = {
  not_found: ["notfound", 404],
  archived: ["archived", 410],
  inactive: ["inactive", 409],
  unavailable: ["unavailable", 503],
} as const;

/**
 * The page of a link that cannot take a payment now, and why. A paid link shows its receipt only
 * to the browser that paid (payer-cookie.ts); anyone else holding the address reads « Ce lien a
 * déjà été payé », without amount, purchase or reference: a "paid" screen is not for show.
 */
async function closedPage(req: Request, state: Exclude<LinkState, { state: "open" }>, url: URL, locale: Locale): Promise<Response> {
  if (state.state === "paid") {
    const own = await payersAttempt(req, state.checkout);
    if (own) return send(await receipt(state.checkout, own, locale));
    return messagePage("paid", 200, url, locale, state.checkout);
  }
  const [kind, status] = CLOSED[state.state];
  return messagePage(kind, status, url, locale, "checkout" in state ? state.checkout : undefined);
}

/** The success this browser paid on the link (its cookie's attempt), if it paid it. */
async function payersAttempt(req: Request, checkout: Checkout): Promise<DepositRow | undefined> {
  const trackId = payerTrackId(req);
  const found = trackId ? await findAttempt(checkout.kind, checkout.id, trackId) : undefined;
  return found?.deposit.status === "success" ? found.deposit : undefined;
}

/** A success's receipt, with what the buyer of a marketplace link typed. */
async function receipt(checkout: Checkout, deposit: DepositRow, locale: Locale) {
  const buyer = checkout.kind === "market" ? await findBuyerDetails(deposit.id) : undefined;
  return renderReceipt({ checkout, deposit, locale, buyer });
}

/**
 * The form a new attempt starts from: empty, or after a failed attempt (`?from=<track_id>`, the
 * failure page's "try again") everything the buyer typed for it, read back from the attempt itself,
 * so it works the same with or without the page's script. A fresh client token: a new attempt.
 */
async function startingValues(checkout: Checkout, from: string | null): Promise<FormValues> {
  const empty = emptyValues(checkout.defaultCountry);
  const found = from ? await findAttempt(checkout.kind, checkout.id, from) : undefined;
  if (!found || found.deposit.status === "success") return empty;
  const { deposit } = found;
  const buyer = checkout.kind === "market" ? await findBuyerDetails(deposit.id) : undefined;
  const card = isCardOperator(deposit.operator) ? await findCardPayer(deposit.id) : undefined;
  return {
    ...empty,
    ...(card ? { card } : {}),
    country: deposit.country,
    // cards out of order: the buyer comes back to choose mobile money
    operator: isCardOutage(deposit) ? "" : deposit.operator,
    phone: card ? `+${deposit.phoneNumber}` : nationalPhone(deposit.phoneNumber),
    full_name: buyer?.fullName ?? "",
    email: buyer?.email ?? "",
    answers: Object.fromEntries((buyer?.answers ?? []).map((a) => [a.fieldName, a.value])),
  };
}

function formPage(checkout: Checkout, locale: Locale, values: FormValues, errors: Record<string, string> = {}, status = 200) {
  return send(renderForm({ checkout, locale, values, errors }), status);
}

/** GET /pay/{id} and /pay/m/{id}: the form, or the page that says why there is none. */
export function showCheckout(kind: Kind) {
  return checkoutRoute<{ id: string }>(async (req, { id }) => {
    const { url, locale } = localeOf(req);
    const state = await linkState(kind, id);
    // a payment page's payment: a new attempt starts from its page, where its units are counted
    if (state.state !== "not_found" && state.state !== "paid" && state.checkout.target.kind === "link" && state.checkout.target.gateway.origin === "page") {
      const pageId = await findPageOfGateway(id);
      if (pageId) return seeOther(`/pp/${pageId}?lang=${locale}`);
    }
    // an invoice's payment: a new one starts from the invoice, where its balance is counted
    if (state.state !== "not_found" && state.state !== "paid" && state.checkout.target.kind === "link" && state.checkout.target.gateway.origin === "invoice") {
      const invoiceId = await findInvoiceOfGateway(id);
      if (invoiceId) return seeOther(`/i/${invoiceId}?lang=${locale}`);
    }
    if (state.state !== "open") return closedPage(req, state, url, locale);
    return formPage(state.checkout, locale, await startingValues(state.checkout, url.searchParams.get("from")));
  }, errorPage);
}

/** Where a finished payment takes the buyer: the merchant's URL for its outcome, if any. */
function returnUrlFor(checkout: Checkout, deposit: DepositRow): string | null {
  if (!isTerminal(deposit.status)) return null;
  const base = deposit.status === "success" ? checkout.successUrl : checkout.failureUrl;
  if (!base) return null;
  return buildReturnUrl(base, { order_id: checkout.orderId, gateway_id: checkout.id, track_id: deposit.trackId, status: deposit.status });
}

/** POST /pay/{id} and /pay/m/{id}: the form without JavaScript; 303 to the waiting page. */
export function submitCheckoutForm(kind: Kind) {
  return checkoutRoute<{ id: string }>(async (req, { id }) => {
    const { url, locale } = localeOf(req);
    const checkout = await loadCheckout(kind, id);
    if (!checkout) return messagePage("notfound", 404, url, locale);
    let typed = emptyValues(checkout.defaultCountry);
    try {
      const { input, values } = await readSubmission(req, kind);
      typed = values ?? typed;
      const deposit = await startPayment(checkout.target, inLanguage(input, locale), clientAddress(req));
      // a redirect flow (CinetPay): the buyer pays on the provider's page (a page, not a 303: form-action 'self')
      if (deposit.redirectUrl) return send(renderContinue({ checkout, deposit, locale }, deposit.redirectUrl, "continue.provider"));
      const back = returnUrlFor(checkout, deposit);
      if (back) return send(renderContinue({ checkout, deposit, locale }, back));
      return seeOther(waitPath(checkout, deposit.trackId, locale));
    } catch (error) {
      const answer = buyerAnswerOf(error, { checkout, locale, country: typed.country, operator: typed.operator });
      if (!answer) throw error;
      // paid, withdrawn, closed or without live payments meanwhile: the page itself says which
      if (answer.to === "page") return seeOther(answer.next);
      const page = formPage(checkout, locale, { ...typed, client_token: answer.clientToken ?? typed.client_token }, answer.errors, answer.status);
      if (answer.retryAfter !== undefined && answer.retryAfterOnPage) page.headers.set("retry-after", String(answer.retryAfter));
      return page;
    }
  }, errorPage);
}

/** POST /api/checkout/pay/{id} and /api/checkout/pay/m/{id}: the page's script submits here. */
export function submitCheckoutJson(kind: Kind) {
  return checkoutRoute<{ id: string }>(async (req, { id }) => {
    const { locale } = localeOf(req);
    const checkout = await loadCheckout(kind, id);
    if (!checkout) return jsonWithCheckoutHeaders(new ApiError("GATEWAY_NOT_FOUND").body, 404);
    let submitted: Awaited<ReturnType<typeof readSubmission>> = { input: {}, values: null };
    try {
      submitted = await readSubmission(req, kind);
      const deposit = await startPayment(checkout.target, inLanguage(submitted.input, locale), clientAddress(req));
      const next = deposit.redirectUrl ?? waitPath(checkout, deposit.trackId, locale);
      return jsonWithCheckoutHeaders({ track_id: deposit.trackId, status: deposit.status, next });
    } catch (error) {
      if (isRetryLater(error)) throw error; // the buyer's "try again in a moment" (internalError)
      const { input, values } = submitted;
      const country = values?.country ?? String((input as { country?: unknown }).country ?? "");
      const operator = values?.operator ?? String((input as { operator?: unknown }).operator ?? "");
      const answer = buyerAnswerOf(error, { checkout, locale, country, operator });
      if (!answer) throw error;
      return scriptAnswer(answer);
    }
  }, internalError);
}

/** The submission with the page's language, which the buyer's receipt mail is written in. */
function inLanguage(input: unknown, locale: Locale): Parameters<typeof startPayment>[1] {
  const object = input && typeof input === "object" && !Array.isArray(input);
  return (object ? { ...input, lang: locale } : input) as Parameters<typeof startPayment>[1];
}

/** A buyer's answer as the page's script reads it: the error table's body and the buyer's words. */
function scriptAnswer(answer: BuyerAnswer): Response {
  if (answer.to === "page") return jsonWithCheckoutHeaders({ ...answer.body, next: answer.next }, answer.status);
  const res = jsonWithCheckoutHeaders(
    {
      ...answer.body,
      ...(answer.unreachable ? { unreachable: true } : {}),
      message: answer.message,
      errors: answer.errors,
      ...(answer.clientToken ? { client_token: answer.clientToken } : {}),
      ...(answer.retryAfter !== undefined ? { retry_after: answer.retryAfter } : {}),
    },
    answer.status,
  );
  if (answer.retryAfter !== undefined) res.headers.set("retry-after", String(answer.retryAfter));
  return res;
}

/** A link's checkout and one of its attempts, by track_id; undefined when either is unknown or they do not belong together. */
async function findAttempt(kind: Kind, id: string, trackId: string): Promise<{ checkout: Checkout; deposit: DepositRow } | undefined> {
  const checkout = await loadCheckout(kind, id);
  const deposit = checkout && isTrackId(trackId) ? await findDeposit(normalizeTrackId(trackId)) : undefined;
  const owner = deposit && (kind === "link" ? deposit.paymentGatewayId : deposit.marketplaceGatewayId);
  return checkout && deposit && owner === checkout.id ? { checkout, deposit } : undefined;
}

/** GET /pay/{id}/{track_id} and /pay/m/{id}/{track_id}: waiting, then the merchant's URL or a receipt. */
export function showPayment(kind: Kind) {
  return checkoutRoute<{ id: string; track_id: string }>(async (req, { id, track_id }) => {
    const { url, locale } = localeOf(req);
    const found = await findAttempt(kind, id, track_id);
    if (!found) return messagePage("notfound", 404, url, locale);
    const response = await attemptPage(url, locale, found);
    // this browser holds the attempt's address: it is the payer's, and may see the link's receipt later
    if (kind === "link") response.headers.append("set-cookie", payerCookie(req, found.checkout.id, found.deposit.trackId));
    return response;
  }, errorPage);
}

/** An attempt's own page: waiting, the merchant's URL, the receipt or the failure. */
async function attemptPage(url: URL, locale: Locale, { checkout, deposit }: { checkout: Checkout; deposit: DepositRow }): Promise<Response> {
  const model = { checkout, deposit, locale };
  if (deposit.status === "pending" && !deposit.providerReference && deposit.abandonedAt) {
    // no provider took it (the page was reached anyway: a reload, a shared link): the form, as typed
    const values = await startingValues(checkout, deposit.trackId);
    return formPage(checkout, locale, values, { form: unreachableWords(new OperatorUnreachable(deposit), locale) }, 503);
  }
  if (deposit.status === "pending") {
    // back from a "use another number" that came too early: how long is left
    const left = url.searchParams.get("other") === "early" ? GIVE_UP_AFTER_SECONDS - (Date.now() - deposit.createdAt.getTime()) / 1000 : 0;
    return send(renderWaiting({ ...model, giveUpIn: left > 0 ? left : undefined }));
  }
  const back = returnUrlFor(checkout, deposit);
  if (back) return seeOther(back);
  return send(deposit.status === "success" ? await receipt(checkout, deposit, locale) : renderFailure(model));
}

/**
 * POST /pay/{id}/{track_id} and /pay/m/{id}/{track_id}: "use another number" on the waiting page.
 * Given up: 303 to a fresh form. Finished meanwhile: 303 to this page (it shows the outcome). Too
 * early (the buyer can still approve it): 303 to this page, which says how long is left.
 */
export function giveUpPayment(kind: Kind) {
  return checkoutRoute<{ id: string; track_id: string }>(async (req, { id, track_id }) => {
    const { url, locale } = localeOf(req);
    const found = await findAttempt(kind, id, track_id);
    if (!found) return messagePage("notfound", 404, url, locale);
    const { checkout, deposit } = found;
    const { outcome } = await giveUpAttempt(deposit);
    if (outcome === "given_up") return seeOther(pagePath(checkout, locale));
    const back = waitPath(checkout, deposit.trackId, locale);
    return seeOther(outcome === "too_early" ? `${back}&other=early` : back);
  }, errorPage);
}

/** GET /api/checkout/status/{track_id}: what the waiting page's script polls (the track_id is the key). */
export const paymentStatus = checkoutRoute<{ track_id: string }>(async (_req, { track_id }) => {
  const deposit = isTrackId(track_id) ? await findDeposit(normalizeTrackId(track_id)) : undefined;
  if (!deposit) return jsonWithCheckoutHeaders(new ApiError("DEPOSIT_NOT_FOUND").body, 404);
  return jsonWithCheckoutHeaders({ track_id: deposit.trackId, status: deposit.status });
}, internalError);

/** GET /pay/assets/{file}: the checkout's stylesheet, script and icon, cached for good under hashed names. */
export const checkoutAsset = checkoutRoute<{ file: string }>(
  async (_req, { file }) => {
    const asset = findAsset(file);
    if (!asset) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" } });
    return new Response(typeof asset.body === "string" ? asset.body : new Uint8Array(asset.body), {
      headers: {
        "content-type": asset.contentType,
        "cache-control": asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
        "x-content-type-options": "nosniff",
        "cross-origin-resource-policy": "same-origin",
      },
    });
  },
  () => new Response("Internal Server Error", { status: 500 }),
);

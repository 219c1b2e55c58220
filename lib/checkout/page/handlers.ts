import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { fill } from "@/lib/core/fill";
import { parseAmount } from "@/lib/core/amount-text";
import { formatMoney } from "@/lib/core/money";
import { isCountry } from "@/lib/countries";
import { readBody, readFormEntries } from "@/lib/http/body";
import { clientAddress } from "@/lib/http/client-address";
import { OperatorUnreachable } from "@/lib/payments/offer-deposit";
import { payableCountries } from "@/lib/payments/start-payment";
import { providerForMode } from "@/lib/providers";
import { startPagePayment } from "@/lib/payment-pages/pay-page";
import { findPublicPaymentPage, pageStatus, type PaymentPageRow } from "@/lib/payment-pages/queries";
import { emptyValues, valuesFromForm } from "../form-input";
import { pickLocale, t, type Locale } from "../i18n";
import { findSupportContact } from "../queries";
import { checkoutRoute, seeOther } from "../respond";
import { buyerErrorPage, cardFieldsOf, cardOutageForm, formErrors, jsonSubmitRoute, sendPage } from "../submit";
import { cardOfferFor } from "../checkout";
import { isCardOutage } from "../failure-reason";
import { renderMessage } from "../views/message";
import { payPagePath, quantityLimit, renderPageClosed, renderPageForm, renderPageNotFound, renderToProvider, type PageFacts, type PageFormValues } from "./views";
import { pageWords } from "./words";

// The payment page's routes (app/pp/**, app/api/checkout/pp/**): the buyer's form, its submit
// without JavaScript (303 to the payment's waiting page, the checkout's own), and the same submit
// as JSON, answered as the API answers (422 with every problem, the error table's bodies).

const MAX_BODY = 64 * 1024;

function localeOf(req: Request): { url: URL; locale: Locale } {
  const url = new URL(req.url);
  return { url, locale: pickLocale(url, req.headers.get("accept-language")) };
}

async function factsOf(page: PaymentPageRow): Promise<PageFacts> {
  const payable = payableCountries(page.currency);
  const own = isCountry(page.country) && payable.includes(page.country) ? page.country : undefined;
  return {
    id: page.id,
    mode: page.mode,
    title: page.title,
    description: page.description,
    currency: page.currency,
    amountType: page.amountType,
    amount: page.amount,
    minAmount: page.minAmount,
    maxAmount: page.maxAmount,
    maxQuantity: page.maxQuantity,
    unitsLeft: page.stock === null ? null : Math.max(0, page.stock - page.unitsTaken),
    endsAt: page.endsAt,
    closedMessage: page.closedMessage,
    blocks: page.formBlocks,
    payable,
    defaultCountry: own ?? payable[0] ?? "CMR",
    support: await findSupportContact(page.accountId),
    // the buyer chooses a quantity or an amount: the card's fee is said as a rule
    card: page.amountType === "fixed" ? await cardOfferFor(page, page.amount!, page.maxQuantity > 1) : await cardOfferFor(page, page.minAmount!, true),
  };
}

const CLOSED_STATUS = { closed: 410, ended: 410, sold_out: 409 } as const;

/** The page as it stands: its form, or why it takes no payment (closed, ended, sold out, no live payments). */
async function pageAnswer(page: PaymentPageRow, url: URL, locale: Locale, values?: PageFormValues, errors: Record<string, string> = {}, status = 200): Promise<Response> {
  const facts = await factsOf(page);
  const state = pageStatus(page);
  if (state !== "open") return sendPage(renderPageClosed(facts, locale, state), CLOSED_STATUS[state]);
  try {
    providerForMode(page.mode);
  } catch (error) {
    if (error instanceof ApiError && error.type === "LIVE_PAYMENTS_UNAVAILABLE") {
      return sendPage(renderMessage({ kind: "unavailable", locale, otherLangHref: payPagePath(page.id, locale === "fr" ? "en" : "fr") }), 503);
    }
    throw error;
  }
  return sendPage(renderPageForm(facts, locale, values ?? { ...emptyValues(facts.defaultCountry), quantity: "1", amount: "" }, errors), status);
}

function notFound(url: URL, locale: Locale): Response {
  return sendPage(renderPageNotFound(locale, `${url.pathname}?lang=${locale === "fr" ? "en" : "fr"}`), 404);
}

/** GET /pp/{id}: the form, or the page's message. */
export const showPaymentPage = checkoutRoute<{ id: string }>(async (req, { id }) => {
  const { url, locale } = localeOf(req);
  const page = await findPublicPaymentPage(id);
  if (!page) return notFound(url, locale);
  return pageAnswer(page, url, locale);
}, buyerErrorPage);

/** The amount typed on the form, in the major unit (« 5 000 », « 5.000 », « 5000 FCFA », « 12,50 »), as minor units (lib/core/amount-text.ts); anything else as typed (the schema words it). */
function amountOf(typed: string, currency: string): unknown {
  if (typed.trim() === "") return undefined;
  return parseAmount(typed, currency) ?? typed;
}

/** POST /pp/{id}: the form without JavaScript; 303 to the payment's waiting page. */
export const submitPaymentPage = checkoutRoute<{ id: string }>(async (req, { id }) => {
  const { url, locale } = localeOf(req);
  const page = await findPublicPaymentPage(id);
  if (!page) return notFound(url, locale);
  const raw = await readBody(req, MAX_BODY);
  const { text } = await readFormEntries(raw, req.headers.get("content-type") ?? "application/x-www-form-urlencoded");
  const form = new URLSearchParams(text);
  const values: PageFormValues = { ...valuesFromForm(form), quantity: form.get("quantity") ?? "1", amount: form.get("amount") ?? "" };
  const input = {
    country: values.country,
    operator: values.operator,
    phone: values.phone,
    client_token: values.client_token,
    ...cardFieldsOf(values),
    answers: values.answers,
    quantity: page.amountType === "fixed" ? values.quantity || undefined : undefined,
    amount: page.amountType === "custom" ? amountOf(values.amount, page.currency) : undefined,
    lang: locale,
  };
  try {
    const deposit = await startPagePayment(page.id, input, clientAddress(req));
    if (deposit.redirectUrl) return sendPage(renderToProvider(await factsOf(page), locale, deposit.redirectUrl));
    if (isCardOutage(deposit)) {
      // CinetPay's card channel refused it before any bank saw it: its units are back; mobile money is there
      const outage = cardOutageForm(values, locale);
      return pageAnswer((await findPublicPaymentPage(page.id)) ?? page, url, locale, outage.values, outage.errors, 503);
    }
    return seeOther(`/pay/${deposit.paymentGatewayId}/${deposit.trackId}?lang=${locale}`);
  } catch (error) {
    const errors = formErrors(error, locale, values.country, page.currency, keyOf, (item) => pageFieldWords(item, page, locale), values.operator);
    if (!errors) {
      // closed, ended or sold out meanwhile: the page says so
      if (error instanceof ApiError && (error.type === "PAYMENT_PAGE_CLOSED" || error.type === "PAYMENT_PAGE_SOLD_OUT")) {
        const now = (await findPublicPaymentPage(page.id)) ?? page;
        if (pageStatus(now) !== "open") return pageAnswer(now, url, locale);
        return pageAnswer(now, url, locale, values, { quantity: pageWords(locale).soldOut }, 409);
      }
      throw error;
    }
    // a new token when the attempt did not start (or failed to reach anyone): the next submit is a new attempt
    const fresh = error instanceof OperatorUnreachable ? emptyValues(values.country).client_token : values.client_token;
    return pageAnswer(page, url, locale, { ...values, client_token: fresh }, errors, error instanceof ValidationError ? 422 : 409);
  }
}, buyerErrorPage);

/** The buyer's words for what went wrong with the form, by field; null when the page itself must say it. */
function keyOf(item: ValidationItem): string {
  if (item.loc[1] === "answers" && item.loc[2] !== undefined) return `answers.${item.loc[2]}`;
  if (item.loc[1] === "client_token") return "form";
  return String(item.loc[1] ?? "form");
}

/** The page's own fields' words (amount, quantity, answers); null: the common ones. */
function pageFieldWords(item: ValidationItem, page: PaymentPageRow, locale: Locale): string | null {
  const w = pageWords(locale);
  const money = (minor: number) => formatMoney(minor, page.currency, locale);
  switch (item.loc[1]) {
    case "amount":
      return fill(w.amountBad, { min: money(page.minAmount ?? 0), max: money(page.maxAmount ?? 0) });
    case "quantity":
      return fill(w.quantityBad, { max: quantityLimit({ maxQuantity: page.maxQuantity, unitsLeft: page.stock === null ? null : page.stock - page.unitsTaken }) });
    case "answers":
      return item.type === "missing" || item.type === "string_too_short" ? t(locale, "err.answer.missing") : t(locale, "err.field");
    default:
      return null;
  }
}

/** POST /api/checkout/pp/{id}: the same submit as JSON (`amount` in minor units), answered as the API answers. */
export const submitPaymentPageJson = jsonSubmitRoute((req) => localeOf(req).locale, startPagePayment);

import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { fill } from "@/lib/core/fill";
import { decimalsOf, formatMoney } from "@/lib/core/money";
import { isCountry } from "@/lib/countries";
import { todayIn } from "@/lib/countries/format";
import { readBody, readFormEntries } from "@/lib/http/body";
import { clientAddress } from "@/lib/http/client-address";
import { OperatorUnreachable } from "@/lib/payments/offer-deposit";
import { payableCountries } from "@/lib/payments/start-payment";
import { providerForMode } from "@/lib/providers";
import { leastPart, startInvoicePayment } from "@/lib/invoices/pay-invoice";
import { invoicePath } from "@/lib/invoices/present";
import { balanceDue, findInvoiceMerchant, findPublicInvoice, invoiceStatus, payableNow, type InvoiceRow } from "@/lib/invoices/queries";
import { publicBaseUrl } from "@/lib/runtime/config";
import { emptyValues, valuesFromForm } from "../form-input";
import { pickLocale, type Locale } from "../i18n";
import { checkoutRoute, seeOther } from "../respond";
import { buyerErrorPage, cardFieldsOf, cardOutageForm, formErrors, jsonSubmitRoute, sendPage } from "../submit";
import { cardOfferFor } from "../checkout";
import { isCardOutage } from "../failure-reason";
import { renderMessage } from "../views/message";
import { invoicePagePath, renderInvoiceNotFound, renderInvoiceToProvider, renderInvoicePage, renderInvoicePrint, type InvoiceFacts, type InvoiceFormValues } from "./views";
import { invoiceWords } from "./words";

// An invoice's routes (app/i/**, app/api/checkout/i/**): the customer's page, its submit without
// JavaScript (303 to the payment's waiting page, the checkout's own), the same submit as JSON
// (answered as the API answers), and the print view.

const MAX_BODY = 64 * 1024;

function localeOf(req: Request, invoice?: InvoiceRow): { url: URL; locale: Locale } {
  const url = new URL(req.url);
  // the invoice's own language unless the customer chose (?lang=) or the browser says otherwise
  const chosen = url.searchParams.get("lang");
  const locale = chosen || !invoice ? pickLocale(url, req.headers.get("accept-language")) : invoice.language;
  return { url, locale };
}

async function factsOf(invoice: InvoiceRow): Promise<InvoiceFacts> {
  const payable = payableCountries(invoice.currency);
  const own = isCountry(invoice.country) && payable.includes(invoice.country) ? invoice.country : undefined;
  return {
    id: invoice.id,
    mode: invoice.mode,
    reference: invoice.reference,
    merchant: await findInvoiceMerchant(invoice.accountId),
    customer: { name: invoice.customerName, phone: invoice.customerPhone, email: invoice.customerEmail },
    currency: invoice.currency,
    lines: invoice.lines,
    total: invoice.total,
    paid: invoice.amountPaid,
    pending: Math.max(0, invoice.amountReserved - invoice.amountPaid),
    balance: balanceDue(invoice),
    payable: invoice.cancelledAt ? 0 : payableNow(invoice),
    least: leastPart(invoice),
    allowPartial: invoice.allowPartial,
    dueDate: invoice.dueDate,
    today: todayIn(invoice.country),
    createdAt: invoice.createdAt,
    memo: invoice.memo,
    status: invoiceStatus(invoice),
    payableCountries: payable,
    defaultCountry: own ?? payable[0] ?? "CMR",
    // a part the customer chooses: the card's fee is said as a rule
    card: payableNow(invoice) > 0 && !invoice.cancelledAt ? await cardOfferFor(invoice, payableNow(invoice), invoice.allowPartial && leastPart(invoice) < payableNow(invoice)) : null,
  };
}

function notFound(url: URL, locale: Locale): Response {
  return sendPage(renderInvoiceNotFound(locale, `${url.pathname}?lang=${locale === "fr" ? "en" : "fr"}`), 404);
}

/** The money typed, in the major unit ("5 000", "12,50"), as minor units; anything else as typed (the schema words it). */
function amountOf(typed: string, currency: string): unknown {
  const text = typed.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (text === "") return undefined;
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(value)) return typed;
  return Math.round(value * 10 ** decimalsOf(currency));
}

/** The typed form of an amount in minor units: "25000", "12.50". */
function typedAmount(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  return decimals ? (minor / 10 ** decimals).toFixed(decimals) : String(minor);
}

async function pageAnswer(invoice: InvoiceRow, locale: Locale, values?: InvoiceFormValues, errors: Record<string, string> = {}, status = 200): Promise<Response> {
  const facts = await factsOf(invoice);
  if (facts.payable > 0 && facts.status !== "paid") {
    try {
      providerForMode(invoice.mode);
    } catch (error) {
      if (error instanceof ApiError && error.type === "LIVE_PAYMENTS_UNAVAILABLE") {
        return sendPage(renderMessage({ kind: "unavailable", locale, otherLangHref: invoicePagePath(invoice.id, locale === "fr" ? "en" : "fr") }), 503);
      }
      throw error;
    }
  }
  const start = values ?? { ...emptyValues(facts.defaultCountry), amount: typedAmount(facts.payable, invoice.currency) };
  return sendPage(renderInvoicePage(facts, locale, start, errors), status);
}

/** GET /i/{id}: the invoice and its pay form (or why it takes no payment). */
export const showInvoice = checkoutRoute<{ id: string }>(async (req, { id }) => {
  const invoice = await findPublicInvoice(id);
  const { url, locale } = localeOf(req, invoice);
  if (!invoice) return notFound(url, locale);
  return pageAnswer(invoice, locale);
}, buyerErrorPage);

/** GET /i/{id}/print: the invoice to print, with the merchant's details. */
export const printInvoice = checkoutRoute<{ id: string }>(async (req, { id }) => {
  const invoice = await findPublicInvoice(id);
  const { url, locale } = localeOf(req, invoice);
  if (!invoice) return notFound(url, locale);
  return sendPage(renderInvoicePrint(await factsOf(invoice), locale, `${publicBaseUrl()}${invoicePath(invoice.id)}`));
}, buyerErrorPage);

/** POST /i/{id}: the form without JavaScript; 303 to the payment's waiting page. */
export const submitInvoice = checkoutRoute<{ id: string }>(async (req, { id }) => {
  const invoice = await findPublicInvoice(id);
  const { url, locale } = localeOf(req, invoice);
  if (!invoice) return notFound(url, locale);
  const raw = await readBody(req, MAX_BODY);
  const { text } = await readFormEntries(raw, req.headers.get("content-type") ?? "application/x-www-form-urlencoded");
  const form = new URLSearchParams(text);
  const values: InvoiceFormValues = { ...valuesFromForm(form), amount: form.get("amount") ?? "" };
  const input = {
    country: values.country,
    operator: values.operator,
    phone: values.phone,
    client_token: values.client_token,
    ...cardFieldsOf(values),
    amount: invoice.allowPartial ? amountOf(values.amount, invoice.currency) : undefined,
    lang: locale,
  };
  try {
    const deposit = await startInvoicePayment(invoice.id, input, clientAddress(req));
    if (deposit.redirectUrl) {
      return sendPage(renderInvoiceToProvider({ id: invoice.id, mode: invoice.mode, merchant: await findInvoiceMerchant(invoice.accountId) }, locale, deposit.redirectUrl));
    }
    if (isCardOutage(deposit)) {
      // CinetPay's card channel refused it before any bank saw it: its amount is free again; mobile money is there
      const outage = cardOutageForm(values, locale);
      return pageAnswer((await findPublicInvoice(invoice.id)) ?? invoice, locale, outage.values, outage.errors, 503);
    }
    return seeOther(`/pay/${deposit.paymentGatewayId}/${deposit.trackId}?lang=${locale}`);
  } catch (error) {
    const now = (await findPublicInvoice(invoice.id)) ?? invoice;
    if (error instanceof ApiError && ["INVOICE_PAID", "INVOICE_CANCELLED", "INVOICE_AMOUNT_HELD"].includes(error.type)) return pageAnswer(now, locale, undefined, {}, 409);
    const errors = formErrors(error, locale, values.country, now.currency, keyOf, (item) => invoiceFieldWords(item, now, locale), values.operator);
    if (!errors) throw error;
    // a new token when the attempt did not start (or failed to reach anyone): the next submit is a new attempt
    const fresh = error instanceof OperatorUnreachable ? emptyValues(values.country).client_token : values.client_token;
    return pageAnswer(now, locale, { ...values, client_token: fresh }, errors, error instanceof ValidationError ? 422 : 409);
  }
}, buyerErrorPage);

function keyOf(item: ValidationItem): string {
  if (item.loc[1] === "client_token") return "form";
  return String(item.loc[1] ?? "form");
}

/** The amount's words (the invoice's one field of its own); null: the common ones. */
function invoiceFieldWords(item: ValidationItem, invoice: InvoiceRow, locale: Locale): string | null {
  if (item.loc[1] !== "amount") return null;
  const w = invoiceWords(locale);
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  return item.type === "value_error" && invoice.allowPartial ? w.amountLeaves : fill(w.amountBad, { min: money(leastPart(invoice)), max: money(payableNow(invoice)) });
}

/** POST /api/checkout/i/{id}: the same submit as JSON (`amount` in minor units), answered as the API answers. */
export const submitInvoiceJson = jsonSubmitRoute((req) => localeOf(req).locale, startInvoicePayment, (deposit) => ({ amount: deposit.amount }));

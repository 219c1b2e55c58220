import { isRetryLater } from "@/lib/db/availability";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { fill } from "@/lib/core/fill";
import { toMajor } from "@/lib/core/money";
import { examplePhone, nationalPhone } from "@/lib/countries/format";
import { readBody, readFormEntries } from "@/lib/http/body";
import { clientAddress } from "@/lib/http/client-address";
import { RateLimitedError } from "@/lib/http/rate-limit";
import { FormAlreadySent, openStall, sellAtStall, stallRequest, waitForStallRequest, type OpenStall } from "@/lib/payment-requests/stall-sales";
import { newClientToken } from "../form-input";
import type { Html } from "../html";
import { pickLocale, type Locale } from "../i18n";
import { checkoutRoute, htmlResponse, jsonWithCheckoutHeaders, seeOther } from "../respond";
import { renderMessage } from "../views/message";
import { boundsText, renderStallForm, renderStallMessage, renderStallStatus, stallPath, stallWords, statusPath, type StallFacts, type StallFormValues } from "./views";

// The stall's routes (app/s/**): the buyer's form, its submit, the status page and its JSON. No
// session and no cookie: nothing to forge across sites (the CSP's form-action keeps the form on our
// origin), and a double submit is made safe by the form's one-time token (stall-sales.ts).

function localeOf(req: Request): { url: URL; locale: Locale } {
  const url = new URL(req.url);
  return { url, locale: pickLocale(url, req.headers.get("accept-language")) };
}

const send = (page: Html, status = 200) => htmlResponse(page, { status });

/** An unexpected error: "try again in a moment" while the database is away, else the generic page. */
function errorPage(req: Request, error: unknown): Response {
  const { url, locale } = localeOf(req);
  const outage = isRetryLater(error) ? error : null;
  const kind = outage ? "outage" : "error";
  const response = send(renderMessage({ kind, locale, otherLangHref: `${url.pathname}?lang=${locale === "fr" ? "en" : "fr"}`, retryHref: `${url.pathname}${url.search}` }).page, outage ? 503 : 500);
  if (outage) response.headers.set("retry-after", outage.headers?.["retry-after"] ?? "1");
  return response;
}

function factsOf({ stall, businessName, country, operators }: OpenStall): StallFacts {
  return { code: stall.code, mode: stall.mode, name: stall.name, businessName, currency: stall.currency, min: stall.minAmount, max: stall.maxAmount, country, operators };
}

function closed(url: URL, locale: Locale): Response {
  const w = stallWords(locale).page;
  return send(renderStallMessage({ locale, otherLangHref: `${url.pathname}?lang=${locale === "fr" ? "en" : "fr"}` }, w.closedTitle, w.closedBody), 404);
}

const emptyValues = (): StallFormValues => ({ amount: "", phone: "", operator: "", client_token: newClientToken() });

/** GET /s/{code}: the form; `?from={request_id}` (the failure page's « Réessayer »): amount, number and operator kept. */
export const showStall = checkoutRoute<{ code: string }>(async (req, { code }) => {
  const { url, locale } = localeOf(req);
  const open = await openStall(code);
  if (!open) return closed(url, locale);
  const values = emptyValues();
  const from = url.searchParams.get("from");
  const earlier = from ? await stallRequest(open.stall, from) : null;
  if (earlier && earlier.status !== "paid") {
    Object.assign(values, { amount: String(toMajor(earlier.amount, earlier.currency)), phone: nationalPhone(earlier.phone), operator: earlier.operator });
  }
  return send(renderStallForm({ locale, stall: factsOf(open), values, errors: {} }));
}, errorPage);

/** The buyer's words for each problem of a submit, by field (`amount`, `phone`, `operator`, `form`). */
function wordsOf(items: ValidationItem[], values: StallFormValues, stall: StallFacts, locale: Locale): Record<string, string> {
  const w = stallWords(locale).page;
  const errors: Record<string, string> = {};
  for (const problem of items) {
    const field = String(problem.loc[1] ?? "");
    const message = problem.type === "value_error" ? String(problem.ctx?.error ?? "") : "";
    if (field === "amount" && !errors.amount) {
      errors.amount =
        problem.type === "missing" ? w.amountMissing : problem.type === "int_parsing" ? fill(w.amountInvalid, { example: String(toMajor(stall.min, stall.currency) * 10) }) : fill(w.amountBounds, boundsText(stall, locale));
    } else if ((field === "phone_number" || field === "country") && !errors.phone) {
      errors.phone = values.phone.trim() === "" ? w.phoneMissing : fill(w.phoneInvalid, { example: examplePhone(stall.country) });
    } else if (field === "operator" && !errors.operator) {
      errors.operator = message.includes("cannot be told") ? w.operatorUnknown : w.operatorInvalid;
    } else if (field === "client_token") {
      errors.form = w.expired;
    }
  }
  if (!Object.keys(errors).length) errors.form = w.problems;
  return errors;
}

/** POST /s/{code}: a request to pay the buyer's number, then 303 to its status page; the form again with the words. */
export const submitStall = checkoutRoute<{ code: string }>(async (req, { code }) => {
  const { url, locale } = localeOf(req);
  const open = await openStall(code);
  if (!open) return closed(url, locale);
  const stall = factsOf(open);
  const { text } = await readFormEntries(await readBody(req, 16 * 1024), "application/x-www-form-urlencoded");
  const form = new URLSearchParams(text);
  const values: StallFormValues = { amount: form.get("amount") ?? "", phone: form.get("phone") ?? "", operator: form.get("operator") ?? "", client_token: form.get("client_token") ?? "" };
  const again = (errors: Record<string, string>, status: number, token = newClientToken()) =>
    send(renderStallForm({ locale, stall, values: { ...values, client_token: token }, errors }), status);
  const w = stallWords(locale).page;
  try {
    const id = await sellAtStall(open, values, clientAddress(req));
    return seeOther(statusPath(stall.code, id, locale));
  } catch (error) {
    if (error instanceof ValidationError) {
      // nothing was made: the same token serves the corrected form, unless it was the problem
      const tokenRefused = error.items.some((i) => i.loc[1] === "client_token");
      return again(wordsOf(error.items, values, stall, locale), 422, tokenRefused ? newClientToken() : values.client_token);
    }
    if (error instanceof RateLimitedError) {
      const page = again({ form: fill(w.limited, { minutes: String(Math.ceil(error.retryAfter / 60)) }) }, 429);
      page.headers.set("retry-after", String(error.retryAfter));
      return page;
    }
    if (error instanceof FormAlreadySent) return again({ form: w.alreadySent }, 409);
    if (error instanceof ApiError && error.status < 500) return again({ form: w.problems }, error.status);
    if (error instanceof ApiError && error.type === "LIVE_PAYMENTS_UNAVAILABLE") return again({ form: w.unavailable }, 503);
    throw error;
  }
}, errorPage);

/** GET /s/{code}/p/{request_id}: waiting for the PIN, paid (the receipt code), or failed (« Réessayer »). */
export const showStallRequest = checkoutRoute<{ code: string; request_id: string }>(async (req, { code, request_id }) => {
  const { url, locale } = localeOf(req);
  const open = await openStall(code);
  if (!open) return closed(url, locale);
  const request = await stallRequest(open.stall, request_id);
  const stall = factsOf(open);
  if (!request) {
    const w = stallWords(locale).page;
    return send(renderStallMessage({ locale, stall, otherLangHref: stallPath(stall.code, locale === "fr" ? "en" : "fr") }, w.notFoundTitle, w.notFoundBody), 404);
  }
  return send(renderStallStatus({ locale, stall, request }));
}, errorPage);

/**
 * GET /s/{code}/p/{request_id}/status?wait=N&status=S: public, so it says only the status and, once
 * paid, the receipt code; only for a request of that stall (404 otherwise). Held up to 25 s while
 * the status is still `status`.
 */
export const stallRequestStatus = checkoutRoute<{ code: string; request_id: string }>(
  async (req, { code, request_id }) => {
    const url = new URL(req.url);
    const open = await openStall(code);
    const wait = Math.min(25, Math.max(0, Number.parseInt(url.searchParams.get("wait") ?? "0", 10) || 0));
    const seen = url.searchParams.get("status") ?? undefined;
    const request = open ? await waitForStallRequest(open.stall, request_id, wait, seen) : null;
    if (!request) return jsonWithCheckoutHeaders(new ApiError("PAYMENT_REQUEST_NOT_FOUND").body, 404);
    return jsonWithCheckoutHeaders(request.status === "paid" ? { status: request.status, receipt_code: request.receiptCode } : { status: request.status });
  },
  (_req, error) => {
    return isRetryLater(error) ? jsonWithCheckoutHeaders(error.body, 503) : jsonWithCheckoutHeaders(new ApiError("INTERNAL_ERROR").body, 500);
  },
);

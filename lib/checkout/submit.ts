import { isRetryLater } from "@/lib/db/availability";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { isCountry } from "@/lib/countries";
import { examplePhone } from "@/lib/countries/format";
import { parseJson, readBody } from "@/lib/http/body";
import { clientAddress } from "@/lib/http/client-address";
import { RateLimitedError } from "@/lib/http/rate-limit";
import { OperatorUnreachable } from "@/lib/payments/offer-deposit";
import { unreachableWords } from "./buyer-answer";
import type { Html } from "./html";
import { countryName, pickLocale, t, type Locale } from "./i18n";
import { checkoutRoute, htmlResponse, jsonWithCheckoutHeaders } from "./respond";
import { renderMessage } from "./views/message";
import { isCardOperator } from "@/lib/core/cards";
import { newClientToken, type FormValues } from "./form-input";
import { wordErrors } from "./wording";

// What the buyer pages that start a payment of their own (payment pages, invoices) share: sending
// a page, the page of an error or outage, the submit as JSON answered as the API answers, and the
// words of a refused form beside each field.

const MAX_BODY = 64 * 1024;

/** A rendered page with the checkout's headers (its images' origins allowed). */
export const sendPage = ({ page, imageOrigins }: { page: Html; imageOrigins: string[] }, status = 200) => htmlResponse(page, { status, imageOrigins });

/** The page of an unexpected error (500) or of the database away (503 with Retry-After), in the buyer's language. */
export function buyerErrorPage(req: Request, error: unknown): Response {
  const url = new URL(req.url);
  const locale = pickLocale(url, req.headers.get("accept-language"));
  const outage = isRetryLater(error) ? error : null;
  const response = sendPage(renderMessage({ kind: outage ? "outage" : "error", locale, otherLangHref: `${url.pathname}?lang=${locale === "fr" ? "en" : "fr"}`, retryHref: `${url.pathname}${url.search}` }), outage ? 503 : 500);
  if (outage) response.headers.set("retry-after", outage.headers?.["retry-after"] ?? "1");
  return response;
}

/** A payment started from a buyer page: where the buyer goes next. */
type Started = { trackId: string; status: string; redirectUrl?: string | null; paymentGatewayId: string | null };

/**
 * POST /api/checkout/…/{id}: the page's submit as JSON (`amount` in minor units), answered as the
 * API answers (422 with every problem, the error table's bodies, Retry-After when busy).
 */
export function jsonSubmitRoute<D extends Started>(
  localeOf: (req: Request) => Locale,
  start: (id: string, input: unknown, ip: ReturnType<typeof clientAddress>) => Promise<D>,
  answer: (started: D) => Record<string, unknown> = () => ({}),
) {
  return checkoutRoute<{ id: string }>(
    async (req, { id }) => {
      const locale = localeOf(req);
      try {
        const body = parseJson(await readBody(req, MAX_BODY));
        const input = body && typeof body === "object" && !Array.isArray(body) ? { ...body, lang: locale } : body;
        const deposit = await start(id, input, clientAddress(req));
        const next = deposit.redirectUrl ?? `/pay/${deposit.paymentGatewayId}/${deposit.trackId}?lang=${locale}`;
        return jsonWithCheckoutHeaders({ track_id: deposit.trackId, status: deposit.status, ...answer(deposit), next });
      } catch (error) {
        if (isRetryLater(error)) throw error;
        if (error instanceof ValidationError) return jsonWithCheckoutHeaders(error.body, 422);
        if (error instanceof ApiError) {
          const res = jsonWithCheckoutHeaders(error.body, error.status);
          for (const [name, value] of Object.entries(error.headers ?? {})) res.headers.set(name, value);
          return res;
        }
        throw error;
      }
    },
    (_req, error) => {
      if (isRetryLater(error)) {
        const res = jsonWithCheckoutHeaders(error.body, error.status);
        res.headers.set("retry-after", error.headers?.["retry-after"] ?? "1");
        return res;
      }
      return jsonWithCheckoutHeaders(new ApiError("INTERNAL_ERROR").body, 500);
    },
  );
}

/**
 * A refused submit as words beside the form's fields: `fieldWords` words the page's own fields
 * (null: the common words of country, operator, phone and the form's token); null when the error
 * is not the buyer's to fix.
 */
export function formErrors(
  error: unknown,
  locale: Locale,
  country: string,
  currency: string,
  keyOf: (item: ValidationItem) => string,
  fieldWords: (item: ValidationItem) => string | null,
  operator = "",
): Record<string, string> | null {
  if (error instanceof ValidationError) {
    return Object.fromEntries(error.items.map((item) => [keyOf(item), fieldWords(item) ?? cardWords(item, locale, currency, operator) ?? commonWords(item, locale, country, currency)]));
  }
  if (error instanceof OperatorUnreachable) return { form: unreachableWords(error, locale) };
  if (error instanceof RateLimitedError) return { form: t(locale, "limit.attempts", { minutes: Math.ceil(Number(error.headers?.["retry-after"] ?? 60) / 60) }) };
  if (error instanceof ApiError && error.type === "LIVE_PAYMENTS_UNAVAILABLE") return { operator: error.message };
  return null;
}

/** A card payer's fields, and the phone and operator of a card payment, in the checkout's card words; null: not a card's. */
function cardWords(item: ValidationItem, locale: Locale, currency: string, operator: string): string | null {
  const field = String(item.loc[1] ?? "");
  if (!field.startsWith("card_") && !(isCardOperator(operator) && (field === "phone" || field === "operator"))) return null;
  return wordErrors([item], locale, { currency, operator })[field] ?? null;
}

/** The card fields of a submitted form, sent only with a card payment: a mobile-money submit is what it always was. */
export const cardFieldsOf = (values: FormValues) => (isCardOperator(values.operator) ? values.card : {});

/**
 * A card payment CinetPay's card channel never took (an error, or nobody answering): the form
 * again with the words that say so, mobile money to choose (no operator chosen) and a new token.
 */
export function cardOutageForm<V extends FormValues>(values: V, locale: Locale): { values: V; errors: Record<string, string> } {
  return {
    values: { ...values, operator: "", client_token: newClientToken() },
    errors: { form: `${t(locale, "card.unavailable")} ${t(locale, "failed.nothing_taken")}`, operator: t(locale, "err.operator.missing") },
  };
}

function commonWords(item: ValidationItem, locale: Locale, country: string, currency: string): string {
  const missing = item.type === "missing" || item.type === "string_too_short";
  switch (item.loc[1]) {
    case "country":
      return missing ? t(locale, "err.country.missing") : t(locale, "err.country.invalid", { currency });
    case "operator":
      return missing ? t(locale, "err.operator.missing") : t(locale, "err.operator.invalid");
    case "phone":
      return missing || !isCountry(country)
        ? t(locale, "err.phone.missing")
        : t(locale, "err.phone.invalid", { country: countryName(locale, country), example: examplePhone(country) });
    case "client_token":
      return t(locale, "form.expired");
    default:
      return t(locale, "err.field");
  }
}

import { ApiError, ValidationError } from "@/lib/core/errors";
import { operatorObject } from "@/lib/countries";
import { RateLimitedError } from "@/lib/http/rate-limit";
import { paymentAttemptLimits } from "@/lib/payments/attempt-limits";
import { OperatorUnreachable } from "@/lib/payments/offer-deposit";
import { PaymentInProgress } from "@/lib/payments/start-payment";
import { pagePath, type Checkout } from "./checkout";
import { formatWait } from "./format";
import { newClientToken } from "./form-input";
import { t, type Locale } from "./i18n";
import { wordErrors } from "./wording";
import { isCardOperator } from "@/lib/core/cards";

// A payment the checkout could not start, as the buyer hears it. One table for both faces of the
// checkout: the page without script (the form again, or a 303) and the page's script (JSON).

type Body = ApiError["body"] | ValidationError["body"];

export type BuyerAnswer =
  /** the form again, with the buyer's words */
  | {
      to: "form";
      status: number;
      /** the error table's body, which the script's answer starts with */
      body: Body;
      message: string;
      /** the words by field (a submission's problems), or `form` for the whole form */
      errors: Record<string, string>;
      /** a new token for the next try when the one sent is spent; null: the form keeps its own */
      clientToken: string | null;
      /** no provider took it: the script says so (`unreachable: true`) */
      unreachable: boolean;
      /** seconds before another try can go through: the script's retry_after and Retry-After */
      retryAfter?: number;
      /** whether the page says Retry-After too (a limit); a busy link's form simply waits for a new submit */
      retryAfterOnPage: boolean;
    }
  /** the link's own page says what happened (paid, withdrawn, closed, no live payments meanwhile) */
  | { to: "page"; status: number; body: Body; next: string };

type Context = { checkout: Checkout; locale: Locale; country: string; operator?: string };

/** The buyer's answer to an error of startPayment; null: not one of the buyer's (an unexpected error). */
export function buyerAnswerOf(error: unknown, { checkout, locale, country, operator }: Context): BuyerAnswer | null {
  const form = { to: "form", unreachable: false, retryAfterOnPage: false } as const;
  if (error instanceof ValidationError) {
    const errors = wordErrors(error.items, locale, { currency: checkout.currency, country, blocks: checkout.blocks, operator });
    const tokenRefused = error.items.some((i) => i.loc[1] === "client_token");
    return { ...form, status: 422, body: error.body, message: errors.form ?? t(locale, "form.problems"), errors, clientToken: tokenRefused ? newClientToken() : null };
  }
  if (error instanceof OperatorUnreachable) {
    // no provider took it: the honest answer is the form itself, as typed, with a fresh token
    const message = unreachableWords(error, locale);
    return { ...form, status: error.status, body: error.body, message, errors: { form: message }, clientToken: newClientToken(), unreachable: true };
  }
  if (error instanceof PaymentInProgress) {
    // another buyer's attempt holds the link: nothing was created, the same form (and token) waits
    const message = busyWords(error, locale);
    return { ...form, status: error.status, body: error.body, message, errors: { form: message }, clientToken: null, retryAfter: error.retryAfterSeconds };
  }
  if (error instanceof RateLimitedError) {
    const message = attemptLimitMessage(error, locale);
    return { ...form, status: 429, body: error.body, message, errors: { form: message }, clientToken: null, retryAfter: error.retryAfter, retryAfterOnPage: true };
  }
  if (error instanceof ApiError) return { to: "page", status: error.status, body: error.body, next: pagePath(checkout, locale) };
  return null;
}

/** What a buyer over a limit reads: whether to try another number, and in how many minutes to retry. */
export function attemptLimitMessage(error: RateLimitedError, locale: Locale): string {
  const key = error.limit === paymentAttemptLimits.phone ? "limit.phone" : "limit.attempts";
  return t(locale, key, { minutes: String(Math.ceil(error.retryAfter / 60)) });
}

const busyWords = (error: PaymentInProgress, locale: Locale) => t(locale, "busy.other", { wait: formatWait(error.retryAfterSeconds) });

/** No provider took it: try again or another operator; a card: cards are out of order now, mobile money is there. */
export const unreachableWords = (error: OperatorUnreachable, locale: Locale) =>
  isCardOperator(error.deposit.operator)
    ? `${t(locale, "card.unavailable")} ${t(locale, "failed.nothing_taken")}`
    : t(locale, "unreachable.form", { operator: operatorObject(error.deposit.operator).name });

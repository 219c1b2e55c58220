import { z } from "zod";

// The one way a provider adapter fails, whatever it was asked (a collection, money out, a status,
// a callback to verify). Callers branch on `kind`, never on an adapter's own error classes:
//
//   refused        a definite "no": it took nothing and will take nothing (`reason`, `failover`, `outage`)
//   unreachable    no answer, a timeout or 5xx even after retries: the outcome is unknown, unless
//                  `neverReached` (every try refused before a byte was sent: it provably never got it)
//   bad_answer     it answered, but something we cannot read or act on (a 429, an unreadable body,
//                  an unexpected status): the outcome is unknown
//   bad_signature  a callback not proven to come from the provider (unsigned, badly signed, stale,
//                  about nothing it has): refused, nothing changes
//   bad_callback   a callback we cannot read, or one that reports no final outcome: refused
//
// The callback handlers turn the last three (and unreachable) into the answer the provider gets
// (callbackRefusal); a caller that meets any other error treats the outcome as unknown.

export type ProviderErrorKind = "refused" | "unreachable" | "bad_answer" | "bad_signature" | "bad_callback";

/**
 * What a refusal says of the provider's health, for its circuit breaker (breaker.ts): `provider`,
 * every request to it fails now (our credentials refused, its own unknown error); `operator`, one
 * operator is down there (pawaPay's PROVIDER_TEMPORARILY_UNAVAILABLE): set that operator aside only.
 * Absent: a refusal of this one request (its amount, currency, operator code, payer): nothing
 * about the provider, never counted. No answer, timeouts and 5xx are counted where the call is
 * made (provider-log.ts callProvider).
 */
export type Outage = "provider" | "operator";

/**
 * Refusals that say something about the provider's side (its configuration, its limits, the
 * operator being closed there), not about the buyer: another provider may well take the payment.
 */
const PROVIDER_SIDE = new Set([
  "operator_unavailable",
  "provider_error",
  "invalid_currency",
  "invalid_provider",
  "invalid_amount",
  "amount_out_of_bounds",
  "deposits_not_allowed",
  "payouts_unavailable",
]);

type Details = {
  reason?: string;
  outage?: Outage;
  neverReached?: boolean;
  answer?: string;
};

export class ProviderError extends Error {
  /** refused: the reason Kola stores (insufficient_funds, operator_unavailable, ...) */
  readonly reason?: string;
  /** refused: whether the next provider of the operator may be asked instead (the buyer is not the reason) */
  readonly failover: boolean;
  /** refused: what it says of the provider's health (breaker.ts) */
  readonly outage?: Outage;
  /** unreachable: every try was refused before a byte left this machine */
  readonly neverReached: boolean;
  /** a refused callback: the message its answer carries, instead of the error table's */
  readonly answer?: string;

  private constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    details: Details = {},
  ) {
    super(message);
    this.failover = kind === "refused" && PROVIDER_SIDE.has(details.reason ?? "");
    this.neverReached = details.neverReached ?? false;
    if (details.reason !== undefined) this.reason = details.reason;
    if (details.outage) this.outage = details.outage;
    if (details.answer !== undefined) this.answer = details.answer;
  }

  static refused(reason: string, message?: string, options: { outage?: Outage } = {}): ProviderError {
    return new ProviderError("refused", message ?? `collection refused: ${reason}`, { reason, outage: options.outage });
  }

  static unreachable(message: string, neverReached = false): ProviderError {
    return new ProviderError("unreachable", message, { neverReached });
  }

  static badAnswer(message: string): ProviderError {
    return new ProviderError("bad_answer", message);
  }

  /** `why` is for the log; `answer`, when given, is what the refusal's answer says. */
  static badSignature(why: string, answer?: string): ProviderError {
    return new ProviderError("bad_signature", why, { answer });
  }

  static badCallback(why: string, answer?: string): ProviderError {
    return new ProviderError("bad_callback", why, { answer });
  }
}

/** A provider's definite "no", with the reason it gave. */
export type Refusal = ProviderError & { readonly kind: "refused"; readonly reason: string };

export const isRefusal = (error: unknown): error is Refusal => error instanceof ProviderError && error.kind === "refused";

export const isProviderError = <K extends ProviderErrorKind>(error: unknown, kind: K): error is ProviderError & { readonly kind: K } =>
  error instanceof ProviderError && error.kind === kind;

/**
 * Reads a callback's body with `read` (JSON.parse, a schema's parse): text that is not JSON, or
 * JSON of another shape, is a bad_callback; any other error stays what it is.
 */
export function readCallback<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof z.ZodError || error instanceof SyntaxError) throw ProviderError.badCallback(error.message);
    throw error;
  }
}

import type { Outage } from "@/lib/providers/provider-error";

// pawaPay's provider codes are not all ours: the docs' provider list (docs.pawapay.io/v2/docs/providers)
// writes ORANGE_CMR where Kola writes ORANGE_MONEY_CMR, MOOV_BEN for MOOV_MONEY_BEN, and so on.
// An operator missing from pawaPay's active configuration is simply never routed to pawaPay.
export const pawapayProviderCodes: Record<string, string> = {
  MTN_MOMO_CMR: "MTN_MOMO_CMR",
  ORANGE_MONEY_CMR: "ORANGE_CMR",
  MTN_MOMO_CIV: "MTN_MOMO_CIV",
  ORANGE_MONEY_CIV: "ORANGE_CIV",
  WAVE_CIV: "WAVE_CIV",
  MOOV_MONEY_CIV: "MOOV_CIV",
  ORANGE_MONEY_SEN: "ORANGE_SEN",
  WAVE_SEN: "WAVE_SEN",
  FREE_MONEY_SEN: "FREE_SEN",
  MTN_MOMO_BEN: "MTN_MOMO_BEN",
  MOOV_MONEY_BEN: "MOOV_BEN",
  MOOV_MONEY_BFA: "MOOV_BFA",
  ORANGE_MONEY_BFA: "ORANGE_BFA",
  MOOV_MONEY_TGO: "MOOV_TGO",
  TMONEY_TGO: "TMONEY_TGO",
  MTN_MOMO_COG: "MTN_MOMO_COG",
  AIRTEL_MONEY_COG: "AIRTEL_COG",
  AIRTEL_MONEY_GAB: "AIRTEL_GAB",
  ORANGE_MONEY_COD: "ORANGE_COD",
  VODACOM_MPESA_COD: "VODACOM_MPESA_COD",
  AIRTEL_MONEY_COD: "AIRTEL_COD",
  MPESA_KEN: "MPESA_KEN",
  MTN_MOMO_RWA: "MTN_MOMO_RWA",
  AIRTEL_MONEY_RWA: "AIRTEL_RWA",
  AIRTEL_MONEY_TZA: "AIRTEL_TZA",
  TIGO_PESA_TZA: "TIGO_TZA",
  HALOPESA_TZA: "HALOTEL_TZA",
  AIRTEL_MONEY_ZMB: "AIRTEL_OAPI_ZMB",
  MTN_MOMO_ZMB: "MTN_MOMO_ZMB",
};

export const operatorOfPawapayCode: Record<string, string> = Object.fromEntries(
  Object.entries(pawapayProviderCodes).map(([ours, theirs]) => [theirs, ours]),
);

/**
 * pawaPay's failure codes (docs.pawapay.io/v2/docs/failure_codes) as the reasons Kola stores on a
 * deposit; the checkout words each one for the buyer in French and English. Technical codes that
 * mean our request was wrong (INVALID_*, MISSING_PARAMETER, AUTHENTICATION_ERROR…) become
 * `provider_error`: the buyer can do nothing about them, the merchant's provider log says which.
 */
const reasons: Record<string, string> = {
  INSUFFICIENT_BALANCE: "insufficient_funds",
  PAYMENT_NOT_APPROVED: "refused_by_payer",
  PAYER_NOT_FOUND: "payer_not_found",
  // REJECTED on initiation: each refusal is worded for the buyer as what it is
  INVALID_PHONE_NUMBER: "invalid_phone_number",
  PAYER_LIMIT_REACHED: "payer_limit_reached",
  AMOUNT_OUT_OF_BOUNDS: "amount_out_of_bounds",
  INVALID_AMOUNT: "invalid_amount",
  INVALID_CURRENCY: "invalid_currency",
  INVALID_PROVIDER: "invalid_provider",
  DEPOSITS_NOT_ALLOWED: "deposits_not_allowed",
  PAYOUTS_NOT_ALLOWED: "payouts_unavailable",
  PROVIDER_TEMPORARILY_UNAVAILABLE: "operator_unavailable",
  PAYMENT_IN_PROGRESS: "payment_in_progress",
  RECIPIENT_NOT_FOUND: "recipient_not_found",
  // refunds (the deposit's state at pawaPay)
  DEPOSIT_NOT_FOUND: "not_refundable",
  DEPOSIT_NOT_COMPLETED: "not_refundable",
  ALREADY_REFUNDED: "already_refunded",
  AMOUNT_TOO_LARGE: "amount_too_large",
  IN_PROGRESS: "refund_in_progress",
  UNSPECIFIED_FAILURE: "other",
  UNKNOWN_ERROR: "other",
};

/**
 * What each pawaPay failure code says of pawaPay's health (the circuit breaker, breaker.ts), from
 * its failure codes page (docs.pawapay.io/v2/docs/failure_codes: "technical" codes, HTTP 400–403,
 * "should not happen during live operation"; the rest are about one transaction). Only two kinds
 * count: `provider`, no request can pass now (our API token or signature refused: every request
 * fails alike; pawaPay's own UNKNOWN_ERROR); `operator`, one operator is unavailable at pawaPay
 * (PROVIDER_TEMPORARILY_UNAVAILABLE names the operator, a "provider" in pawaPay's words). Every
 * other code is about this request (its body, amount, currency, country, operator code, the
 * merchant's rights on that operator, the payer or recipient): failed over or failed, never counted.
 * A code not listed counts as one request's.
 */
const outages: Record<string, Outage | "request"> = {
  NO_AUTHENTICATION: "provider",
  AUTHENTICATION_ERROR: "provider",
  AUTHORISATION_ERROR: "provider",
  HTTP_SIGNATURE_ERROR: "provider",
  UNKNOWN_ERROR: "provider",
  PROVIDER_TEMPORARILY_UNAVAILABLE: "operator",
  INVALID_INPUT: "request",
  MISSING_PARAMETER: "request",
  UNSUPPORTED_PARAMETER: "request",
  INVALID_PARAMETER: "request",
  DUPLICATE_METADATA_FIELD: "request",
  AMOUNT_OUT_OF_BOUNDS: "request",
  INVALID_AMOUNT: "request",
  INVALID_CURRENCY: "request",
  INVALID_COUNTRY: "request",
  INVALID_PHONE_NUMBER: "request",
  INVALID_PROVIDER: "request",
  DEPOSITS_NOT_ALLOWED: "request",
  PAYOUTS_NOT_ALLOWED: "request",
  REFUNDS_NOT_ALLOWED: "request",
  PAYER_LIMIT_REACHED: "request",
  PAYMENT_IN_PROGRESS: "request",
  INSUFFICIENT_BALANCE: "request",
  PAYMENT_NOT_APPROVED: "request",
  PAYER_NOT_FOUND: "request",
  RECIPIENT_NOT_FOUND: "request",
  UNSPECIFIED_FAILURE: "request",
  DEPOSIT_NOT_FOUND: "request",
  DEPOSIT_NOT_COMPLETED: "request",
  ALREADY_REFUNDED: "request",
  AMOUNT_TOO_LARGE: "request",
  IN_PROGRESS: "request",
};

/** The breaker's reading of a refusal's failure code: an outage of pawaPay, of one operator there, or none. */
export function outageOf(failureCode: string | undefined): Outage | undefined {
  const said = failureCode ? outages[failureCode] : undefined;
  return said === "request" ? undefined : said;
}

/** Every failure code pawaPay documents that Kola names (its checkout words each one). */
export const pawapayFailureCodes = Object.keys(reasons);

export function reasonOf(failureCode: string | undefined): string {
  if (!failureCode) return "other";
  return reasons[failureCode] ?? "provider_error";
}

/** Decimal places pawaPay takes for an amount (active-conf `decimalsInAmount`). */
export function decimalsOf(setting: string | undefined, currencyDecimals: number): number {
  if (setting === "NONE") return 0;
  if (setting === "TWO_PLACES") return Math.min(2, currencyDecimals);
  return currencyDecimals;
}

/**
 * Our integer minor units as pawaPay writes the amount: a decimal string with at most `places`
 * decimals. Null when the amount cannot be written so (cents where the provider takes none):
 * money is never rounded.
 */
export function amountText(minor: number, currencyDecimals: number, places: number): string | null {
  const scale = 10 ** currencyDecimals;
  const whole = Math.trunc(minor / scale);
  const fraction = minor % scale;
  if (fraction === 0) return String(whole);
  if (places === 0) return null;
  const digits = String(fraction).padStart(currencyDecimals, "0").replace(/0+$/, "");
  if (digits.length > places) return null;
  return `${whole}.${digits}`;
}

/** pawaPay's amount string back in our minor units; null when it is not a plain decimal. */
export function minorOf(text: string, currencyDecimals: number): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(currencyDecimals, "0");
  if (fraction.length > currencyDecimals) return null;
  return Number(match[1]) * 10 ** currencyDecimals + Number(fraction || "0");
}

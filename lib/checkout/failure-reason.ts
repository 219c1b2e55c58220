import { isCardOperator } from "@/lib/core/cards";
import { t, type Locale, type MessageKey } from "./i18n";

// Why a payment did not go through, in the words the buyer reads on the checkout's failure page;
// the merchant's payment page shows the same words (app/dashboard/(pages)/payments/[track_id]).

const known: Record<string, MessageKey> = {
  insufficient_funds: "failed.insufficient_funds",
  refused_by_payer: "failed.refused_by_payer",
  provider_error: "failed.provider_error",
  payer_not_found: "failed.payer_not_found",
  payer_limit_reached: "failed.payer_limit_reached",
  amount_out_of_bounds: "failed.amount_out_of_bounds",
  operator_unavailable: "failed.operator_unavailable",
  // pawaPay's REJECTED reasons, each in its own words
  invalid_phone_number: "failed.invalid_phone_number",
  invalid_amount: "failed.invalid_amount",
  invalid_currency: "failed.invalid_currency",
  invalid_provider: "failed.invalid_provider",
  deposits_not_allowed: "failed.deposits_not_allowed",
  provider_unreachable: "failed.provider_unreachable",
  payment_in_progress: "failed.payment_in_progress",
  no_answer_from_payer: "failed.expired",
};

/** The message of a failed or expired deposit's reason (an unknown reason: the operator refused). */
export function failureReasonKey(status: string, reason: string | null): MessageKey {
  if (status === "expired") return "failed.expired";
  return known[reason ?? ""] ?? "failed.other";
}

/** Every reason's words in `locale`, keyed by reason, plus `expired` and `other`: for a page that words them itself. */
export function failureReasonWords(locale: Locale): Record<string, string> {
  const words: Record<string, string> = { expired: t(locale, "failed.expired"), other: t(locale, "failed.other") };
  for (const [reason, key] of Object.entries(known)) words[reason] = t(locale, key);
  return words;
}

/**
 * A card payment that CinetPay's card channel never took: it answered an error, or nobody could be
 * reached. No bank saw it; the buyer is told cards are out of order now and may pay by mobile money.
 */
export function isCardOutage(deposit: { operator: string; status: string; failureReason: string | null }): boolean {
  return isCardOperator(deposit.operator) && deposit.status === "failed" && (deposit.failureReason === "provider_error" || deposit.failureReason === "provider_unreachable");
}

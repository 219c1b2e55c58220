import type { Mode } from "@/lib/core/modes";
import { countries, isCountry } from "@/lib/countries";
import { payoutOperatorOf } from "@/lib/countries/operator-of-number";
import { providerByName, providersForMode, refundProviderFor } from "@/lib/providers";
import type { Provider } from "./types";

/**
 * Payouts are recorded with the mode's first provider that can pay out (test mode: the sandbox);
 * the sender routes each one by its operator before it is first sent (send.ts).
 */
export function payoutProviderName(mode: Mode): string | null {
  return providersForMode(mode).find((p) => p.capabilities.moneyOut)?.name ?? null;
}

/** A refund goes back through the provider that collected the payment, if it can refund. */
export function canRefund(providerName: string): boolean {
  return refundProviderFor(providerName) !== null;
}

export function moneyOutProvider(name: string): Provider | undefined {
  return providerByName(name);
}

/**
 * The operator a seller payout is recorded with. Marketplace links store the seller's phone, not the
 * seller's operator: the number's, by its prefix (lib/countries/operator-of-number.ts), or "" when the
 * number does not tell; before it is first sent, a provider that can tell (pawaPay's predict-provider)
 * is asked, and a payout whose operator is still unknown then fails (`operator_unknown`) rather than
 * go to a guessed wallet (lib/money-out/send.ts). PATCH /v1/payouts/{id} sends it with an operator.
 */
export function sellerOperator(country: string, phoneNumber: string): string {
  if (!isCountry(country)) return "";
  return payoutOperatorOf(phoneNumber, country) ?? "";
}

/** ISO 3166-1 alpha-2 of an alpha-3 code, as the provider contract wants it. */
export function iso2Of(country: string): string {
  return isCountry(country) ? countries[country].iso2 : country;
}

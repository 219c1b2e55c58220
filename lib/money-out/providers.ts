import type { Mode } from "@/lib/accounts/modes";
import { countries, isCountry } from "@/lib/countries";
import { providerByName, providersForMode, refundProviderFor } from "@/lib/payments/providers";
import type { Provider } from "@/lib/payments/providers/types";

/**
 * Payouts are recorded with the mode's first provider that can pay out (test mode: the sandbox);
 * the sender routes each one by its operator before it is first sent (send.ts, issue 18).
 */
export function payoutProviderName(mode: Mode): string | null {
  return providersForMode(mode).find((p) => p.sendPayout)?.name ?? null;
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
 * seller's operator: the country's first operator, until the sender asks a provider that can tell
 * (lib/money-out/send.ts).
 */
export function sellerOperator(country: string): string {
  if (!isCountry(country)) return "";
  return Object.keys(countries[country].operators)[0] ?? "";
}

/** ISO 3166-1 alpha-2 of an alpha-3 code, as the provider contract wants it. */
export function iso2Of(country: string): string {
  return isCountry(country) ? countries[country].iso2 : country;
}

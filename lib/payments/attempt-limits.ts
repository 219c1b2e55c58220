import type { Mode } from "@/lib/core/modes";
import { addressSubject } from "@/lib/http/client-address";
import { hit, type Limit } from "@/lib/http/rate-limit";

// Each payment attempt makes the provider push a prompt to the phone typed in, and the checkout
// needs no account: without limits anyone can ring any number, or flood a link, at will.
//
// - per phone, 5 per 10 minutes, in live mode: a buyer whose attempt fails (wrong PIN, short
//   balance) retries two or three times; more is someone else's finger on the button. Test mode
//   sends no prompt to anyone (the sandbox answers), and developers reuse its outcome numbers
//   (…01, …02, …03) all day: there the two limits below are enough.
// - per client address, 30 per 10 minutes: mobile carriers put many buyers behind one address
//   (carrier-grade NAT), so this one is looser; it stops one machine spraying many phones.
// - per link, 30 per minute: a paid-once link has one buyer; a marketplace product selling every
//   two seconds for a minute is beyond the shops we serve, and its buyers wait less than a minute.
//
// The address is counted first, then the phone, then the link: requests refused for their address
// do not use up a link's allowance, which makes locking a link out for its real buyers costlier.
export const paymentAttemptLimits = {
  address: { name: "pay-address", max: 30, windowMs: 10 * 60_000 },
  phone: { name: "pay-phone", max: 5, windowMs: 10 * 60_000 },
  link: { name: "pay-link", max: 30, windowMs: 60_000 },
} satisfies Record<string, Limit>;

export type PaymentAttempt = {
  mode: Mode;
  linkId: string;
  /** E.164 digits, as validated */
  phone: string;
  /** the buyer's address (lib/http/client-address.ts); undefined when the attempt is not a buyer's request */
  clientAddress: string | undefined;
};

/**
 * Counts one buyer's payment attempt; past a limit, throws RateLimitedError (429 with Retry-After),
 * which names the limit: the checkout words it (lib/checkout/buyer-answer.ts).
 * Attempts made by our own code (no client address: tests, tools) are not a buyer's and not counted.
 */
export async function limitPaymentAttempt({ mode, linkId, phone, clientAddress }: PaymentAttempt): Promise<void> {
  if (clientAddress === undefined) return;
  await hit(paymentAttemptLimits.address, addressSubject(clientAddress));
  if (mode === "live") await hit(paymentAttemptLimits.phone, phone);
  await hit(paymentAttemptLimits.link, linkId);
}

import type { Mode } from "@/lib/core/modes";
import { addressSubject } from "@/lib/http/client-address";
import { hit, type Limit } from "@/lib/http/rate-limit";

// A request to pay makes an operator ring a stranger's phone: without limits a merchant (or a stolen
// key, or a prank at a stall) could ring a number all day. Counted in the rate-limit store (Redis,
// or the database's rate_limits: every process shares them), in both modes (a test-mode limit is
// how an integrator learns it before going live). Past one: 429 RATE_LIMITED with Retry-After.
//
// - per number and account, 5 per 10 minutes: a buyer who mistyped a PIN or lacked balance is
//   asked again two or three times; more is harassment;
// - per number, 10 an hour across all accounts: one phone rung by many merchants is abuse too;
// - per account, 600 an hour: a busy stall sells every few seconds at peak, not more;
// - a stall's page (no account signed in) also counts the buyer's address, as the checkout does.
export const pushLimits = {
  accountPhone: { name: "push-account-phone", max: 5, windowMs: 10 * 60_000 },
  phone: { name: "push-phone", max: 10, windowMs: 60 * 60_000 },
  account: { name: "push-account", max: 600, windowMs: 60 * 60_000 },
  address: { name: "push-address", max: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts one push (or pay link) to `phone` (E.164 digits) by the account; throws RateLimitedError past a limit. */
export async function limitPush(owner: { accountId: string; mode: Mode }, phone: string, clientAddress?: string): Promise<void> {
  if (clientAddress !== undefined) await hit(pushLimits.address, addressSubject(clientAddress));
  await hit(pushLimits.accountPhone, `${owner.accountId}:${owner.mode}:${phone}`);
  await hit(pushLimits.phone, `${owner.mode}:${phone}`);
  await hit(pushLimits.account, `${owner.accountId}:${owner.mode}`);
}

import { depositStatuses, type DepositStatus } from "@/lib/core/deposit-statuses";
import type { EventType } from "@/lib/core/event-types";

// The one status machine of deposits and transactions (DESIGN §6):
//   pending → success | failed | expired, and terminal statuses never change, with one exception:
//   expired → success. Our expiry is our own timeout, not the provider's answer; a success the
//   provider reports after it is money taken from the buyer, so it is recorded (DESIGN §6, "our
//   timeout never hides a payment").

export type TerminalStatus = Exclude<DepositStatus, "pending">;

export function isTerminal(status: DepositStatus): status is TerminalStatus {
  return status !== "pending";
}

export function canTransition(from: DepositStatus, to: DepositStatus): to is TerminalStatus {
  if (from === "pending") return isTerminal(to);
  return from === "expired" && to === "success";
}

/** The statuses a deposit may be in to move to `to`: what settleDeposit's conditional update requires. */
export function statusesBefore(to: TerminalStatus): DepositStatus[] {
  return depositStatuses.filter((from) => canTransition(from, to));
}

const suffix = { success: "succeeded", failed: "failed", expired: "expired" } as const;

/** The event a transition announces: `payment.*` for payment links, `marketplace.transaction.*` otherwise. */
export function eventTypeFor(kind: "payment_link" | "marketplace", to: TerminalStatus): EventType {
  return kind === "payment_link" ? `payment.${suffix[to]}` : `marketplace.transaction.${suffix[to]}`;
}

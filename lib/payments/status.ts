import type { DepositStatus, EventType } from "@/lib/db/schema";

// The one status machine of deposits and transactions (DESIGN §6):
//   pending → success | failed | expired, and terminal statuses never change.
export type TerminalStatus = Exclude<DepositStatus, "pending">;

export function isTerminal(status: DepositStatus): status is TerminalStatus {
  return status !== "pending";
}

export function canTransition(from: DepositStatus, to: DepositStatus): to is TerminalStatus {
  return from === "pending" && isTerminal(to);
}

const suffix = { success: "succeeded", failed: "failed", expired: "expired" } as const;

/** The event a transition announces: `payment.*` for payment links, `marketplace.transaction.*` otherwise. */
export function eventTypeFor(kind: "payment_link" | "marketplace", to: TerminalStatus): EventType {
  return kind === "payment_link" ? `payment.${suffix[to]}` : `marketplace.transaction.${suffix[to]}`;
}

// The statuses of a payment attempt (a deposit). Dependency-free: lib/db/schema.ts, the API
// schemas and the browser all import this one list.

export const depositStatuses = ["pending", "success", "failed", "expired"] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** What a row of a deposit's history records: its making, a status change, its buyer giving it up. */
export const depositHistoryEvents = ["created", "status_changed", "given_up"] as const;
export type DepositHistoryEvent = (typeof depositHistoryEvents)[number];

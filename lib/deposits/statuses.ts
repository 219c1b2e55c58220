// The statuses of a payment attempt (a deposit). Dependency-free: lib/db/schema.ts, the API
// schemas and the browser all import this one list.

export const depositStatuses = ["pending", "success", "failed", "expired"] as const;
export type DepositStatus = (typeof depositStatuses)[number];

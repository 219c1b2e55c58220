import type { DepositStatus } from "./deposit-statuses";

// What the dashboard shows as a status, derived here once from what the API answers (its status
// values stay as they are: this is display). A LINK is open, paid or archived: an attempt that
// failed is the attempt's status, shown on the attempt, never the link's (buyers can still pay it).
// A PAYMENT that succeeded and was refunded in part or in whole says so.

export const linkDisplayStatuses = ["open", "paid", "archived"] as const;
export type LinkDisplayStatus = (typeof linkDisplayStatuses)[number];

/**
 * A payment link's status: archived once withdrawn (it takes nothing, whatever it took before:
 * the checkout answers « n'est plus disponible » first), else paid once any attempt succeeded
 * (`payment_status` is `success`), else open.
 */
export function linkDisplayStatus(link: { archived?: boolean; archived_at?: string | null; payment_status?: DepositStatus | null }): LinkDisplayStatus {
  if (link.archived || link.archived_at) return "archived";
  return link.payment_status === "success" ? "paid" : "open";
}

export const paymentDisplayStatuses = ["pending", "success", "partly_refunded", "refunded", "failed", "expired"] as const;
export type PaymentDisplayStatus = (typeof paymentDisplayStatuses)[number];

/**
 * A payment's status: its own, except a success that refunds took or hold money of
 * (`refunded_amount`, pending refunds included, as the API counts it): « Remboursé » when all of
 * it, « Remboursé en partie » when some. A payment seen without its refunded amount keeps its own.
 */
export function paymentDisplayStatus(payment: { status: DepositStatus; amount?: number; refunded_amount?: number | null }): PaymentDisplayStatus {
  const refunded = payment.refunded_amount ?? 0;
  if (payment.status !== "success" || refunded <= 0 || payment.amount === undefined) return payment.status;
  return refunded >= payment.amount ? "refunded" : "partly_refunded";
}

// The ledger's vocabulary (issue 11), and the statuses of money going out. Dependency-free:
// lib/db/schema.ts, the API schemas and the dashboard all import these lists.

/**
 * The ledger accounts every merchant account has, per mode and currency. A posting's amount is
 * signed and every entry's postings sum to zero per currency. Money owed to someone is positive
 * (merchant_*, seller_payable, *_in_flight); `provider_clearing` is the other side: the money the
 * providers hold for us, negative while they hold it.
 */
export const ledgerAccounts = [
  "provider_clearing",
  "merchant_pending",
  "merchant_available",
  "seller_payable",
  "payouts_in_flight",
  "refunds_in_flight",
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/** The balances that can never go below zero: a debit that would is refused in the database. */
export const nonNegativeAccounts: readonly LedgerAccount[] = [
  "merchant_pending",
  "merchant_available",
  "seller_payable",
  "payouts_in_flight",
  "refunds_in_flight",
];

/** What caused an entry. */
export const entryKinds = [
  "payment", // a payment link paid: the merchant is credited
  "marketplace_sale", // a marketplace sale: the seller's share to seller_payable, the fee to the merchant
  "duplicate_payment", // a second success on a paid link: owed back to the buyer (refunded automatically)
  "release", // a payment's pending money becomes available
  "payout", // a payout (seller payout or withdrawal) is created: its money is set aside
  "payout_succeeded",
  "payout_failed", // the money set aside goes back where it came from
  "refund",
  "refund_succeeded",
  "refund_failed",
] as const;
export type EntryKind = (typeof entryKinds)[number];

/** pending: recorded, not yet taken by the provider; processing: the provider has it. */
export const disbursementStatuses = ["pending", "processing", "success", "failed"] as const;
export type DisbursementStatusName = (typeof disbursementStatuses)[number];

/** seller: a marketplace seller's share of a sale; withdrawal: the merchant's own money to their phone. */
export const payoutKinds = ["seller", "withdrawal"] as const;
export type PayoutKind = (typeof payoutKinds)[number];

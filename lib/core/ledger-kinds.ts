// The ledger's vocabulary, and the statuses of money going out. Dependency-free:
// lib/db/schema.ts, the API schemas and the dashboard all import these lists.

/**
 * The ledger accounts every merchant account has, per mode and currency. A posting's amount is
 * signed and every entry's postings sum to zero per currency. Money owed to someone is positive
 * (merchant_*, seller_*, *_in_flight); `provider_clearing` is the other side: the money the
 * providers hold for us, negative while they hold it.
 *
 * Marketplace sellers are parties of their own: a posting to `seller_pending`,
 * `seller_payable`, `merchant_receivable` or a seller payout's `payouts_in_flight` names its seller,
 * and each seller's balances are kept beside the merchant's totals (seller_balances), the way a
 * subsidiary ledger sits under its control account.
 */
export const ledgerAccounts = [
  "provider_clearing",
  "merchant_pending",
  "merchant_available",
  /** what sellers whose balance went below zero owe the merchant, who advanced it (debit_seller refunds) */
  "merchant_receivable",
  /** sellers' shares still in their payout hold (`seller_payout_delay_days`) */
  "seller_pending",
  /** sellers' money due to them: hold over, not paid out yet (or a payout failed); below zero: a debt */
  "seller_payable",
  "payouts_in_flight",
  "refunds_in_flight",
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/**
 * The balances that can never go below zero: a debit that would is refused in the database.
 * `seller_payable` is not among them: one seller's debt can outweigh the others' money. Per seller,
 * only a refund may take it below zero (ledger/post.ts), and the merchant advances that debt.
 */
export const nonNegativeAccounts: readonly LedgerAccount[] = [
  "merchant_pending",
  "merchant_available",
  "merchant_receivable",
  "seller_pending",
  "payouts_in_flight",
  "refunds_in_flight",
];

/** The accounts whose postings always name a seller. */
export const sellerAccounts: readonly LedgerAccount[] = ["seller_pending", "seller_payable", "merchant_receivable"];

/** What caused an entry. */
export const entryKinds = [
  "payment", // a payment link paid: the merchant is credited
  "marketplace_sale", // a marketplace sale: the seller's share to seller_payable, the fee to the merchant
  "duplicate_payment", // a second success on a paid link: owed back to the buyer (refunded automatically)
  "release", // a payment's pending money becomes available
  "seller_release", // a sale's seller share leaves its payout hold: seller_pending → seller_payable
  "payout", // a payout (seller payout or withdrawal) is created: its money is set aside
  "payout_redirected", // a failed seller payout sent again to a corrected phone (PATCH /v1/payouts/{id})
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

/**
 * Who bears a marketplace sale's refund: `reverse` takes the seller's part back from its
 * share while Kola still holds it; `merchant` leaves the seller paid; `debit_seller` takes it from
 * the seller's balance, which may go below zero and is netted from its next sales.
 */
export const sellerShareModes = ["reverse", "merchant", "debit_seller"] as const;
export type SellerShareMode = (typeof sellerShareModes)[number];

/** seller: a marketplace seller's share of a sale; withdrawal: the merchant's own money to their phone. */
export const payoutKinds = ["seller", "withdrawal"] as const;
export type PayoutKind = (typeof payoutKinds)[number];

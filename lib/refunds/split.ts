import type { SellerShareMode } from "@/lib/core/ledger-kinds";

// Who bears a marketplace sale's refund, in one place for POST /v1/refunds and its
// preview. Pure arithmetic on the sale's share; the caller holds the share's row lock.

export type ShareState = { amount: number; held: number; owed: number; refunded: number };
export type RefundSplit = { sellerShare: SellerShareMode; sharePart: number; sellerAmount: number; merchantAmount: number };

/**
 * The seller's part of a refund that brings the sale's refunded total to `refundedAfter`: the share
 * in proportion to what the buyer paid, counted on the running total, so that the parts of any
 * number of partial refunds add up to the whole share exactly when the sale is refunded in full.
 */
export function sharePartOf(share: ShareState, buyerPrice: number, refundedAfter: number): number {
  const due = Number((BigInt(refundedAfter) * BigInt(share.amount) * 2n + BigInt(buyerPrice)) / (2n * BigInt(buyerPrice))); // rounded half up
  return Math.min(share.amount - share.refunded, Math.max(0, due - share.refunded));
}

/** Taken back from the share while Kola still holds enough of it; the merchant's once it has left. */
export function defaultSellerShare(share: ShareState, sharePart: number): SellerShareMode {
  return canReverse(share, sharePart) ? "reverse" : "merchant";
}

export function canReverse(share: ShareState, sharePart: number): boolean {
  return share.held + share.owed >= sharePart;
}

/** What the seller's balance and the merchant's pay of a refund of `amount`. */
export function splitRefund(amount: number, sharePart: number, sellerShare: SellerShareMode): RefundSplit {
  const sellerAmount = sellerShare === "merchant" ? 0 : sharePart;
  return { sellerShare, sharePart, sellerAmount, merchantAmount: amount - sellerAmount };
}

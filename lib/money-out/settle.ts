import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { deposits, payouts, refunds, sellers, sellerShares } from "@/lib/db/schema";
import { insertEvent, claimEventSequence } from "@/lib/deposits/event-sequence";
import type { Line } from "@/lib/ledger/entry";
import { postEntry } from "@/lib/ledger/post";
import { log, maskPhone } from "@/lib/runtime/log";
import { crashPoint } from "@/lib/runtime/crash-point";
import type { DisbursementStatus } from "@/lib/providers/types";
import { getPayoutOrThrow } from "@/lib/payouts/queries";
import { getRefundOrThrow } from "@/lib/refunds/queries";
import { lockShare, shareAccount } from "@/lib/sellers/shares";

export type Outcome = Extract<DisbursementStatus, { state: "settled" }>;

const open = ["pending", "processing"] as const;
const outcomeColumns = (success: boolean, outcome: Outcome, reference: unknown) => ({
  status: success ? ("success" as const) : ("failed" as const),
  failureReason: outcome.outcome === "failed" ? outcome.reason : null,
  providerReference: outcome.providerReference ?? sql`${reference}`,
  completedAt: sql`now()`,
  updatedAt: sql`now()`,
});

/**
 * A payout's final outcome, once: one conditional update (from pending or processing), its ledger
 * entry and its outbox event, all in `tx`. A success sends the money set aside out of the books
 * (it left the provider); a failure returns it where it came from: the seller's available balance
 * and its sale's share (send it again: retry, or PATCH a new phone), or the merchant's available
 * balance for a withdrawal. False when it was settled already. A seller payout is announced as
 * `seller_payout.*` (with the sale's split), a withdrawal as `payout.*`. A seller payout's success
 * adds to the seller's `paid_out` here too: a payout is settled once and never leaves success or
 * failed, so the total only grows, in the transaction that made it so.
 */
export async function settlePayout(tx: Db | Tx, payoutId: string, outcome: Outcome): Promise<boolean> {
  const success = outcome.outcome === "success";
  const [row] = await tx
    .update(payouts)
    .set(outcomeColumns(success, outcome, payouts.providerReference))
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, open)))
    .returning();
  if (!row) return false;
  await crashPoint("disbursement-settled"); // a crash here rolls the outcome back with its posting
  const slot = row.depositId ? await claimEventSequence(tx, row.depositId) : null; // before the share: deposit, then share

  const seller = row.kind === "seller" ? row.sellerId : null;
  if (!success && seller && row.depositId) {
    await lockShare(tx, row.depositId);
    await tx.update(sellerShares).set({ owed: sql`${sellerShares.owed} + ${row.amount}` }).where(eq(sellerShares.depositId, row.depositId));
  }
  await postEntry(tx, {
    accountId: row.accountId,
    mode: row.mode,
    currency: row.currency,
    kind: success ? "payout_succeeded" : "payout_failed",
    payoutId: row.id,
    lines: [
      { account: "payouts_in_flight", amount: -row.amount, sellerId: seller },
      success ? { account: "provider_clearing", amount: row.amount } : seller ? { account: "seller_payable", amount: row.amount, sellerId: seller } : { account: "merchant_available", amount: row.amount },
    ],
  });
  // after the seller's balance rows (postEntry): the lock order every payout of the seller takes
  if (success && seller) {
    await tx.update(sellers).set({ paidOut: sql`${sellers.paidOut} + ${row.amount}` }).where(eq(sellers.id, seller));
    await crashPoint("seller-paid-out-counted"); // a crash here rolls the total back with the outcome
  }
  const view = await getPayoutOrThrow(row, row.id, tx);
  const prefix = row.kind === "seller" ? "seller_payout" : "payout";
  // a seller's payout is numbered among its sale's events; a withdrawal has no deposit
  await insertEvent(tx, { accountId: row.accountId, mode: row.mode, type: success ? `${prefix}.succeeded` : `${prefix}.failed`, payoutId: row.id, data: view }, slot);
  log(success ? "info" : "warn", "payout settled", { payout_id: row.id, kind: row.kind, status: row.status, reason: row.failureReason, phone: maskPhone(row.phoneNumber) });
  return true;
}

/**
 * A refund's final outcome, once, the same way. A failure gives each part back where it came from
 * and to what may still be refunded of the payment: the merchant's part to its available balance;
 * the seller's part to the seller's balance, and for a `reverse` refund to the sale's
 * share, held or owed as the share now is, so that it is paid out after all.
 */
export async function settleRefund(tx: Db | Tx, refundId: string, outcome: Outcome): Promise<boolean> {
  const success = outcome.outcome === "success";
  const [row] = await tx
    .update(refunds)
    .set(outcomeColumns(success, outcome, refunds.providerReference))
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, open)))
    .returning();
  if (!row) return false;
  await crashPoint("disbursement-settled");
  const slot = await claimEventSequence(tx, row.depositId); // before the share: deposit, then share

  const lines: Line[] = [{ account: "refunds_in_flight", amount: -row.amount }];
  if (success) lines.push({ account: "provider_clearing", amount: row.amount });
  else {
    lines.push({ account: "merchant_available", amount: row.amount - row.sellerAmount });
    const share = row.sellerId ? await lockShare(tx, row.depositId) : null;
    if (share) {
      const back = row.sellerShare === "reverse" ? shareAccount(share) : "seller_payable";
      if (row.sellerAmount > 0) lines.push({ account: back, amount: row.sellerAmount, sellerId: share.sellerId });
      const returned = row.sellerShare === "reverse" ? row.sellerAmount : 0;
      await tx
        .update(sellerShares)
        .set({
          refunded: sql`${sellerShares.refunded} - ${row.sharePart}`,
          held: sql`${sellerShares.held} + ${back === "seller_pending" ? returned : 0}`,
          owed: sql`${sellerShares.owed} + ${back === "seller_payable" ? returned : 0}`,
        })
        .where(eq(sellerShares.depositId, share.depositId));
    }
    await tx
      .update(deposits)
      .set({ refundedAmount: sql`${deposits.refundedAmount} - ${row.amount}`, updatedAt: sql`now()` })
      .where(eq(deposits.id, row.depositId));
  }
  await postEntry(tx, { accountId: row.accountId, mode: row.mode, currency: row.currency, kind: success ? "refund_succeeded" : "refund_failed", refundId: row.id, lines });
  const view = await getRefundOrThrow(row, row.id, tx);
  // after its payment's events, in the payment's order
  await insertEvent(tx, { accountId: row.accountId, mode: row.mode, type: success ? "refund.succeeded" : "refund.failed", refundId: row.id, data: view }, slot);
  log(success ? "info" : "warn", "refund settled", { refund_id: row.id, status: row.status, reason: row.failureReason, automatic: row.automatic });
  return true;
}

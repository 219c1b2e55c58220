import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { deposits, outboxEvents, payouts, refunds } from "@/lib/db/schema";
import { postEntry } from "@/lib/ledger/post";
import { log, maskPhone } from "@/lib/log";
import { crashPoint } from "@/lib/payments/crash-point";
import type { DisbursementStatus } from "@/lib/payments/providers/types";
import { getPayoutOrThrow } from "@/lib/payouts/queries";
import { getRefundOrThrow } from "@/lib/refunds/queries";

export type Outcome = Extract<DisbursementStatus, { state: "settled" }>;

const open = ["pending", "processing"] as const;

/**
 * A payout's final outcome, once: one conditional update (from pending or processing), its ledger
 * entry and its outbox event, all in `tx`. A success sends the money set aside out of the books
 * (it left the provider); a failure returns it where it came from: seller_payable for a seller
 * payout (retry it), merchant_available for a withdrawal. False when it was settled already.
 */
export async function settlePayout(tx: Db | Tx, payoutId: string, outcome: Outcome): Promise<boolean> {
  const success = outcome.outcome === "success";
  const [row] = await tx
    .update(payouts)
    .set({
      status: success ? "success" : "failed",
      failureReason: success ? null : outcome.reason,
      providerReference: outcome.providerReference ?? sql`${payouts.providerReference}`,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, open)))
    .returning();
  if (!row) return false;
  await crashPoint("disbursement-settled"); // a crash here rolls the outcome back with its posting

  const back = row.kind === "seller" ? "seller_payable" : "merchant_available";
  await postEntry(tx, {
    accountId: row.accountId,
    mode: row.mode,
    currency: row.currency,
    kind: success ? "payout_succeeded" : "payout_failed",
    payoutId: row.id,
    lines: [
      { account: "payouts_in_flight", amount: -row.amount },
      { account: success ? "provider_clearing" : back, amount: row.amount },
    ],
  });
  const view = await getPayoutOrThrow(row, row.id, tx);
  await tx.insert(outboxEvents).values({
    accountId: row.accountId,
    mode: row.mode,
    type: success ? "payout.succeeded" : "payout.failed",
    payoutId: row.id,
    data: view,
  });
  log(success ? "info" : "warn", "payout settled", { payout_id: row.id, kind: row.kind, status: row.status, reason: row.failureReason, phone: maskPhone(row.phoneNumber) });
  return true;
}

/**
 * A refund's final outcome, once, the same way. A failure gives the amount back to the merchant's
 * available balance and to what may still be refunded of the payment.
 */
export async function settleRefund(tx: Db | Tx, refundId: string, outcome: Outcome): Promise<boolean> {
  const success = outcome.outcome === "success";
  const [row] = await tx
    .update(refunds)
    .set({
      status: success ? "success" : "failed",
      failureReason: success ? null : outcome.reason,
      providerReference: outcome.providerReference ?? sql`${refunds.providerReference}`,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, open)))
    .returning();
  if (!row) return false;
  await crashPoint("disbursement-settled");

  if (!success) {
    await tx
      .update(deposits)
      .set({ refundedAmount: sql`${deposits.refundedAmount} - ${row.amount}`, updatedAt: sql`now()` })
      .where(eq(deposits.id, row.depositId));
  }
  await postEntry(tx, {
    accountId: row.accountId,
    mode: row.mode,
    currency: row.currency,
    kind: success ? "refund_succeeded" : "refund_failed",
    refundId: row.id,
    lines: [
      { account: "refunds_in_flight", amount: -row.amount },
      { account: success ? "provider_clearing" : "merchant_available", amount: row.amount },
    ],
  });
  const view = await getRefundOrThrow(row, row.id, tx);
  await tx.insert(outboxEvents).values({
    accountId: row.accountId,
    mode: row.mode,
    type: success ? "refund.succeeded" : "refund.failed",
    refundId: row.id,
    data: view,
  });
  log(success ? "info" : "warn", "refund settled", { refund_id: row.id, status: row.status, reason: row.failureReason, automatic: row.automatic });
  return true;
}

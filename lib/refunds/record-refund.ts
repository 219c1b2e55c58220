import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { deposits, refunds } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import type { SellerShareMode } from "@/lib/core/ledger-kinds";

// Recording a refund, apart from sending it: used by POST /v1/refunds (./create-refund.ts) and by
// a payment's settlement (the automatic refund of a duplicate success, lib/settlement).

export type RefundRow = typeof refunds.$inferSelect;

/**
 * The automatic refund of a duplicate success (DESIGN §3), in its settlement's transaction. Its
 * money is already in refunds_in_flight (the `duplicate_payment` entry): no refund entry.
 */
export async function recordAutomaticRefund(tx: Db | Tx, deposit: DepositRow): Promise<void> {
  if ((await reserveRefund(tx, deposit.id, deposit.amount)) === null) return;
  await insertRefund(tx, deposit, { amount: deposit.amount, reason: "duplicate_payment", automatic: true });
}

/**
 * Raises the deposit's refunded amount by `amount` if the payment still covers it: a conditional
 * update, so concurrent refunds never exceed the payment. The refunded amount after it, or null.
 */
export async function reserveRefund(tx: Db | Tx, depositId: string, amount: number): Promise<number | null> {
  const [row] = await tx
    .update(deposits)
    .set({ refundedAmount: sql`${deposits.refundedAmount} + ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(deposits.id, depositId), eq(deposits.status, "success"), sql`${deposits.refundedAmount} + ${amount} <= ${deposits.amount}`))
    .returning({ refundedAmount: deposits.refundedAmount });
  return row ? row.refundedAmount : null;
}

type Split = { sellerId: string; sellerShare: SellerShareMode; sharePart: number; sellerAmount: number };

export async function insertRefund(tx: Db | Tx, deposit: DepositRow, fields: { amount: number; reason: string; automatic: boolean; split?: Split }): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({
      accountId: deposit.accountId,
      mode: deposit.mode,
      depositId: deposit.id,
      amount: fields.amount,
      currency: deposit.currency,
      reason: fields.reason,
      automatic: fields.automatic,
      provider: deposit.provider,
      ...fields.split,
    })
    .returning();
  return row!;
}

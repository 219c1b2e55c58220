import { and, eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/accounts/queries";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, refunds } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { ApiError } from "@/lib/http/errors";
import { postEntry } from "@/lib/ledger/post";
import { kickMoneyOut } from "@/lib/money-out/kick";
import { canRefund } from "@/lib/money-out/providers";
import { presentRefund } from "./queries";
import type { CreateRefundBody, RefundView } from "./schemas";

/**
 * POST /v1/refunds. In one transaction (a savepoint inside an Idempotency-Key's): the deposit's
 * refunded amount grows by a conditional update that holds "never more than the payment" against
 * any number of concurrent refunds, the refund is recorded, and its money leaves the merchant's
 * available balance (never below zero). Any refusal leaves nothing behind. The background sender
 * hands it to the provider once committed.
 */
export async function createRefund(auth: Auth, body: CreateRefundBody): Promise<RefundView> {
  const db = await getDb();
  const view = await db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(and(eq(deposits.trackId, body.track_id), ownedBy(deposits, auth)));
    if (!deposit) throw new ApiError("DEPOSIT_NOT_FOUND");
    if (deposit.status !== "success") throw new ApiError("DEPOSIT_NOT_REFUNDABLE");
    if (!canRefund(deposit.provider)) {
      throw new ApiError("MONEY_OUT_UNAVAILABLE", `${deposit.provider}, which collected this payment, cannot refund it: pay the buyer back with a payout`);
    }
    const amount = body.amount ?? deposit.amount - deposit.refundedAmount;
    if (amount <= 0 || !(await reserve(tx, deposit.id, amount))) throw new ApiError("REFUND_EXCEEDS_REMAINING");
    const row = await insertRefund(tx, deposit, { amount, reason: body.reason, automatic: false });
    await postEntry(tx, {
      accountId: deposit.accountId,
      mode: deposit.mode,
      currency: deposit.currency,
      kind: "refund",
      refundId: row.id,
      lines: [
        { account: "merchant_available", amount: -amount },
        { account: "refunds_in_flight", amount },
      ],
    });
    return presentRefund(row, deposit.trackId);
  });
  kickMoneyOut();
  return view;
}

/**
 * The automatic refund of a duplicate success (DESIGN §3), in its settlement's transaction. Its
 * money is already in refunds_in_flight (the `duplicate_payment` entry): no refund entry.
 */
export async function createAutomaticRefund(tx: Db | Tx, deposit: DepositRow): Promise<void> {
  if (!(await reserve(tx, deposit.id, deposit.amount))) return;
  await insertRefund(tx, deposit, { amount: deposit.amount, reason: "duplicate_payment", automatic: true });
}

async function reserve(tx: Db | Tx, depositId: string, amount: number): Promise<boolean> {
  const [row] = await tx
    .update(deposits)
    .set({ refundedAmount: sql`${deposits.refundedAmount} + ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(deposits.id, depositId), eq(deposits.status, "success"), sql`${deposits.refundedAmount} + ${amount} <= ${deposits.amount}`))
    .returning({ id: deposits.id });
  return Boolean(row);
}

async function insertRefund(tx: Db | Tx, deposit: DepositRow, fields: { amount: number; reason: string; automatic: boolean }) {
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
    })
    .returning();
  return row!;
}

import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { sellerBalances } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import type { Line, NewEntry } from "./entry";
import type { LedgerAccount } from "@/lib/core/ledger-kinds";

/**
 * Moves the seller balances an entry's lines name, inside postEntry's savepoint, before
 * the merchant's totals: each seller's row in one fixed order (seller, then account). A debit that
 * would take a seller's balance below zero is refused by a conditional update, as for the merchant,
 * except a seller_payable line marked `overdraw` (a refund the seller bears).
 *
 * Returns the lines the entry must add so that a seller's debt is the merchant's advance: when a
 * seller's seller_payable goes below zero (or further), the merchant's available balance pays the
 * difference into merchant_receivable (named by the seller); when money comes back to a seller in
 * debt, that debt is repaid to the merchant first. So merchant_receivable always equals what the
 * seller owes, and money out never exceeds what the provider holds.
 */
export async function moveSellerBalances(tx: Tx, entry: NewEntry, lines: Line[]): Promise<Line[]> {
  const moves = new Map<string, { sellerId: string; account: LedgerAccount; delta: number; overdraw: boolean }>();
  for (const line of lines) {
    if (!line.sellerId) continue;
    const key = `${line.sellerId} ${line.account}`;
    const move = moves.get(key) ?? { sellerId: line.sellerId, account: line.account, delta: 0, overdraw: false };
    move.delta += line.amount;
    move.overdraw ||= Boolean(line.overdraw);
    moves.set(key, move);
  }
  const derived: Line[] = [];
  for (const [, move] of [...moves].sort(([a], [b]) => a.localeCompare(b))) {
    if (move.delta === 0) continue;
    const after = await moveOne(tx, entry, move.sellerId, move.account, move.delta, move.overdraw);
    if (move.account !== "seller_payable") continue;
    const debt = (balance: number) => Math.max(0, -balance);
    const advanced = debt(after) - debt(after - move.delta);
    if (advanced === 0) continue;
    await moveOne(tx, entry, move.sellerId, "merchant_receivable", advanced, false);
    derived.push({ account: "merchant_receivable", amount: advanced, sellerId: move.sellerId }, { account: "merchant_available", amount: -advanced });
  }
  return derived;
}

/** One seller balance moved by `delta`; its new value. */
async function moveOne(tx: Tx, entry: NewEntry, sellerId: string, account: LedgerAccount, delta: number, overdraw: boolean): Promise<number> {
  const mayGoNegative = account === "seller_payable" && overdraw;
  if (delta < 0 && !mayGoNegative) {
    const [moved] = await tx
      .update(sellerBalances)
      .set({ balance: sql`${sellerBalances.balance} + ${delta}`, updatedAt: sql`now()` })
      .where(and(eq(sellerBalances.sellerId, sellerId), eq(sellerBalances.ledgerAccount, account), sql`${sellerBalances.balance} + ${delta} >= 0`))
      .returning({ balance: sellerBalances.balance });
    if (!moved) throw new ApiError("INSUFFICIENT_BALANCE", "The seller's balance does not cover this amount");
    return moved.balance;
  }
  const [row] = await tx
    .insert(sellerBalances)
    .values({ sellerId, accountId: entry.accountId, mode: entry.mode, ledgerAccount: account, currency: entry.currency, balance: delta })
    .onConflictDoUpdate({
      target: [sellerBalances.sellerId, sellerBalances.ledgerAccount],
      set: { balance: sql`${sellerBalances.balance} + ${delta}`, updatedAt: sql`now()` },
    })
    .returning({ balance: sellerBalances.balance });
  return row!.balance;
}

import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { ledgerBalances, ledgerEntries, ledgerPostings } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import type { Line, NewEntry } from "./entry";
import { nonNegativeAccounts, sellerAccounts, type LedgerAccount } from "@/lib/core/ledger-kinds";
import { moveSellerBalances } from "./seller-balances";

export type { Line, NewEntry };

/**
 * Writes one balanced entry and moves its accounts' balances, inside the caller's transaction `tx`
 * (the one that changes the status causing it). All or nothing: a savepoint, so a refused debit
 * leaves no part of it behind even when the caller goes on and commits.
 *
 * "Never below zero" is a conditional update (`… where balance + delta >= 0`), not a read: when
 * concurrent debits race for one balance, PostgreSQL re-checks the condition on the row each
 * finds after the other committed, so exactly as many succeed as the money allows; the others
 * throw `INSUFFICIENT_BALANCE`. Sellers' own balances move first (lib/ledger/seller-balances.ts),
 * then the merchant's totals, each in one fixed order (by seller, then by account name), so two
 * entries never wait on each other in a cycle.
 *
 * A seller whose balance goes below zero owes it: the merchant advances it (merchant_available →
 * merchant_receivable) in this same entry, and gets it back as the seller's next money comes in.
 *
 * Returns the entry's id, or null when this (source, kind) was already posted: an entry is written
 * once, whatever retries or races happen (the unique indexes of ledger_entries).
 */
export async function postEntry(db: Db | Tx, entry: NewEntry): Promise<string | null> {
  const given = entry.lines.filter((l) => l.amount !== 0);
  if (given.some((l) => !Number.isSafeInteger(l.amount))) throw new Error("ledger amounts are integers (minor units)");
  if (given.reduce((sum, l) => sum + l.amount, 0) !== 0) throw new Error(`unbalanced ${entry.kind} entry`);
  if (given.some((l) => sellerAccounts.includes(l.account) && !l.sellerId)) throw new Error(`a ${entry.kind} line to a seller account names no seller`);
  if (!given.length) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ledgerEntries)
      .values({
        accountId: entry.accountId,
        mode: entry.mode,
        currency: entry.currency,
        kind: entry.kind,
        depositId: entry.depositId ?? null,
        payoutId: entry.payoutId ?? null,
        refundId: entry.refundId ?? null,
        availableAt: entry.availableAt ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: ledgerEntries.id });
    if (!row) return null;
    const lines = [...given, ...(await moveSellerBalances(tx, entry, given))];

    const byAccount = new Map<LedgerAccount, number>();
    for (const line of lines) byAccount.set(line.account, (byAccount.get(line.account) ?? 0) + line.amount);
    for (const [account, delta] of [...byAccount].sort(([a], [b]) => a.localeCompare(b))) {
      if (delta === 0) continue;
      const key = { accountId: entry.accountId, mode: entry.mode, ledgerAccount: account, currency: entry.currency };
      if (delta < 0 && nonNegativeAccounts.includes(account)) {
        const [moved] = await tx
          .update(ledgerBalances)
          .set({ balance: sql`${ledgerBalances.balance} + ${delta}`, updatedAt: sql`now()` })
          .where(
            and(
              eq(ledgerBalances.accountId, key.accountId),
              eq(ledgerBalances.mode, key.mode),
              eq(ledgerBalances.ledgerAccount, account),
              eq(ledgerBalances.currency, key.currency),
              sql`${ledgerBalances.balance} + ${delta} >= 0`,
            ),
          )
          .returning({ balance: ledgerBalances.balance });
        if (!moved) throw new ApiError("INSUFFICIENT_BALANCE");
      } else {
        await tx
          .insert(ledgerBalances)
          .values({ ...key, balance: delta })
          .onConflictDoUpdate({
            target: [ledgerBalances.accountId, ledgerBalances.mode, ledgerBalances.ledgerAccount, ledgerBalances.currency],
            set: { balance: sql`${ledgerBalances.balance} + ${delta}`, updatedAt: sql`now()` },
          });
      }
    }
    await tx.insert(ledgerPostings).values(
      lines.map((line) => ({
        accountId: entry.accountId,
        mode: entry.mode,
        entryId: row.id,
        ledgerAccount: line.account,
        currency: entry.currency,
        amount: line.amount,
        sellerId: line.sellerId ?? null,
      })),
    );
    return row.id;
  });
}

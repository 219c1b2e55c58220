import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { ledgerEntries, ledgerPostings } from "@/lib/db/schema";
import { postEntry } from "./post";

/**
 * Pending money whose hold is over becomes available: for each payment entry due and not yet
 * released, a `release` entry (merchant_pending → merchant_available) of what it credited as
 * pending. Claimed with SKIP LOCKED; the unique (deposit, kind) index releases each once. The entry
 * is marked released in the same transaction (`released_at`, also when nothing was pending), so a
 * round reads the held payments only (ledger_entries_release_idx), not every payment ever released.
 */
export async function releaseDue(limit = 200): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: ledgerEntries.id,
        accountId: ledgerEntries.accountId,
        mode: ledgerEntries.mode,
        currency: ledgerEntries.currency,
        depositId: ledgerEntries.depositId,
      })
      .from(ledgerEntries)
      .where(
        and(
          lte(ledgerEntries.availableAt, sql`now()`),
          isNull(ledgerEntries.releasedAt),
          inArray(ledgerEntries.kind, ["payment", "marketplace_sale"]),
        ),
      )
      // in the index's order: the planner then walks ledger_entries_release_idx (the held payments)
      // instead of guessing that a scan of every entry meets `limit` of them soon
      .orderBy(asc(ledgerEntries.availableAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    let released = 0;
    for (const entry of due) {
      const [pending] = await tx
        .select({ amount: sql<number>`coalesce(sum(${ledgerPostings.amount}), 0)::bigint`.mapWith(Number) })
        .from(ledgerPostings)
        .where(and(eq(ledgerPostings.entryId, entry.id), eq(ledgerPostings.ledgerAccount, "merchant_pending")));
      const amount = pending?.amount ?? 0;
      await tx.update(ledgerEntries).set({ releasedAt: sql`now()` }).where(eq(ledgerEntries.id, entry.id));
      if (amount <= 0) continue;
      const posted = await postEntry(tx, {
        accountId: entry.accountId,
        mode: entry.mode,
        currency: entry.currency,
        kind: "release",
        depositId: entry.depositId,
        lines: [
          { account: "merchant_pending", amount: -amount },
          { account: "merchant_available", amount },
        ],
      });
      if (posted) released++;
    }
    return released;
  });
}

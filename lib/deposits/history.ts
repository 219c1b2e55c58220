import { asc, eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { depositStatusChanges } from "@/lib/db/schema";
import type { DepositHistoryEvent, DepositStatus } from "@/lib/core/deposit-statuses";

type Change = {
  deposit: { id: string; accountId: string; mode: "test" | "live" };
  event: DepositHistoryEvent;
  from: DepositStatus | null;
  to: DepositStatus;
  reason?: string | null;
  /** when it happened, if not the transaction's start: a status change takes its event's time */
  at?: SQL;
};

/**
 * Appends one row to a deposit's history. Always called with the transaction of the change it
 * records, so a change and its row commit together (or neither does); rows are never updated.
 */
export async function recordDepositChange(tx: Db | Tx, change: Change): Promise<void> {
  await tx.insert(depositStatusChanges).values({
    accountId: change.deposit.accountId,
    mode: change.deposit.mode,
    depositId: change.deposit.id,
    event: change.event,
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason ?? null,
    ...(change.at ? { createdAt: change.at } : {}),
  });
}

export type DepositChangeRow = typeof depositStatusChanges.$inferSelect;

/** A deposit's history, oldest first (the caller has checked the deposit is the caller's). */
export async function depositHistory(db: Db | Tx, depositId: string): Promise<DepositChangeRow[]> {
  return db
    .select()
    .from(depositStatusChanges)
    .where(eq(depositStatusChanges.depositId, depositId))
    .orderBy(asc(depositStatusChanges.createdAt), asc(depositStatusChanges.id));
}

import { sql, type SQL } from "drizzle-orm";
import { inTransaction } from "@/lib/db/client";
import { setting } from "@/lib/runtime/config";
import { crashPoint } from "@/lib/runtime/crash-point";
import { log } from "@/lib/runtime/log";
import { RULES, type Rule } from "./rules";

// The retention job (lib/jobs/registry.ts `retention`): rows past their retention (./rules.ts)
// deleted a batch at a time, each batch one short transaction that locks only the rows it deletes
// (FOR UPDATE SKIP LOCKED, by an index on the rule's time column): requests never wait behind it for
// long, two processes running it at once take different rows, and a crash rolls back one batch.

export type RetentionOptions = {
  /** the round's clock; unset, the database's now() (tests pass theirs instead of waiting) */
  now?: Date;
  /** rows per batch (RETENTION_BATCH_SIZE) */
  batchSize?: number;
  /** pause after a round that left more to delete (RETENTION_PAUSE_MS) */
  pauseMs?: number;
};

export type RetentionRound = { deleted: Record<string, number>; more: boolean };

const clock = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** Deletes at most `limit` rows of `rule`'s table past `cutoff`, in one transaction; how many it deleted. */
export async function pruneBatch(rule: Rule, cutoff: SQL, limit: number): Promise<number> {
  return inTransaction(async (tx) => {
    const result = (await tx.execute(
      sql`with gone as (delete from ${sql.identifier(rule.table)} where ctid = any(array(${rule.candidates(cutoff, limit)})) returning 1)
          select count(*)::int as n from gone`,
    )) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    const deleted = Number(rows[0]?.n ?? 0);
    if (deleted) await crashPoint("retention-batch-deleted");
    return deleted;
  });
}

/**
 * One round: one batch per table that keeps its rows for a while. `more` when a batch was full:
 * the job's next round then follows at once, after a short pause, so a backlog goes in many
 * short transactions and a stop waits for one round only.
 */
export async function retentionRound(options: RetentionOptions = {}): Promise<RetentionRound> {
  const now = clock(options.now);
  const limit = options.batchSize ?? setting("RETENTION_BATCH_SIZE");
  const deleted: Record<string, number> = {};
  let more = false;
  for (const rule of RULES) {
    const cutoff = rule.cutoff(now);
    if (!cutoff) continue;
    const n = await pruneBatch(rule, cutoff, limit);
    if (n) deleted[rule.table] = n;
    if (n >= limit) more = true;
  }
  if (Object.keys(deleted).length) log("info", "retention deleted old rows", deleted);
  const pause = options.pauseMs ?? setting("RETENTION_PAUSE_MS");
  if (more && pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  return { deleted, more };
}

/** Rounds until nothing is left to delete (tests, a one-off run); what each table lost. */
export async function pruneAll(options: RetentionOptions = {}): Promise<Record<string, number>> {
  const total: Record<string, number> = {};
  for (;;) {
    const round = await retentionRound(options);
    for (const [table, n] of Object.entries(round.deleted)) total[table] = (total[table] ?? 0) + n;
    if (!round.more) return total;
  }
}

import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { providerByName } from "./providers";
import { settleDeposit } from "./settle-deposit";

const BATCH = 100;

export function depositExpirySeconds(): number {
  const value = Number(process.env.DEPOSIT_EXPIRY_SECONDS || 600);
  return Number.isFinite(value) && value > 0 ? value : 600;
}

/**
 * Expires pending deposits older than DEPOSIT_EXPIRY_SECONDS. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several processes sweep side by side without touching one row twice.
 */
export async function sweepExpired(): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(
          eq(deposits.status, "pending"),
          lt(deposits.createdAt, sql`now() - make_interval(secs => ${depositExpirySeconds()})`),
        ),
      )
      .orderBy(asc(deposits.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    let expired = 0;
    for (const { id } of due) {
      if (await settleDeposit(id, { status: "expired", reason: "no_answer_from_payer" }, tx)) expired++;
    }
    return expired;
  });
}

/**
 * Asks providers about pending deposits whose callback is late (older than 10 s, not asked in the
 * last 15 s). Claiming marks `checked_at` under SKIP LOCKED, so two processes never ask twice.
 */
export async function reconcilePending(): Promise<number> {
  const db = await getDb();
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.status, "pending"),
          lt(deposits.createdAt, sql`now() - interval '10 seconds'`),
          or(isNull(deposits.checkedAt), lt(deposits.checkedAt, sql`now() - interval '15 seconds'`)),
        ),
      )
      .orderBy(asc(deposits.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (rows.length) {
      await tx
        .update(deposits)
        .set({ checkedAt: sql`now()` })
        .where(inArray(deposits.id, rows.map((r) => r.id)));
    }
    return rows;
  });
  let settled = 0;
  for (const deposit of claimed) {
    const provider = providerByName(deposit.provider);
    if (!provider) continue;
    try {
      const answer = await provider.queryStatus(deposit);
      if (answer.state === "settled" && (await settleDeposit(deposit.id, answer.settlement))) settled++;
    } catch (error) {
      log("warn", "status query failed", { track_id: deposit.trackId, error: String(error) });
    }
  }
  return settled;
}

type Worker = { stop: () => Promise<void> };
const store = globalThis as unknown as { __kolaBackground?: Worker };

/** Starts the sweeper and the reconciler in this process, once; SIGTERM/SIGINT stop them cleanly. */
export function startBackgroundWork(): Worker {
  if (store.__kolaBackground) return store.__kolaBackground;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const every = (ms: number, task: () => Promise<number>, name: string) =>
    setInterval(() => {
      if (stopped) return;
      running = running
        .then(task)
        .then((n) => n && log("info", `${name} settled deposits`, { count: n }))
        .catch((error: unknown) => log("error", `${name} failed`, { error: String(error) }));
    }, ms);
  const timers = [
    every(Math.min(5_000, depositExpirySeconds() * 250), sweepExpired, "expiry sweeper"),
    every(5_000, reconcilePending, "reconciler"),
  ];
  const worker: Worker = {
    stop: async () => {
      stopped = true;
      timers.forEach(clearInterval);
      await running;
      store.__kolaBackground = undefined;
    },
  };
  store.__kolaBackground = worker;
  const onSignal = () => void worker.stop();
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  log("info", "background work started", { expiry_seconds: depositExpirySeconds() });
  return worker;
}

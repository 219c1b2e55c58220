import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { providerBreakers } from "@/lib/db/schema";
import { setting } from "@/lib/runtime/config";
import { log } from "@/lib/runtime/log";

// A circuit breaker per provider, in the database so that every process and machine
// agrees: BREAKER_FAILURES consecutive failed calls (no answer, a 5xx, an initiation the provider
// never took) open it; routing then skips the provider. After BREAKER_PAUSE_SECONDS it is
// half-open: one caller claims the probe (a conditional update), the others still skip it; a
// taken initiation closes it, a failure opens it again for another pause.

// A provider reports some outages per operator (pawaPay's PROVIDER_TEMPORARILY_UNAVAILABLE): those
// count on a breaker of that operator at that provider, keyed `provider:OPERATOR` in the same table,
// which sets that operator aside there and nothing else (provider-error.ts Outage says what counts).

/** The breaker of one operator at one provider. */
export const operatorBreaker = (provider: string, operator: string) => `${provider}:${operator}`;

export function breakerSettings() {
  return { failures: setting("BREAKER_FAILURES"), pauseSeconds: setting("BREAKER_PAUSE_SECONDS") };
}

export type BreakerState = "closed" | "open" | "half_open";

export type BreakerView = { state: BreakerState; consecutiveFailures: number; openedAt: Date | null };

/** A failed call: one more consecutive failure; the breaker opens (again) once there are enough. */
export async function recordFailure(provider: string): Promise<void> {
  const { failures } = breakerSettings();
  try {
    const db = await getDb();
    const [row] = await db
      .insert(providerBreakers)
      .values({ provider, consecutiveFailures: 1, lastFailureAt: sql`now()`, openedAt: failures <= 1 ? sql`now()` : null })
      .onConflictDoUpdate({
        target: providerBreakers.provider,
        set: {
          consecutiveFailures: sql`${providerBreakers.consecutiveFailures} + 1`,
          lastFailureAt: sql`now()`,
          // opens at the threshold; a failure while open or half-open starts a new pause
          openedAt: sql`case when ${providerBreakers.consecutiveFailures} + 1 >= ${failures} then now() else ${providerBreakers.openedAt} end`,
          probeAt: null,
        },
      })
      .returning({ n: providerBreakers.consecutiveFailures });
    if (row && row.n === failures) log("error", "alert: provider circuit breaker opened", { provider, consecutive_failures: row.n });
  } catch (error) {
    log("error", "breaker not updated", { provider, error }); // the breaker must never decide a payment's fate
  }
}

/** A taken initiation: the provider works; the breaker closes. */
export async function recordSuccess(provider: string): Promise<void> {
  try {
    const db = await getDb();
    const [before] = await db.select({ openedAt: providerBreakers.openedAt }).from(providerBreakers).where(eq(providerBreakers.provider, provider));
    await db
      .insert(providerBreakers)
      .values({ provider, lastSuccessAt: sql`now()` })
      .onConflictDoUpdate({ target: providerBreakers.provider, set: { consecutiveFailures: 0, openedAt: null, probeAt: null, lastSuccessAt: sql`now()` } });
    if (before?.openedAt) log("info", "provider circuit breaker closed", { provider });
  } catch (error) {
    log("error", "breaker not updated", { provider, error });
  }
}

/**
 * A taken initiation of this operator: its breaker at the provider closes, if it has one (an update
 * only: no row is written for the operators that never failed).
 */
export async function recordOperatorSuccess(provider: string, operator: string): Promise<void> {
  try {
    const db = await getDb();
    const closed = await db
      .update(providerBreakers)
      .set({ consecutiveFailures: 0, openedAt: null, probeAt: null, lastSuccessAt: sql`now()` })
      .where(sql`${providerBreakers.provider} = ${operatorBreaker(provider, operator)} and (${providerBreakers.consecutiveFailures} > 0 or ${providerBreakers.openedAt} is not null)`)
      .returning({ openedAt: providerBreakers.openedAt });
    if (closed.length) log("info", "operator circuit breaker reset", { provider, operator });
  } catch (error) {
    log("error", "breaker not updated", { provider, operator, error });
  }
}

/** The breakers of these providers (or `provider:OPERATOR` keys) as they stand (absent: closed). */
export async function breakerStates(providers: string[]): Promise<Map<string, BreakerView>> {
  const views = new Map<string, BreakerView>(providers.map((p) => [p, { state: "closed", consecutiveFailures: 0, openedAt: null }]));
  if (!providers.length) return views;
  const { pauseSeconds } = breakerSettings();
  const db = await getDb();
  const rows = await db
    .select({
      provider: providerBreakers.provider,
      failures: providerBreakers.consecutiveFailures,
      openedAt: providerBreakers.openedAt,
      paused: sql<boolean>`${providerBreakers.openedAt} > now() - make_interval(secs => ${pauseSeconds})`,
    })
    .from(providerBreakers)
    .where(inArray(providerBreakers.provider, providers));
  for (const row of rows) {
    const state: BreakerState = !row.openedAt ? "closed" : row.paused ? "open" : "half_open";
    views.set(row.provider, { state, consecutiveFailures: row.failures, openedAt: row.openedAt });
  }
  return views;
}

/**
 * A half-open breaker lets one caller through: the first to claim the probe (one conditional
 * update; a probe claimed a pause ago without an outcome may be claimed again). True: go ahead.
 */
export async function claimProbe(provider: string): Promise<boolean> {
  const { pauseSeconds } = breakerSettings();
  const db = await getDb();
  const claimed = await db
    .update(providerBreakers)
    .set({ probeAt: sql`now()` })
    .where(
      sql`${providerBreakers.provider} = ${provider} and ${providerBreakers.openedAt} <= now() - make_interval(secs => ${pauseSeconds})
        and (${providerBreakers.probeAt} is null or ${providerBreakers.probeAt} <= now() - make_interval(secs => ${pauseSeconds}))`,
    )
    .returning({ provider: providerBreakers.provider });
  return claimed.length > 0;
}

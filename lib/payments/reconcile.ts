import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { depositProviderAttempts, deposits } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { depositExpirySeconds } from "@/lib/runtime/config";
import { PROCESSING_CAP_SECONDS } from "./expiry";
import { providerByName } from "@/lib/providers";
import type { ProviderStatus } from "@/lib/providers/types";
import { settleDeposit } from "./settle-deposit";

const BATCH = 100;

/**
 * Claims pending deposits older than `minAgeSeconds` that nobody asked about lately: FOR UPDATE
 * SKIP LOCKED and a `checked_at` stamp, in a short transaction of its own, so that several
 * processes never ask twice and no transaction stays open across a provider call. A deposit is
 * asked again after a tenth of its age (at least 15 s, at most 10 minutes): often while young,
 * rarely when its provider has kept it processing for hours.
 */
async function claimPending(minAgeSeconds: number): Promise<DepositRow[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.status, "pending"),
          lt(deposits.createdAt, sql`now() - make_interval(secs => ${minAgeSeconds})`),
          or(
            isNull(deposits.checkedAt),
            lt(
              deposits.checkedAt,
              sql`now() - greatest(interval '15 seconds', least(interval '10 minutes', (now() - ${deposits.createdAt}) / 10))`,
            ),
          ),
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
}

/**
 * What a provider's answer means for a pending deposit, the same for the reconciler and the
 * sweeper (DESIGN §6): settled → settle it so; processing → it stays pending, until the hard cap;
 * not found → nothing can complete it: expired once it is past our expiry age (younger, the
 * provider may not have registered it yet). A provider that cannot be asked counts as processing.
 */
async function askAndApply(deposit: DepositRow): Promise<boolean> {
  const provider = providerByName(deposit.provider);
  let status: ProviderStatus = { state: "not_found" };
  if (provider) {
    try {
      status = await provider.queryStatus(deposit);
    } catch (error) {
      log("warn", "status query failed", { track_id: deposit.trackId, error });
      status = { state: "processing" };
    }
  }
  const ageSeconds = (Date.now() - deposit.createdAt.getTime()) / 1000;
  if (status.state === "settled") return settleDeposit(deposit.id, status.settlement);
  // no provider ever took it: once its initiation is over, "not found" is final, and
  // the attempt fails at once (provider_unreachable) instead of waiting for our expiry
  if (status.state === "not_found" && !deposit.providerReference && (await initiationOver(deposit))) {
    log("warn", "no provider took the payment: failed", { track_id: deposit.trackId, provider: deposit.provider });
    return settleDeposit(deposit.id, { status: "failed", reason: "provider_unreachable" });
  }
  if (status.state === "processing") {
    if (ageSeconds < PROCESSING_CAP_SECONDS) return false;
    log("warn", "deposit expired at the hard cap while its provider still processes it", { track_id: deposit.trackId });
    return settleDeposit(deposit.id, { status: "expired", reason: "provider_never_settled" });
  }
  if (ageSeconds < depositExpirySeconds()) return false;
  return settleDeposit(deposit.id, { status: "expired", reason: "no_answer_from_payer" });
}

/** Longest an initiation can take (3 tries of PROVIDER_TIMEOUT_MS and their pauses), with room to spare. */
const INITIATION_BOUND_SECONDS = 120;

/**
 * Whether nothing can still be on its way to the deposit's provider: its initiation ended without
 * an answer (unknown, not taken, refused), or was claimed so long ago that the process that sent
 * it must have died; a deposit never offered to anyone (a crash before) is over after 30 s.
 */
async function initiationOver(deposit: DepositRow): Promise<boolean> {
  const db = await getDb();
  const [attempt] = await db
    .select({ outcome: depositProviderAttempts.outcome, updatedAt: depositProviderAttempts.updatedAt })
    .from(depositProviderAttempts)
    .where(and(eq(depositProviderAttempts.depositId, deposit.id), eq(depositProviderAttempts.provider, deposit.provider)));
  const age = (since: Date) => (Date.now() - since.getTime()) / 1000;
  if (!attempt) return age(deposit.createdAt) > 30;
  if (attempt.outcome === "sending") return age(attempt.updatedAt) > INITIATION_BOUND_SECONDS;
  return attempt.outcome !== "accepted";
}

async function askEach(claimed: DepositRow[]): Promise<number> {
  let settled = 0;
  for (const deposit of claimed) if (await askAndApply(deposit)) settled++;
  return settled;
}

/**
 * Pending deposits older than DEPOSIT_EXPIRY_SECONDS: their provider is asked first; only one
 * that cannot complete any more (not found) expires, one still processing stays pending (until
 * PROCESSING_CAP_SECONDS), one settled meanwhile is settled so. Our timeout never hides a payment.
 */
export async function sweepExpired(): Promise<number> {
  return askEach(await claimPending(depositExpirySeconds()));
}

/** Asks providers about pending deposits whose callback is late (older than 10 s). */
export async function reconcilePending(): Promise<number> {
  return askEach(await claimPending(10));
}

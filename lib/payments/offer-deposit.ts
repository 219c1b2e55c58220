import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { depositProviderAttempts, deposits } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { recordDepositChange } from "@/lib/deposits/history";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/runtime/log";
import { crashPoint } from "@/lib/runtime/crash-point";
import type { Candidate } from "@/lib/providers";
import { claimProbe, operatorBreaker, recordFailure, recordOperatorSuccess, recordSuccess } from "@/lib/providers/breaker";
import { isProviderError, isRefusal, type Refusal } from "@/lib/providers/provider-error";
import type { Provider, ProviderStatus } from "@/lib/providers/types";
import { settleDeposit } from "./settle-deposit";

// Offering a deposit to the operator's providers in turn (failover per operator). The
// buyer hears "request sent to your phone" only once one took it. A provider is asked at most once
// per deposit, which the database holds (deposit_provider_attempts' unique (deposit, provider)); the
// next one is asked only when the last provably never took the payment, so it can never be
// collected twice: a definite refusal that is not about the buyer, a connection refused before a
// byte left, or a status check that answers "not found" after the initiation failed.

/** No provider took the attempt: the buyer is told so (honest page), nothing was sent to the phone. */
export class OperatorUnreachable extends ApiError {
  constructor(readonly deposit: DepositRow) {
    super("OPERATOR_UNREACHABLE", undefined, undefined, { "cache-control": "no-store" });
  }
}

type Taken = DepositRow & { redirectUrl?: string };
export type { Candidate };

type Outcome = (typeof depositProviderAttempts.$inferSelect)["outcome"];

/** The deposit's attempt with this provider, made once (the unique index); null when it already exists. */
async function claimAttempt(deposit: DepositRow, provider: Provider, position: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .insert(depositProviderAttempts)
    .values({ accountId: deposit.accountId, mode: deposit.mode, depositId: deposit.id, provider: provider.name, position, requestId: provider.requestIdOf(deposit) })
    .onConflictDoNothing()
    .returning({ id: depositProviderAttempts.id });
  if (!row) return null;
  // the deposit follows the provider now asked: its callbacks, status checks and refunds go there
  await db.update(deposits).set({ provider: provider.name, updatedAt: sql`now()` }).where(and(eq(deposits.id, deposit.id), eq(deposits.status, "pending")));
  return row.id;
}

/** Whether the deposit's attempt with this provider provably ended without it taking the payment. */
async function passedOver(depositId: string, provider: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ outcome: depositProviderAttempts.outcome })
    .from(depositProviderAttempts)
    .where(and(eq(depositProviderAttempts.depositId, depositId), eq(depositProviderAttempts.provider, provider)));
  return row?.outcome === "not_taken" || row?.outcome === "rejected";
}

async function markAttempt(id: string, outcome: Outcome, reason?: string): Promise<void> {
  const db = await getDb();
  await db.update(depositProviderAttempts).set({ outcome, reason: reason ?? null, updatedAt: sql`now()` }).where(eq(depositProviderAttempts.id, id));
}

/** After an initiation without an answer: whether the provider has the payment (its status check). */
async function askAfterFailure(provider: Provider, deposit: DepositRow): Promise<ProviderStatus | null> {
  try {
    return await provider.queryStatus(deposit);
  } catch (error) {
    log("warn", "status check after a failed initiation failed", { track_id: deposit.trackId, provider: provider.name, error });
    return null;
  }
}

/**
 * Offers the recorded deposit to `candidates` in order, until one takes it. Returns the deposit as
 * taken (pending, with the provider's reference) or as definitely refused (failed, the provider's
 * reason). Throws OperatorUnreachable when none took it: the deposit is then failed
 * (`provider_unreachable`) when every provider provably never had it, or, when one may have it
 * (no answer, and its status could not be asked), left pending but given up, so the link is free
 * at once; the reconciler ends it once the provider's status check says "not found".
 */
export async function offerDeposit(deposit: DepositRow, candidates: Candidate[]): Promise<Taken> {
  let position = 0;
  let refusal: Refusal | undefined;
  let unreached = false;
  let current = deposit;
  for (const { provider, probe, probeKey } of candidates) {
    if (probe && !(await claimProbe(probeKey))) continue; // another caller probes this provider (or this operator there)
    const attemptId = await claimAttempt(deposit, provider, position + 1);
    if (!attemptId) {
      // never twice on one provider for one attempt; and while another caller's offer to it is
      // under way (or was taken, or may have been), nobody moves on to the next provider
      if (await passedOver(deposit.id, provider.name)) continue;
      return current;
    }
    position++;
    current = { ...deposit, provider: provider.name };
    await crashPoint("attempt-claimed"); // a crash here: an attempt `sending`, the reconciler asks that provider
    try {
      const { reference, redirectUrl } = await provider.requestCollection(current);
      await crashPoint("collection-requested"); // a crash here: the provider has it, the reconciler asks it
      await markAttempt(attemptId, "accepted");
      await recordSuccess(provider.name);
      await recordOperatorSuccess(provider.name, deposit.operator);
      const db = await getDb();
      await db.update(deposits).set({ providerReference: reference }).where(eq(deposits.id, deposit.id));
      log("info", "collection requested", { track_id: deposit.trackId, provider: provider.name, position });
      return { ...current, providerReference: reference, ...(redirectUrl ? { redirectUrl } : {}) };
    } catch (error) {
      if (isRefusal(error)) {
        await markAttempt(attemptId, "rejected", error.reason);
        log("warn", "collection refused", { track_id: deposit.trackId, provider: provider.name, reason: error.reason, failover: error.failover });
        // only a sign that the provider (or this operator there) is down counts on its breaker: a
        // refusal of this request's amount, currency or operator code fails it over, nothing more
        if (error.outage === "provider") await recordFailure(provider.name);
        if (error.outage === "operator") await recordFailure(operatorBreaker(provider.name, deposit.operator));
        if (error.failover) {
          refusal = error;
          continue;
        }
        await settleDeposit(deposit.id, { status: "failed", reason: error.reason });
        return { ...current, status: "failed", failureReason: error.reason };
      }
      if (isProviderError(error, "unreachable") && error.neverReached) {
        await markAttempt(attemptId, "not_taken", "connection_refused");
        unreached = true;
        log("warn", "provider unreachable: trying the next", { track_id: deposit.trackId, provider: provider.name });
        continue;
      }
      log("error", "collection request unanswered", { track_id: deposit.trackId, provider: provider.name, error });
      const status = await askAfterFailure(provider, current);
      if (status?.state === "not_found") {
        await markAttempt(attemptId, "not_taken", "not_found");
        unreached = true;
        continue;
      }
      if (status?.state === "settled" || status?.state === "processing") {
        // it took it after all: the buyer's phone has (or had) the request
        await markAttempt(attemptId, "accepted");
        const reference = status.state === "settled" ? (status.settlement.providerReference ?? provider.requestIdOf(current)) : provider.requestIdOf(current);
        const db = await getDb();
        await db.update(deposits).set({ providerReference: reference }).where(eq(deposits.id, deposit.id));
        if (status.state === "settled") await settleDeposit(deposit.id, status.settlement);
        const [now] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
        return now ?? { ...current, providerReference: reference };
      }
      // it may have the payment: asking another provider could collect twice
      await markAttempt(attemptId, "unknown");
      await giveUp(current);
      throw new OperatorUnreachable(current);
    }
  }
  if (position === 0 || (!refusal && !unreached)) {
    // nobody was asked here: another submit of this attempt is asking (or asked) the providers
    const db = await getDb();
    const [now] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    return now ?? deposit;
  }
  if (refusal && !unreached) {
    // every provider asked refused it, for reasons of their own: the buyer reads the last one
    await settleDeposit(deposit.id, { status: "failed", reason: refusal.reason });
    return { ...current, status: "failed", failureReason: refusal.reason };
  }
  // none could be reached, and each provably never had it: over now, the buyer may pay again
  await settleDeposit(deposit.id, { status: "failed", reason: "provider_unreachable" });
  throw new OperatorUnreachable({ ...current, status: "failed", failureReason: "provider_unreachable" });
}

/** The attempt no longer holds the link (nor this phone's place): the buyer may pay again at once. */
async function giveUp(deposit: DepositRow): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(deposits)
      .set({ abandonedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, "pending"), isNull(deposits.abandonedAt)))
      .returning({ id: deposits.id, accountId: deposits.accountId, mode: deposits.mode });
    if (row) await recordDepositChange(tx, { deposit: row, event: "given_up", from: "pending", to: "pending", reason: "provider_unreachable" });
  });
}

import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lt, lte, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "@/lib/db/client";
import { outboxEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import { MAX_ATTEMPTS, retryDelayMs } from "./backoff";
import { postWebhook, type AttemptResult } from "./post";
import type { UrlPolicy } from "./settings";
import { signedHeaders } from "./signing";

// Claiming and delivering (DESIGN §8). A worker leases an endpoint's oldest due deliveries (a batch)
// and sends them one after the other, in event order. While an endpoint has a batch in flight no
// other worker takes any of its deliveries, so an endpoint sees its events in order as far as
// retries allow: a failed delivery waits for its retry while newer ones go on. The lease is short
// (3 s) and renewed every second while the batch runs, however long one attempt takes (up to its
// 10 s timeout): a worker that dies stops renewing, and its deliveries are due again within seconds
// (at-least-once, same webhook-id), while a live worker keeps its batch to itself.
//
// The events about one deposit reach an endpoint in their `sequence` order, whatever fails
//: a delivery waits while an earlier event of its deposit is still pending for the same
// endpoint (delivered or given up lets it go) or is not yet dispatched at all (another dispatcher
// holds it), so a late success is never sent before the expiry it follows.

export type DeliveryOptions = {
  policy: UrlPolicy;
  /** one attempt's time limit (10 s) */
  timeoutMs: number;
  /** how long a claim holds its deliveries without a heartbeat: the delay after a worker dies */
  leaseMs: number;
  /** how often a running batch renews its lease; well under leaseMs */
  heartbeatMs: number;
  batchSize: number;
  maxAttempts: number;
  /** the wait after failed attempt number n */
  backoff: (attempt: number) => number;
};

export const defaultDeliveryOptions = (policy: UrlPolicy): DeliveryOptions => ({
  policy,
  timeoutMs: 10_000,
  leaseMs: 3_000,
  heartbeatMs: 1_000,
  batchSize: 100,
  maxAttempts: MAX_ATTEMPTS,
  backoff: (attempt) => retryDelayMs(attempt),
});

export type ClaimedDelivery = { id: string; eventId: string; sequence: number; payload: string; attemptCount: number };
export type Claim = {
  leaseId: string;
  endpoint: { id: string; url: string; secrets: string[] };
  deliveries: ClaimedDelivery[];
};

const d = webhookDeliveries;
const due = () => and(eq(d.status, "pending"), lte(d.nextAttemptAt, sql`now()`));
const secondsOf = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** No earlier event of the delivery's deposit is still on its way to the same endpoint. */
function earlierEventsDone(tx: Pick<Tx, "select">) {
  const earlier = alias(webhookDeliveries, "earlier");
  return or(
    isNull(d.depositId),
    and(
      notExists(
        tx
          .select({ one: sql`1` })
          .from(earlier)
          .where(and(eq(earlier.endpointId, d.endpointId), eq(earlier.depositId, d.depositId), lt(earlier.sequence, d.sequence), eq(earlier.status, "pending"))),
      ),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(outboxEvents)
          .where(and(eq(outboxEvents.sequenceDepositId, d.depositId), lt(outboxEvents.sequence, d.sequence), isNull(outboxEvents.dispatchedAt))),
      ),
    ),
  );
}

/** Leases the oldest due deliveries of one endpoint that has none in flight; null when there is no work. */
export async function claimBatch(options: Pick<DeliveryOptions, "batchSize" | "leaseMs">): Promise<Claim | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // endpoints with due deliveries of which none is leased, the longest waiting first
    const candidates = await tx
      .select({ endpointId: d.endpointId })
      .from(d)
      .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, d.endpointId), eq(webhookEndpoints.enabled, true)))
      .where(and(due(), earlierEventsDone(tx))) // held-back deliveries do not make an endpoint a candidate
      .groupBy(d.endpointId)
      .having(sql`bool_and(${d.lockedUntil} is null or ${d.lockedUntil} <= now())`)
      .orderBy(sql`min(${d.nextAttemptAt})`)
      .limit(20);

    for (const { endpointId } of candidates) {
      // Holding the endpoint's row lock, a claimer is alone on it: the statement below (a fresh
      // snapshot) sees every lease committed before, so two batches of one endpoint never overlap.
      const [endpoint] = await tx
        .select({
          id: webhookEndpoints.id,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
          previousSecret: webhookEndpoints.previousSecret,
          previousValid: sql<boolean>`coalesce(${webhookEndpoints.previousSecretExpiresAt} > now(), false)`,
        })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
        .for("no key update", { skipLocked: true });
      if (!endpoint) continue;

      const inFlight = alias(webhookDeliveries, "in_flight");
      const batch = tx
        .select({ id: d.id })
        .from(d)
        .where(
          and(
            eq(d.endpointId, endpoint.id),
            due(),
            or(isNull(d.lockedUntil), lte(d.lockedUntil, sql`now()`)),
            earlierEventsDone(tx),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(inFlight)
                .where(and(eq(inFlight.endpointId, endpoint.id), eq(inFlight.status, "pending"), gt(inFlight.lockedUntil, sql`now()`))),
            ),
          ),
        )
        .orderBy(asc(d.eventCreatedAt), asc(d.sequence), asc(d.id))
        .limit(options.batchSize)
        .for("update", { skipLocked: true });
      const leaseId = randomUUID();
      const claimed = await tx
        .update(d)
        .set({ leaseId, lockedUntil: sql`now() + ${secondsOf(options.leaseMs)}` })
        .where(inArray(d.id, batch))
        .returning({
          id: d.id,
          eventId: d.eventId,
          sequence: d.sequence,
          payload: d.payload,
          attemptCount: d.attemptCount,
          eventCreatedAt: d.eventCreatedAt,
        });
      if (claimed.length === 0) continue;
      claimed.sort((a, b) => a.eventCreatedAt.getTime() - b.eventCreatedAt.getTime() || a.sequence - b.sequence || (a.id < b.id ? -1 : 1));
      const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousValid ? [endpoint.previousSecret] : [])];
      return {
        leaseId,
        endpoint: { id: endpoint.id, url: endpoint.url, secrets },
        deliveries: claimed.map(({ id, eventId, sequence, payload, attemptCount }) => ({ id, eventId, sequence, payload, attemptCount })),
      };
    }
    return null;
  });
}

type Outcome = { delivery: ClaimedDelivery; result: AttemptResult };

/**
 * Sends a claimed batch in order. Consecutive successes are written in groups; the first failure is
 * written at once, schedules its retry and ends the batch (the rest is released, not attempted:
 * the endpoint is likely down). Returns the number of attempts made.
 */
export async function deliverBatch(claim: Claim, options: DeliveryOptions): Promise<number> {
  const outcomes: Outcome[] = [];
  let attempts = 0;
  const lease = holdLease(claim, options);
  try {
    for (const delivery of claim.deliveries) {
      if (!(await lease.held())) {
        log("warn", "webhook lease lost: batch stopped", { endpoint_id: claim.endpoint.id, lease_id: claim.leaseId });
        break;
      }
      const headers = signedHeaders(claim.endpoint.secrets, delivery.eventId, delivery.payload, delivery.sequence);
      const result = await postWebhook(claim.endpoint.url, headers, delivery.payload, options);
      attempts++;
      outcomes.push({ delivery, result });
      if (!result.ok) {
        log("warn", "webhook attempt failed", {
          delivery_id: delivery.id,
          event_id: delivery.eventId,
          endpoint_id: claim.endpoint.id,
          attempt: delivery.attemptCount + 1,
          status_code: result.statusCode,
          error: result.error,
        });
        break;
      }
      if (outcomes.length >= 25) await record(claim.leaseId, outcomes.splice(0), options);
    }
    await record(claim.leaseId, outcomes.splice(0), options);
  } finally {
    await lease.stop();
    await release(claim).catch((error: unknown) => log("error", "webhook lease release failed", { error }));
  }
  return attempts;
}

type LeaseHolder = {
  /** whether the lease is still this worker's; renews first when a heartbeat is overdue (a stalled process) */
  held: () => Promise<boolean>;
  /** stops renewing (after the renewal under way, if any) */
  stop: () => Promise<void>;
};

/**
 * The heartbeat of a running batch: every heartbeatMs, its pending deliveries are leased for
 * leaseMs more. A renewal that finds none of them (another worker took the endpoint over after this
 * one stalled past its lease, or the endpoint was deleted) marks the lease lost.
 */
function holdLease(claim: Pick<Claim, "leaseId" | "endpoint">, options: Pick<DeliveryOptions, "leaseMs" | "heartbeatMs">): LeaseHolder {
  let lost = false;
  let heldUntil = Date.now() + options.leaseMs; // the claim was made just before
  let renewing: Promise<void> = Promise.resolve();
  const renew = () =>
    (renewing = renewing.then(async () => {
      if (lost) return;
      const startedAt = Date.now();
      try {
        if (await renewLease(claim, options.leaseMs)) heldUntil = startedAt + options.leaseMs;
        else lost = true;
      } catch (error) {
        log("warn", "webhook lease renewal failed", { lease_id: claim.leaseId, error });
      }
    }));
  const timer = setInterval(() => void renew(), options.heartbeatMs);
  timer.unref();
  return {
    async held() {
      if (!lost && heldUntil - Date.now() < options.leaseMs - options.heartbeatMs * 1.5) await renew();
      return !lost && heldUntil > Date.now();
    },
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/** Extends the lease of the batch's deliveries not yet settled; false when it holds none any more. */
async function renewLease(claim: Pick<Claim, "leaseId" | "endpoint">, leaseMs: number): Promise<boolean> {
  const db = await getDb();
  // by endpoint first: the pending-deliveries index finds the batch without a scan
  const renewed = await db
    .update(d)
    .set({ lockedUntil: sql`now() + ${secondsOf(leaseMs)}` })
    .where(and(eq(d.endpointId, claim.endpoint.id), eq(d.status, "pending"), eq(d.leaseId, claim.leaseId)))
    .returning({ id: d.id });
  return renewed.length > 0;
}

/** Whatever of the batch was not attempted is free again at once. */
async function release(claim: Pick<Claim, "leaseId" | "endpoint">): Promise<void> {
  const db = await getDb();
  await db
    .update(d)
    .set({ leaseId: null, lockedUntil: null })
    .where(and(eq(d.endpointId, claim.endpoint.id), eq(d.status, "pending"), eq(d.leaseId, claim.leaseId)));
}

/**
 * Logs the attempts and moves their deliveries on, but only while this claim still holds them: a
 * worker that lost its lease (it was too slow, another took over) still logs what it sent.
 */
async function record(leaseId: string, outcomes: Outcome[], options: DeliveryOptions): Promise<void> {
  if (outcomes.length === 0) return;
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values(
        outcomes.map(({ delivery, result }) => ({
          deliveryId: delivery.id,
          attempt: delivery.attemptCount + 1,
          statusCode: result.statusCode,
          latencyMs: result.latencyMs,
          responseExcerpt: result.excerpt,
          responseBody: result.body,
          error: result.error,
          createdAt: result.startedAt,
        })),
      );
      const succeeded = outcomes.filter((o) => o.result.ok).map((o) => o.delivery.id);
      if (succeeded.length) {
        await tx
          .update(d)
          .set({
            status: "succeeded",
            attemptCount: sql`${d.attemptCount} + 1`,
            lastAttemptAt: sql`now()`,
            nextAttemptAt: null,
            leaseId: null,
            lockedUntil: null,
          })
          .where(and(inArray(d.id, succeeded), eq(d.leaseId, leaseId)));
      }
      for (const { delivery } of outcomes.filter((o) => !o.result.ok)) {
        const attempt = delivery.attemptCount + 1;
        const last = attempt >= options.maxAttempts;
        await tx
          .update(d)
          .set({
            status: last ? "failed" : "pending",
            attemptCount: sql`${d.attemptCount} + 1`,
            lastAttemptAt: sql`now()`,
            nextAttemptAt: last ? null : sql`now() + ${secondsOf(options.backoff(attempt))}`,
            leaseId: null,
            lockedUntil: null,
          })
          .where(and(eq(d.id, delivery.id), eq(d.leaseId, leaseId)));
      }
    });
  } catch (error) {
    if (foreignKeyViolation(error)) return; // the endpoint was deleted meanwhile: nothing to keep
    throw error;
  }
}

function foreignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23503") return true;
  }
  return false;
}

import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "@/lib/db/client";
import { outboxEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import { MAX_ATTEMPTS, retryDelayMs } from "./backoff";
import { postWebhook, type AttemptResult } from "./post";
import { endpointInFlight, type UrlPolicy } from "./settings";
import { createSlots, type Slots } from "./slots";
import { signedHeaders } from "./signing";

// Claiming and delivering (DESIGN §8). A delivery lane claims some of one endpoint's oldest due
// deliveries under a lease and sends them at once; as each attempt is recorded it claims the next
// (a sliding window), until it has claimed `batchSize` of them, a window's worth failed, or none is
// left, and then looks at the other endpoints. An endpoint has at most `endpointInFlight` deliveries leased at
// once, all lanes and processes together: claimers of an endpoint take turns on its row lock and
// count its leases first. A process has at most KOLA_WEBHOOK_IN_FLIGHT requests in flight (slots.ts).
//
// Order lives in the database: the events about one deposit reach an endpoint in their `sequence`
// order, whatever fails. A delivery is claimable only while no earlier event of its deposit is
// still pending for the same endpoint (in flight, or waiting for its retry: delivered or given up
// lets it go) or not yet dispatched at all (another dispatcher holds it), so a late success is
// never sent before the expiry it follows, however many lanes and processes deliver. A failing
// event holds back only its own deposit's later events to that endpoint; other deposits' events,
// and events about no deposit (payouts, test events), go on beside it in any order.
//
// A lease outlives every request it covers, by design: it is longer than an attempt's time limit
// with a margin to spare (30 s against 10 s), and a lane starts a request only while the lease it
// wrote when it claimed that delivery (counted by its own clock from before the write was sent) has
// at least the time limit and the margin left; a delivery that came back too late (the database
// answered slowly) is handed back unsent. Each attempt is cut off at its time limit, so a request
// has ended before its lease can end, however starved the heartbeat is: no other lane sends it (or
// the payment's next event) while it may still be on its way. The heartbeat (every 5 s while the
// lane runs) keeps the attempts that ended until they are recorded; recording is conditional on the
// lease still being this lane's. A worker that dies stops renewing: the deliveries it had in flight
// are due again when their lease ends (within 30 s; at least once, same webhook-id).

export type DeliveryOptions = {
  policy: UrlPolicy;
  /** one attempt's time limit (10 s) */
  timeoutMs: number;
  /** how long a claim holds its deliveries without a heartbeat: the delay after a worker dies; at least timeoutMs + 2 × leaseMarginMs */
  leaseMs: number;
  /** lease a request must still have left when its time limit is up: a request starts only with timeoutMs + leaseMarginMs left */
  leaseMarginMs: number;
  /** how often a running lane renews its lease (what ended, until it is recorded); at most half of leaseMs */
  heartbeatMs: number;
  /** deliveries a lane claims from one endpoint before it looks at the others */
  batchSize: number;
  /** deliveries one endpoint has leased (in flight) at once, all workers together */
  endpointInFlight: number;
  maxAttempts: number;
  /** the wait after failed attempt number n */
  backoff: (attempt: number) => number;
};

export const defaultDeliveryOptions = (policy: UrlPolicy): DeliveryOptions => ({
  policy,
  timeoutMs: 10_000,
  leaseMs: 30_000,
  leaseMarginMs: 5_000,
  heartbeatMs: 5_000,
  batchSize: 200,
  endpointInFlight: endpointInFlight(),
  maxAttempts: MAX_ATTEMPTS,
  backoff: (attempt) => retryDelayMs(attempt),
});

/**
 * The options, or an error when a lease could end while a request it covers is still on its way:
 * the lease must hold the time limit and the margin, and leave a claim as long as the margin to come
 * back (leaseMs ≥ timeoutMs + 2 × leaseMarginMs); the heartbeat must beat at least twice a lease.
 */
export function checkDeliveryOptions<T extends DeliveryOptions>(options: T): T {
  const { timeoutMs, leaseMs, leaseMarginMs, heartbeatMs } = options;
  const problems = [
    !(timeoutMs > 0) && "timeoutMs must be above 0",
    !(leaseMarginMs > 0) && "leaseMarginMs must be above 0",
    !(heartbeatMs > 0) && "heartbeatMs must be above 0",
    !(leaseMs >= timeoutMs + 2 * leaseMarginMs) && `leaseMs (${leaseMs}) must be at least timeoutMs + 2 × leaseMarginMs (${timeoutMs + 2 * leaseMarginMs})`,
    !(heartbeatMs * 2 <= leaseMs) && `heartbeatMs (${heartbeatMs}) must be at most half of leaseMs`,
  ].filter(Boolean);
  if (problems.length) throw new Error(`webhook delivery options: ${problems.join("; ")}`);
  return options;
}

export type ClaimedDelivery = { id: string; eventId: string; sequence: number; payload: string; attemptCount: number };
export type Claim = {
  leaseId: string;
  /** when the claim's lease ends by this process's clock (performance.now()), counted from before the claim was sent */
  leaseEndsAt: number;
  endpoint: { id: string; url: string; secrets: string[] };
  deliveries: ClaimedDelivery[];
};
type ClaimOptions = Pick<DeliveryOptions, "batchSize" | "leaseMs" | "endpointInFlight">;

const d = webhookDeliveries;
const due = () => and(eq(d.status, "pending"), lte(d.nextAttemptAt, sql`now()`));
const notLeased = () => or(isNull(d.lockedUntil), lte(d.lockedUntil, sql`now()`));
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

/**
 * Leases up to `max` of the oldest claimable deliveries of one endpoint that has room (fewer than
 * endpointInFlight leased); null when there is no work.
 */
export async function claimBatch(options: ClaimOptions, max = options.batchSize): Promise<Claim | null> {
  if (max <= 0) return null;
  const sent = performance.now(); // before the pool's queue: the lease is counted from no earlier than this
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Endpoints with a claimable delivery and room for more, the oldest such event first. Driven by
    // the endpoints that have pending deliveries at all (an index-only scan), each looked into
    // through its own pending deliveries in event order, down to its first claimable one: not every
    // due delivery of every endpoint with its ordering checks (a backlog of 10,000 made that 0.3 s).
    const leased = alias(webhookDeliveries, "leased");
    const pending = alias(webhookDeliveries, "pending");
    const first = tx
      .select({ at: d.eventCreatedAt })
      .from(d)
      .where(and(eq(d.endpointId, webhookEndpoints.id), due(), notLeased(), earlierEventsDone(tx)))
      .orderBy(asc(d.eventCreatedAt))
      .limit(1)
      .as("first_claimable");
    const candidates = await tx
      .select({ endpointId: webhookEndpoints.id })
      .from(webhookEndpoints)
      .innerJoinLateral(first, sql`true`)
      .where(
        and(
          eq(webhookEndpoints.enabled, true),
          inArray(webhookEndpoints.id, tx.selectDistinct({ id: pending.endpointId }).from(pending).where(eq(pending.status, "pending"))),
          sql`(${tx
            .select({ n: count() })
            .from(leased)
            .where(and(eq(leased.endpointId, webhookEndpoints.id), eq(leased.status, "pending"), isNotNull(leased.leaseId), gt(leased.lockedUntil, sql`now()`)))}) < ${options.endpointInFlight}`,
        ),
      )
      .orderBy(asc(first.at))
      .limit(20);

    for (const { endpointId } of candidates) {
      const endpoint = await lockEndpoint(tx, endpointId, true);
      if (!endpoint) continue;
      const leaseId = randomUUID();
      const deliveries = await lease(tx, endpoint.id, leaseId, max, options);
      if (deliveries.length) return { leaseId, leaseEndsAt: sent + options.leaseMs, endpoint, deliveries };
    }
    return null;
  });
}

/**
 * The endpoint's row, locked: claimers of one endpoint take turns, so each statement after the
 * lock (a fresh snapshot) sees every lease committed before, and the in-flight count holds.
 */
async function lockEndpoint(tx: Tx, endpointId: string, skipLocked: boolean): Promise<Claim["endpoint"] | null> {
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
    .for("no key update", skipLocked ? { skipLocked: true } : {});
  if (!endpoint) return null;
  const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousValid ? [endpoint.previousSecret] : [])];
  return { id: endpoint.id, url: endpoint.url, secrets };
}

/** Leases up to `max` claimable deliveries of a locked endpoint, as many as its room allows, oldest first. */
async function lease(tx: Tx, endpointId: string, leaseId: string, max: number, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  // the leased-deliveries index holds only leases: the count reads those of this endpoint
  const [leased] = await tx
    .select({ n: count() })
    .from(d)
    .where(and(eq(d.endpointId, endpointId), eq(d.status, "pending"), isNotNull(d.leaseId), gt(d.lockedUntil, sql`now()`)));
  const room = Math.min(max, options.endpointInFlight - (leased?.n ?? 0));
  if (room <= 0) return [];
  const batch = tx
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.endpointId, endpointId), due(), notLeased(), earlierEventsDone(tx)))
    .orderBy(asc(d.eventCreatedAt), asc(d.sequence), asc(d.id))
    .limit(room)
    .for("update", { skipLocked: true });
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
  claimed.sort((a, b) => a.eventCreatedAt.getTime() - b.eventCreatedAt.getTime() || a.sequence - b.sequence || (a.id < b.id ? -1 : 1));
  return claimed.map(({ id, eventId, sequence, payload, attemptCount }) => ({ id, eventId, sequence, payload, attemptCount }));
}

type Outcome = { delivery: ClaimedDelivery; result: AttemptResult };

/**
 * Sends a claim's deliveries at once and keeps its endpoint's window full: the attempts that ended
 * are recorded and their room claimed again in one transaction (those that end meanwhile wait for
 * the next: under load one transaction records and claims several), until the lane has claimed
 * batchSize, endpointInFlight attempts failed (the endpoint may be down: its other deliveries wait
 * for the next round; with a window of 1, the first failure), or nothing is claimable. `slots` are the process's; the claim's deliveries hold one each
 * already (without `slots`, the endpoint's window alone bounds it). Returns the attempts made.
 *
 * A delivery is sent only while the lease written when it was claimed has timeoutMs + leaseMarginMs
 * left (the lane's clock, from before that write was sent); one that came back later is handed back
 * unsent, and the lane claims no more: the database is slow, the lane finishes what it has in flight.
 */
export async function deliverBatch(claim: Claim, options: DeliveryOptions, slots?: Slots): Promise<number> {
  checkDeliveryOptions(options);
  const pool = slots ?? createSlots(Math.max(options.endpointInFlight, claim.deliveries.length));
  if (!slots) pool.take(claim.deliveries.length);
  let attempts = 0;
  let claimed = claim.deliveries.length;
  let running = 0;
  let failures = 0;
  let stop = false;
  const ended: Outcome[] = []; // attempts made, not yet recorded: each holds its slot until then
  let wake: (() => void) | null = null;
  let handingBack: Promise<void> = Promise.resolve();
  /** Sends what the lease written at `leaseEndsAt` still covers for a whole attempt; hands back the rest. */
  const sendAll = (deliveries: ClaimedDelivery[], leaseEndsAt: number) => {
    const late = leaseEndsAt - performance.now() < options.timeoutMs + options.leaseMarginMs;
    if (!late) return deliveries.forEach(send);
    if (deliveries.length === 0) return;
    stop = true;
    pool.give(deliveries.length);
    const ids = deliveries.map((delivery) => delivery.id);
    log("warn", "webhook deliveries handed back unsent: their lease came back too short for an attempt", {
      endpoint_id: claim.endpoint.id,
      deliveries: ids.length,
      lease_left_ms: Math.round(leaseEndsAt - performance.now()),
    });
    handingBack = handingBack.then(() => release(claim, ids)).catch((error: unknown) => log("error", "webhook lease release failed", { error }));
  };
  const send = (delivery: ClaimedDelivery) => {
    running++;
    const headers = signedHeaders(claim.endpoint.secrets, delivery.eventId, delivery.payload, delivery.sequence);
    // postWebhook cuts the attempt off at timeoutMs: it ends before its lease does
    void postWebhook(claim.endpoint.url, headers, delivery.payload, options).then((result) => {
      attempts++;
      running--;
      if (!result.ok) {
        if (++failures >= options.endpointInFlight) stop = true; // a window's worth failed: the endpoint may be down
        log("warn", "webhook attempt failed", {
          delivery_id: delivery.id,
          event_id: delivery.eventId,
          endpoint_id: claim.endpoint.id,
          attempt: delivery.attemptCount + 1,
          status_code: result.statusCode,
          error: result.error,
        });
      }
      ended.push({ delivery, result });
      wake?.();
    });
  };
  const nextEnd = () => new Promise<void>((resolve) => (wake = resolve)).then(() => void (wake = null));

  const lease = holdLease(claim, options);
  try {
    sendAll(claim.deliveries, claim.leaseEndsAt);
    let lastClaimed = claim.deliveries.length;
    for (;;) {
      if (ended.length === 0) {
        if (running === 0 && (stop || lastClaimed === 0 || claimed >= options.batchSize)) break;
        if (running > 0 && (stop || lastClaimed === 0 || claimed >= options.batchSize || running >= options.endpointInFlight)) {
          await nextEnd();
          continue;
        }
      }
      const outcomes = ended.splice(0);
      // the slots of the attempts that ended, and more of the process's up to the endpoint's window
      const free = outcomes.length + pool.take(Math.max(0, options.endpointInFlight - running - outcomes.length));
      const wanted = stop ? 0 : Math.min(free, options.batchSize - claimed);
      let more: ClaimedDelivery[] = [];
      const sent = performance.now(); // the new leases are counted from before the transaction was sent
      try {
        more = await recordAndClaim(claim, outcomes, wanted, options);
      } catch (error) {
        // not recorded (the database is away?): the lease runs out and these are sent again
        stop = true;
        log("error", "webhook attempts not recorded", { endpoint_id: claim.endpoint.id, deliveries: outcomes.length, error });
      } finally {
        pool.give(free - more.length);
      }
      claimed += more.length;
      lastClaimed = more.length;
      sendAll(more, sent + options.leaseMs);
    }
  } finally {
    while (running > 0) await nextEnd(); // only after an error above: every attempt ends (its timeout)
    await lease.stop();
    await handingBack;
    await release(claim).catch((error: unknown) => log("error", "webhook lease release failed", { error }));
  }
  return attempts;
}

/**
 * One transaction: the attempts that ended are logged and their deliveries moved on, and up to
 * `wanted` more of the endpoint's deliveries are claimed under the same lease (the sliding window).
 * An endpoint deleted meanwhile: nothing to keep, nothing more to claim.
 */
async function recordAndClaim(claim: Pick<Claim, "leaseId" | "endpoint">, outcomes: Outcome[], wanted: number, options: DeliveryOptions): Promise<ClaimedDelivery[]> {
  if (outcomes.length === 0 && wanted <= 0) return [];
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      await record(tx, claim.leaseId, outcomes, options);
      if (wanted <= 0) return [];
      const endpoint = await lockEndpoint(tx, claim.endpoint.id, false); // a claimer's turn is short: wait for it
      return endpoint ? lease(tx, endpoint.id, claim.leaseId, wanted, options) : [];
    });
  } catch (error) {
    if (foreignKeyViolation(error)) return [];
    throw error;
  }
}

/**
 * The heartbeat of a running lane: every heartbeatMs, its pending deliveries are leased for leaseMs
 * more. A request never needs it (its own lease outlives it); what it keeps is the attempts that
 * ended and wait to be recorded. Deliveries another worker took over (this one stalled past their
 * lease before recording them) are not its own any more: their attempts are logged, but only the
 * lease holder moves them on (record()).
 */
function holdLease(claim: Pick<Claim, "leaseId" | "endpoint">, options: Pick<DeliveryOptions, "leaseMs" | "heartbeatMs">): { stop: () => Promise<void> } {
  let renewing: Promise<void> = Promise.resolve();
  const renew = () =>
    (renewing = renewing.then(async () => {
      try {
        await renewLease(claim, options.leaseMs);
      } catch (error) {
        log("warn", "webhook lease renewal failed", { lease_id: claim.leaseId, error });
      }
    }));
  const timer = setInterval(() => void renew(), options.heartbeatMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/** Extends the lease of the lane's deliveries not yet settled. */
async function renewLease(claim: Pick<Claim, "leaseId" | "endpoint">, leaseMs: number): Promise<void> {
  const db = await getDb();
  // by endpoint and lease: the leased-deliveries index finds them without a scan
  await db
    .update(d)
    .set({ lockedUntil: sql`now() + ${secondsOf(leaseMs)}` })
    .where(and(eq(d.endpointId, claim.endpoint.id), eq(d.status, "pending"), eq(d.leaseId, claim.leaseId)));
}

/** Whatever of the lane's claim was not attempted (or only the deliveries `ids`) is free again at once. */
async function release(claim: Pick<Claim, "leaseId" | "endpoint">, ids?: string[]): Promise<void> {
  const db = await getDb();
  await db
    .update(d)
    .set({ leaseId: null, lockedUntil: null })
    .where(and(eq(d.endpointId, claim.endpoint.id), eq(d.status, "pending"), eq(d.leaseId, claim.leaseId), ids ? inArray(d.id, ids) : undefined));
}

/**
 * Logs the attempts and moves their deliveries on, but only while this claim still holds them: a
 * worker that lost its lease (it was too slow, another took over) still logs what it sent.
 */
async function record(tx: Tx, leaseId: string, outcomes: Outcome[], options: DeliveryOptions): Promise<void> {
  if (outcomes.length === 0) return;
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
  for (const { delivery, result } of outcomes.filter((o) => !o.result.ok)) {
    const attempt = delivery.attemptCount + 1;
    const last = attempt >= options.maxAttempts;
    // An attempt cut off at its time limit may have left just before: its copy can still be on its
    // way, so its retry (whichever lane makes it) waits at least the margin a lease keeps for that.
    const wait = gaveUp(result, options) ? Math.max(options.backoff(attempt), options.leaseMarginMs) : options.backoff(attempt);
    await tx
      .update(d)
      .set({
        status: last ? "failed" : "pending",
        attemptCount: sql`${d.attemptCount} + 1`,
        lastAttemptAt: sql`now()`,
        nextAttemptAt: last ? null : sql`now() + ${secondsOf(wait)}`,
        leaseId: null,
        lockedUntil: null,
      })
      .where(and(eq(d.id, delivery.id), eq(d.leaseId, leaseId)));
  }
}

/** The attempt was cut off at its time limit without an answer. */
function gaveUp(result: AttemptResult, options: Pick<DeliveryOptions, "timeoutMs">): boolean {
  return result.statusCode === null && result.latencyMs >= options.timeoutMs;
}

function foreignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23503") return true;
  }
  return false;
}

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { webhookEndpoints } from "@/lib/db/schema";
import { createWebhookWorker, deliverWithWorkers } from "@/test/support/webhook-worker";
import { deliveriesOf, hashOf, newMerchant, queueDeliveries, startReceiver, type QueuedEvent, type Receiver } from "@/test/support/webhooks";
import { createEndpoint } from "./create-endpoint";
import { claimBatch } from "./deliver";

// Webhooks in parallel, a payment's events in order: an endpoint has several deliveries in flight
// at once, but the next event of a payment goes only once the one before it is acknowledged (or
// given up), whichever worker sends it, however the receiver answers.

let receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});





/** A payment's events interleaved with the others', each payment's in sequence order; a few about no payment. */
function interleaved(payments: number, eventsEach: number, withoutPayment: number): QueuedEvent[] {
  const ids = Array.from({ length: payments }, () => randomUUID());
  const slots = [...ids.flatMap((id) => Array.from({ length: eventsEach }, () => id)), ...Array.from({ length: withoutPayment }, () => null)];
  for (let i = slots.length - 1; i > 0; i--) {
    const j = hashOf(`shuffle${i}`) % (i + 1);
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  const next = new Map<string, number>();
  return slots.map((payment) => {
    if (payment === null) return { payment, sequence: 1 };
    const sequence = (next.get(payment) ?? 0) + 1;
    next.set(payment, sequence);
    return { payment, sequence };
  });
}

describe("concurrent delivery to one endpoint", () => {
  it("events of 200 payments, 10 in flight, a receiver answering out of order and failing some: each payment's events arrive in sequence, none acknowledged twice", { timeout: 240_000 }, async () => {
    const shop = await newMerchant();
    const answers: number[] = []; // the status answered to request n
    const tries = new Map<string, number>();
    const inbox = await startReceiver((n, received) => {
      const id = String(received.headers["webhook-id"]);
      const attempt = (tries.get(id) ?? 0) + 1;
      tries.set(id, attempt);
      const h = hashOf(`${id}/${attempt}`);
      // about one first attempt in six fails, one second attempt in twelve; answers take 0–39 ms
      const status = (attempt === 1 && h % 6 === 0) || (attempt === 2 && h % 12 === 0) ? 500 : 200;
      answers[n] = status;
      return { status, body: "", delayMs: h % 40 };
    });
    receivers.push(inbox);
    const endpoint = await createEndpoint(shop, { url: inbox.url, event_types: [], description: "", enabled: true });
    const events = interleaved(200, 3, 20);
    await queueDeliveries(shop, endpoint.id, events);

    // two workers at once (as two nodes would), each with two lanes; the endpoint's window is theirs
    // together. A generous time limit: an answer the sender gave up on would be sent again (at least
    // once), and on a loaded PGlite (one event loop for both sides) an answer can come late. The
    // lease outlives the time limit by twice the margin (checkDeliveryOptions).
    const options = { lanes: 2, endpointInFlight: 10, inFlight: 32, backoff: () => 0, idleMs: 20, dispatchEveryMs: 50, timeoutMs: 30_000, leaseMs: 45_000 };
    await deliverWithWorkers(endpoint.id, options);

    // walk the requests as they arrived: a payment's next one is a retry of the event not yet
    // acknowledged or the event after the last acknowledged, never one further on
    const acknowledged = new Map<string, number>(); // payment → highest sequence answered 200
    const acks = new Map<string, number>(); // event id → 200s answered
    const outOfOrder: string[] = [];
    inbox.received.forEach((request, n) => {
      const body = JSON.parse(request.body) as { id: string; sequence: number; data: { payment: string | null } };
      if (answers[n] === 200) acks.set(body.id, (acks.get(body.id) ?? 0) + 1);
      const payment = body.data.payment;
      if (payment === null) return;
      const last = acknowledged.get(payment) ?? 0;
      if (body.sequence !== last + 1) outOfOrder.push(`${payment}: sequence ${body.sequence} after ${last}`);
      if (answers[n] === 200) acknowledged.set(payment, body.sequence);
    });
    const delivered = await deliveriesOf(endpoint.id);
    expect({
      outOfOrder,
      acknowledgedTwice: [...acks].filter(([, count]) => count > 1),
      paymentsComplete: [...acknowledged.values()].filter((sequence) => sequence === 3).length,
      eventsAcknowledged: acks.size,
      states: [...new Set(delivered.map((d) => `${d.status} ${d.leaseId} ${d.lockedUntil}`))],
    }).toEqual({ outOfOrder: [], acknowledgedTwice: [], paymentsComplete: 200, eventsAcknowledged: 620, states: ["succeeded null null"] });
    // every attempt the receiver saw is in the log, failures included
    expect(delivered.map((d) => d.attemptCount)).toEqual(delivered.map((d) => tries.get(d.eventId)));
    expect(answers.filter((status) => status === 500).length).toBeGreaterThan(50);
    // several at once, never more than the window
    expect(inbox.maxConcurrent()).toBeGreaterThan(1);
    expect(inbox.maxConcurrent()).toBeLessThanOrEqual(10);
  });

  it("a failing event holds back only its own payment's later events; other payments and events about no payment go on", async () => {
    const shop = await newMerchant();
    const failing = new Set<string>();
    const inbox = await startReceiver((n, received) => ({ status: failing.has(String(received.headers["webhook-id"])) ? 503 : 200 }));
    receivers.push(inbox);
    const endpoint = await createEndpoint(shop, { url: inbox.url, event_types: [], description: "", enabled: true });
    const [held, free] = [randomUUID(), randomUUID()];
    const written = await queueDeliveries(shop, endpoint.id, [
      { payment: held, sequence: 1 },
      { payment: free, sequence: 1 },
      { payment: held, sequence: 2 },
      { payment: null, sequence: 1 },
      { payment: free, sequence: 2 },
    ]);
    // the receiver fails the held payment's events
    failing.add(written[0]!.eventId).add(written[2]!.eventId);
    await createWebhookWorker({ lanes: 2, endpointInFlight: 10 }).drain(); // the failure's retry is 5 s away
    const db = await getDb();

    expect((await deliveriesOf(endpoint.id)).map((d) => [d.depositId === held ? "held" : d.depositId === free ? "free" : null, d.sequence, d.status, d.attemptCount])).toEqual([
      ["held", 1, "pending", 1],
      ["free", 1, "succeeded", 1],
      ["held", 2, "pending", 0],
      [null, 1, "succeeded", 1],
      ["free", 2, "succeeded", 1],
    ]);
    expect(inbox.received.map((r) => JSON.parse(r.body).sequence).filter((s) => s === 2)).toHaveLength(1); // free's second, never held's
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)); // its retries are not the next test's
  });

  it("an endpoint's window is shared by every claimer: claims stop at endpointInFlight leases", async () => {
    const shop = await newMerchant();
    const endpoint = await createEndpoint(shop, { url: "http://127.0.0.1:9/never", event_types: [], description: "", enabled: true });
    await queueDeliveries(shop, endpoint.id, Array.from({ length: 8 }, () => ({ payment: null, sequence: 1 })));
    const options = { batchSize: 100, leaseMs: 60_000, endpointInFlight: 5 };
    const claims = [];
    for (let i = 0; i < 3; i++) claims.push(await claimBatch(options, 3));
    expect(claims.map((c) => c?.deliveries.length ?? null)).toEqual([3, 2, null]);
    expect((await deliveriesOf(endpoint.id)).filter((d) => d.leaseId !== null)).toHaveLength(5);
  });
});

import { randomUUID } from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { webhookAttempts } from "@/lib/db/schema";
import { deliverWithWorkers } from "@/test/support/webhook-worker";
import { deliveriesOf, hashOf, newMerchant, queueDeliveries, startReceiver, type Receiver } from "@/test/support/webhooks";
import { createEndpoint } from "./create-endpoint";
import { checkDeliveryOptions, claimBatch, defaultDeliveryOptions, deliverBatch } from "./deliver";
import { deliveryRound } from "./rounds";
import { setWebhookResolver, urlPolicy } from "./settings";

// A delivery's lease outlives the request it covers, however starved the lane is: an attempt is
// cut off at its time limit, and it starts only while its lease has that limit and a margin left.
// So a lane whose heartbeat never comes, whose requests leave late (slow name lookups standing for
// a starved event loop) and whose claims come back late never has a request on its way once its
// lease has ended: no other lane sends that event again, or the payment's next one before it.

let receivers: Receiver[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  setWebhookResolver(undefined);
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});


async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}




describe("delivery options", () => {
  it("refuse a lease that an attempt could outlive", async () => {
    const defaults = defaultDeliveryOptions(urlPolicy());
    expect(checkDeliveryOptions(defaults)).toBe(defaults);
    expect(defaults.leaseMs).toBeGreaterThanOrEqual(defaults.timeoutMs + 2 * defaults.leaseMarginMs);
    // the old settings: a 3 s lease over 10 s attempts
    expect(() => checkDeliveryOptions({ ...defaults, leaseMs: 3_000, heartbeatMs: 1_000 })).toThrow(/leaseMs \(3000\) must be at least timeoutMs \+ 2 × leaseMarginMs \(20000\)/);
    expect(() => checkDeliveryOptions({ ...defaults, heartbeatMs: 20_000 })).toThrow(/heartbeatMs/);
    expect(() => checkDeliveryOptions({ ...defaults, leaseMarginMs: 0 })).toThrow(/leaseMarginMs/);
    // a lane refuses them before it claims anything
    await expect(deliveryRound({ leaseMs: 3_000, heartbeatMs: 1_000 })).rejects.toThrow(/leaseMs/);
  });
});

describe("a lane whose lease came back too short", () => {
  it("hands its deliveries back unsent, free for the next claim at once", async () => {
    const shop = await newMerchant();
    const inbox = await receiver();
    const endpoint = await createEndpoint(shop, { url: inbox.url, event_types: [], description: "", enabled: true });
    const payment = randomUUID();
    await queueDeliveries(shop, endpoint.id, [{ payment, sequence: 1 }, { payment: null, sequence: 1 }]);
    const options = { ...defaultDeliveryOptions(urlPolicy()), timeoutMs: 1_000, leaseMarginMs: 500, leaseMs: 2_000, heartbeatMs: 500 };
    const claim = (await claimBatch(options))!;
    expect(claim.deliveries).toHaveLength(2);
    // as if the claim's answer had taken 1.2 s of its 2 s lease to come back: 0.8 s left, under 1 s + 0.5 s
    const late = { ...claim, leaseEndsAt: performance.now() + 800 };
    expect(await deliverBatch(late, options)).toBe(0);
    expect(inbox.received).toHaveLength(0);
    expect((await deliveriesOf(endpoint.id)).map((d) => [d.status, d.attemptCount, d.leaseId, d.lockedUntil])).toEqual([
      ["pending", 0, null, null],
      ["pending", 0, null, null],
    ]);
    // a claim that came back in time sends them
    const again = (await claimBatch(options))!;
    expect(await deliverBatch(again, options)).toBe(2);
    expect(inbox.received).toHaveLength(2);
  });
});

describe("a starved lane", () => {
  it("no heartbeat at all, requests that leave late, two workers: no event sent twice, each payment's in order", { timeout: 240_000 }, async () => {
    // The lease (4 s) has the default's shape at a smaller scale; the heartbeat never beats.
    const HEARTBEAT = 777;
    const options = { lanes: 2, endpointInFlight: 10, inFlight: 32, backoff: () => 0, idleMs: 20, dispatchEveryMs: 50, timeoutMs: 2_000, leaseMarginMs: 1_000, leaseMs: 4_000, heartbeatMs: HEARTBEAT };
    const realSetInterval = globalThis.setInterval;
    vi.spyOn(globalThis, "setInterval").mockImplementation(((callback: () => void, ms?: number) =>
      ms === HEARTBEAT ? realSetInterval(() => {}, 1 << 30) : realSetInterval(callback, ms)) as typeof setInterval);

    // Each request opens a connection of its own (Connection: close) and looks its name up first:
    // one lookup in four takes 4.5 s, longer than the lease the lane's claim wrote, one in four 0.4 s
    // (a request that leaves late, well within its time limit). Under the old design (a 3 s lease
    // that only the heartbeat kept, a 10 s time limit) the slow ones left after their lease had
    // ended, when another lane could have sent the event, and the payment's next one, already.
    let lookups = 0;
    setWebhookResolver(async () => {
      const n = lookups++;
      const delay = n % 4 === 1 ? 4_500 : n % 4 === 3 ? 400 : 0;
      if (delay) await new Promise((r) => setTimeout(r, delay));
      return [{ address: "127.0.0.1", family: 4 }];
    });
    const inbox = await receiver((n, received) => ({ status: 200, body: "", headers: { connection: "close" }, delayMs: hashOf(String(received.headers["webhook-id"])) % 150 }));
    const port = new URL(inbox.url).port;
    const shop = await newMerchant();
    const endpoint = await createEndpoint(shop, { url: `http://hooks.kola.test:${port}/hooks/kola`, event_types: [], description: "", enabled: true });
    const payments = Array.from({ length: 30 }, () => randomUUID());
    await queueDeliveries(
      shop,
      endpoint.id,
      [1, 2, 3].flatMap((sequence) => payments.map((payment) => ({ payment, sequence }))),
    );

    await deliverWithWorkers(endpoint.id, options);

    // Walk what arrived. A payment's events come in sequence; an event may come again (a retry), but
    // only as a retry: its attempts are numbered 1, 2, … (no two lanes made "the same" attempt) and
    // only the last one succeeded. (When a copy arrives is not checked against the attempts: the
    // receiver runs in this starved process and stamps a timed-out attempt's copy when it gets to
    // it, up to seconds after the sender gave up.)
    const db = await getDb();
    const delivered = await deliveriesOf(endpoint.id);
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, delivered.map((d) => d.id)))
      .orderBy(asc(webhookAttempts.createdAt));
    const arrivals = inbox.received.map((r) => ({ at: r.at, ...(JSON.parse(r.body) as { id: string; sequence: number; data: { payment: string } }) }));
    const highest = new Map<string, number>();
    const outOfOrder: string[] = [];
    for (const event of arrivals) {
      const before = highest.get(event.data.payment) ?? 0;
      if (event.sequence !== before && event.sequence !== before + 1) outOfOrder.push(`${event.data.payment}: ${event.sequence} after ${before}`);
      highest.set(event.data.payment, Math.max(before, event.sequence));
    }
    const problems: string[] = [];
    for (const delivery of delivered) {
      const tries = attempts.filter((a) => a.deliveryId === delivery.id);
      const numbers = tries.map((a) => a.attempt).sort((x, y) => x - y);
      if (numbers.join() !== numbers.map((_, i) => i + 1).join()) problems.push(`${delivery.eventId}: attempts numbered ${numbers.join()}`);
      if (tries.filter((a) => a.statusCode === 200).length !== 1 || tries.at(-1)!.statusCode !== 200) problems.push(`${delivery.eventId}: answers ${tries.map((a) => a.statusCode).join()}`);
    }
    expect({
      outOfOrder,
      problems,
      events: new Set(arrivals.map((e) => e.id)).size,
      states: [...new Set(delivered.map((d) => `${d.status} ${d.leaseId} ${d.lockedUntil}`))],
    }).toEqual({ outOfOrder: [], problems: [], events: 90, states: ["succeeded null null"] });
    // the slow lookups did happen, and the attempts given up on them were retried
    expect(lookups).toBeGreaterThan(90);
    expect(attempts.length).toBeGreaterThan(90);
    expect(delivered.map((d) => d.attemptCount)).toEqual(delivered.map((d) => attempts.filter((a) => a.deliveryId === d.id).length));
  });
});

import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { marketplaceTransactions, outboxEvents, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { newAccount } from "@/test/support/api";
import { createMarketplace } from "@/test/support/marketplace";
import { createEndpoint } from "./create-endpoint";
import { claimBatch, deliverBatch, defaultDeliveryOptions } from "./deliver";
import { dispatchOutbox } from "./dispatch";
import { eventIdOf } from "@/lib/deposits/event-sequence";
import { getDeliveryOrThrow, listDeliveries, type EndpointRow } from "./queries";
import { resendDelivery } from "./resend-delivery";
import { rotateSecret } from "./rotate-secret";
import { setWebhookResolver, urlPolicy } from "./settings";
import { pendingMarketplaceSale, pendingPayment, startReceiver, type Receiver } from "@/test/support/webhooks";
import { updateEndpoint } from "./update-endpoint";
import { createWebhookWorker } from "@/test/support/webhook-worker";
import type { WorkerOptions } from "./rounds";
import { sandboxPaymentData, sandboxSaleData } from "@/test/support/event-bodies";
import { receiptCodeOf } from "@/test/support/receipts";

// Delivery end to end on a real database: outbox → deliveries → signed POSTs to a receiver on
// 127.0.0.1 that verifies them with the `standardwebhooks` package.

const EVT = /^evt_[0-9a-f]{32}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let receivers: Receiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

afterEach(async () => {
  vi.unstubAllEnvs();
  setWebhookResolver(undefined);
  setSandboxTransport(undefined);
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function merchant(): Promise<Auth & { key: string }> {
  const { key } = await newAccount("CMR");
  return { ...(await findAuthByKeyHash(hashApiKey(key)))!, key };
}

const endpointFor = (auth: Auth, url: string, eventTypes: EndpointRow["eventTypes"] = []) =>
  createEndpoint(auth, { url, event_types: eventTypes, description: "", enabled: true });

/** A payment link paid (or not) now: its deposit settles and writes the outbox event. */
async function settled(auth: Auth, status: "success" | "failed" | "expired" = "success", orderId = "") {
  const deposit = await pendingPayment(auth, { orderId });
  expect(await settleDeposit(deposit.id, { status, reason: status === "success" ? null : "insufficient_funds" })).toBe(true);
  return deposit;
}

const worker = (options: WorkerOptions = {}) => createWebhookWorker({ lanes: 2, timeoutMs: 2_000, ...options });

/** Retries become due now (time moves on without sleeping). */
async function makeRetriesDue() {
  const db = await getDb();
  await db.update(webhookDeliveries).set({ nextAttemptAt: sql`now()` }).where(eq(webhookDeliveries.status, "pending"));
}

async function deliveriesOf(auth: Auth, endpoint: EndpointRow) {
  return listDeliveries(auth, endpoint.id, { limit: 100 });
}

async function until(condition: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a settled payment reaches the receiver", () => {
  it("as a signed payment.succeeded with the documented body, once", async () => {
    const shop = await merchant();
    const inbox = await receiver();
    const endpoint = await endpointFor(shop, inbox.url);
    const deposit = await settled(shop, "success", "CMD-42");
    expect(await worker().drain()).toBe(1);

    const [verified] = inbox.verifyAll(endpoint.secret);
    const db = await getDb();
    const [outbox] = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, deposit.id));
    const expected = {
      id: eventIdOf(outbox!.id),
      type: "payment.succeeded",
      created_at: outbox!.createdAt.toISOString(),
      sequence: 1,
      data: sandboxPaymentData({ track_id: deposit.trackId, gateway_id: deposit.paymentGatewayId!, order_id: "CMD-42", amount: 5000, receipt_code: await receiptCodeOf(deposit.id) }),
    };
    expect(verified).toEqual(expected);
    // the exact text: keys in the documented order
    expect(inbox.received[0]!.body).toBe(JSON.stringify(expected));
    expect(expected.id).toMatch(EVT);
    expect(expected.created_at).toMatch(ISO);
    const headers = inbox.received[0]!.headers;
    expect(headers["webhook-id"]).toBe(expected.id);
    expect(headers["webhook-sequence"]).toBe("1");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toBe("Kola-Webhooks/0.1");

    const [log] = await deliveriesOf(shop, endpoint);
    expect(log).toMatchObject({ eventId: expected.id, eventType: "payment.succeeded", status: "succeeded", attemptCount: 1, nextAttemptAt: null });
    expect(log!.attempts.map((a) => [a.attempt, a.statusCode, a.responseExcerpt, a.error])).toEqual([[1, 200, "ok", null]]);

    expect(await worker().drain()).toBe(0);
    expect(inbox.received).toHaveLength(1);
  });

  it("sends each endpoint the types it subscribes to, and nothing from before it existed", async () => {
    const shop = await merchant();
    await settled(shop, "success"); // before any endpoint
    await worker().drain();
    const all = await receiver();
    const failures = await receiver();
    const allEndpoint = await endpointFor(shop, all.url);
    const failuresEndpoint = await endpointFor(shop, failures.url, ["payment.failed", "payment.expired"]);
    const ok = await settled(shop, "success");
    const ko = await settled(shop, "failed");
    const late = await settled(shop, "expired");
    const other = await merchant(); // another account's events go to its own endpoints only
    await settled(other, "success");
    await worker().drain();

    expect(all.verifyAll(allEndpoint.secret).map((e) => [(e as { type: string }).type, (e as { data: { track_id: string } }).data.track_id])).toEqual([
      ["payment.succeeded", ok.trackId],
      ["payment.failed", ko.trackId],
      ["payment.expired", late.trackId],
    ]);
    expect(failures.verifyAll(failuresEndpoint.secret).map((e) => (e as { data: { status: string; failure_reason: string } }).data)).toEqual([
      expect.objectContaining({ status: "failed", failure_reason: "insufficient_funds" }),
      expect.objectContaining({ status: "expired", failure_reason: "insufficient_funds" }),
    ]);
  });

  it("a marketplace sale arrives as marketplace.transaction.succeeded with its transaction_id", async () => {
    const shop = await merchant();
    expect((await createMarketplace(shop.key, { name: "Marché Akwa" })).status).toBe(200);
    const inbox = await receiver();
    const endpoint = await endpointFor(shop, inbox.url, ["marketplace.transaction.succeeded"]);
    const { deposit, gateway } = await pendingMarketplaceSale(shop, shop.key);
    await settleDeposit(deposit.id, { status: "success" });
    await worker().drain();

    const db = await getDb();
    const [transaction] = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.depositId, deposit.id));
    expect(inbox.verifyAll(endpoint.secret)).toEqual([
      {
        id: expect.stringMatching(EVT),
        type: "marketplace.transaction.succeeded",
        created_at: expect.stringMatching(ISO),
        sequence: 1,
        data: sandboxSaleData({ track_id: deposit.trackId, gateway_id: gateway.id, transaction_id: transaction!.id, amount: 15300, receipt_code: await receiptCodeOf(deposit.id) }),
      },
    ]);
  });

  it("a signature made with another secret does not verify", async () => {
    const shop = await merchant();
    const inbox = await receiver();
    await endpointFor(shop, inbox.url);
    await settled(shop);
    await worker().drain();
    expect(() => inbox.verifyAll("whsec_" + Buffer.alloc(32, 7).toString("base64"))).toThrow("No matching signature found");
  });
});

describe("retries", () => {
  it("a receiver that fails (500s, timeouts) then recovers gets every event, in order, with one webhook-id each", async () => {
    const shop = await merchant();
    // requests 0–3 answer 500, 4–5 never answer, then 200
    const inbox = await receiver((n) => (n < 4 ? { status: 500, body: "down" } : n < 6 ? "hang" : { status: 200, body: "ok" }));
    const endpoint = await endpointFor(shop, inbox.url);
    const deposits = [await settled(shop), await settled(shop), await settled(shop)];
    const run = worker({ timeoutMs: 300, endpointInFlight: 1 }); // one at a time: which request each event meets is fixed

    const before = Date.now();
    await run.drain(); // each event's first attempt fails (a failure ends a batch: newer ones go next)
    let log = await deliveriesOf(shop, endpoint);
    expect(log.map((d) => [d.status, d.attemptCount])).toEqual([["pending", 1], ["pending", 1], ["pending", 1]]);
    for (const delivery of log) {
      // the first retry comes 5 s (±20 %) later
      const wait = delivery.nextAttemptAt!.getTime() - before;
      expect(wait).toBeGreaterThan(3_500);
      expect(wait).toBeLessThan(6_500);
    }
    await run.drain();
    expect(inbox.received).toHaveLength(3); // nothing is due before its time

    await makeRetriesDue();
    await run.drain();
    await makeRetriesDue();
    await run.drain();

    log = await deliveriesOf(shop, endpoint);
    expect(log.every((d) => d.status === "succeeded")).toBe(true);
    const byTrack = new Map(log.map((d) => [JSON.parse(d.payload).data.track_id as string, d]));
    const attempts = deposits.map((dep) => byTrack.get(dep.trackId)!.attempts.map((a) => [a.statusCode, a.error]));
    expect(attempts).toEqual([
      [[500, null], [500, null], [200, null]],
      [[500, null], [null, "timed out after 0.3 s"], [200, null]],
      [[500, null], [null, "timed out after 0.3 s"], [200, null]],
    ]);
    expect(byTrack.get(deposits[0]!.trackId)!.attempts[0]!.responseExcerpt).toBe("down");

    // every event got there, the successes in event order, and every retry of an event had its id
    const events = inbox.events();
    const succeededIds = inbox.received.slice(6).map((r) => r.headers["webhook-id"]);
    expect(succeededIds).toEqual(deposits.map((dep) => byTrack.get(dep.trackId)!.eventId));
    for (const id of new Set(events.map((e) => e.id))) {
      const copies = inbox.received.filter((r) => r.headers["webhook-id"] === id);
      expect(new Set(copies.map((r) => r.body)).size).toBe(1); // the same body on every attempt
      expect(copies).toHaveLength(3);
    }
    inbox.verifyAll(endpoint.secret);
  });

  it("after the last attempt the delivery is failed; a resend is one more attempt", async () => {
    const shop = await merchant();
    const inbox = await receiver(() => ({ status: 503, body: "maintenance" }));
    const endpoint = await endpointFor(shop, inbox.url);
    await settled(shop);
    await worker({ maxAttempts: 3, backoff: () => 0 }).drain();

    let [delivery] = await deliveriesOf(shop, endpoint);
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 3, nextAttemptAt: null });
    expect(inbox.received).toHaveLength(3);

    inbox.respond(() => ({ status: 204 }));
    await resendDelivery(shop, endpoint.id, delivery!.id);
    await worker({ maxAttempts: 3 }).drain();
    delivery = await getDeliveryOrThrow(shop, endpoint.id, delivery!.id);
    expect(delivery.status).toBe("succeeded");
    expect(delivery.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([[1, 503], [2, 503], [3, 503], [4, 204]]);
    expect(new Set(inbox.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
  });

  it("a disabled endpoint gets no new events; what it was owed waits until it is enabled again", async () => {
    const shop = await merchant();
    const inbox = await receiver(() => ({ status: 500 }));
    const endpoint = await endpointFor(shop, inbox.url);
    await settled(shop);
    await worker().drain(); // fails once: pending
    await updateEndpoint(shop, endpoint.id, { enabled: false });
    await settled(shop); // while disabled: not for this endpoint
    inbox.respond(() => ({ status: 200 }));
    await makeRetriesDue();
    await worker().drain();
    expect(inbox.received).toHaveLength(1);

    await updateEndpoint(shop, endpoint.id, { enabled: true });
    await worker().drain();
    expect(inbox.received).toHaveLength(2);
    expect((await deliveriesOf(shop, endpoint)).map((d) => d.status)).toEqual(["succeeded"]);
  });
});

describe("workers side by side", () => {
  it("two workers running at once deliver each event exactly once, never more at once than an endpoint's window", async () => {
    const shop = await merchant();
    const inboxes = [
      await receiver(() => ({ status: 200, delayMs: 20 })),
      await receiver(() => ({ status: 200, delayMs: 5 })),
      await receiver(() => ({ status: 200 })),
    ];
    const endpoints = await Promise.all(inboxes.map((r) => endpointFor(shop, r.url)));
    const count = 30;
    for (let i = 0; i < count; i++) await settled(shop);

    // a generous time limit (and a lease that outlives it): an answer given up on is sent again (at
    // least once), which is not what this counts
    const options = { lanes: 3, batchSize: 4, endpointInFlight: 3, dispatchEveryMs: 20, idleMs: 20, timeoutMs: 30_000, leaseMs: 45_000 };
    const a = worker(options);
    const b = worker(options);
    a.start();
    b.start();
    try {
      await until(() => inboxes.every((r) => r.received.length >= count));
      await new Promise((r) => setTimeout(r, 300)); // a double delivery would show up meanwhile
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }

    const db = await getDb();
    const order = await db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(eq(outboxEvents.accountId, shop.accountId))
      .orderBy(outboxEvents.createdAt, outboxEvents.id);
    const expected = order.map((o) => eventIdOf(o.id)).sort();
    inboxes.forEach((inbox, i) => {
      // each payment has one event here: no order between them, each once
      expect(inbox.received.map((r) => r.headers["webhook-id"]).sort()).toEqual(expected);
      expect(inbox.maxConcurrent()).toBeLessThanOrEqual(3); // the window holds across both workers
      inbox.verifyAll(endpoints[i]!.secret);
    });
  });

  it("a worker killed mid-delivery leaves the delivery to be delivered again after its lease", async () => {
    const shop = await merchant();
    const inbox = await receiver();
    const endpoint = await endpointFor(shop, inbox.url);
    await settled(shop);
    await settled(shop);
    await dispatchOutbox();

    // A worker claims the batch, sends the first event, and dies before recording anything.
    const claim = (await claimBatch({ batchSize: 100, leaseMs: 60_000, endpointInFlight: 10 }))!;
    expect(claim.deliveries).toHaveLength(2);
    const killed = { ...claim, deliveries: claim.deliveries.slice(0, 1) };
    const { postWebhook } = await import("./post");
    const { signedHeaders } = await import("./signing");
    const first = claim.deliveries[0]!;
    await postWebhook(inbox.url, signedHeaders(claim.endpoint.secrets, first.eventId, first.payload, first.sequence), first.payload, {
      policy: urlPolicy(),
      timeoutMs: 2_000,
    });

    // While the lease holds, nobody else touches the endpoint's deliveries.
    expect(await worker().drain()).toBe(0);
    expect(inbox.received).toHaveLength(1);

    // The lease runs out: the deliveries are due again and go out, the first one a second time.
    const db = await getDb();
    await db
      .update(webhookDeliveries)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.leaseId, claim.leaseId));
    expect(await worker({ endpointInFlight: 1 }).drain()).toBe(2); // one at a time: the arrivals' order is fixed
    const ids = inbox.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toEqual([first.eventId, first.eventId, claim.deliveries[1]!.eventId]);
    inbox.verifyAll(endpoint.secret);
    const log = await deliveriesOf(shop, endpoint);
    expect(log.map((d) => [d.status, d.attemptCount, d.leaseId, d.lockedUntil])).toEqual([
      ["succeeded", 1, null, null],
      ["succeeded", 1, null, null],
    ]);

    // The old worker comes back: it may send again (at least once), but cannot rewrite the log's state.
    await deliverBatch(killed, { ...defaultDeliveryOptions(urlPolicy()), timeoutMs: 2_000 });
    const after = await getDeliveryOrThrow(shop, endpoint.id, log.find((d) => d.eventId === first.eventId)!.id);
    expect([after.status, after.attemptCount]).toEqual(["succeeded", 1]);
    expect(after.attempts.map((a) => a.statusCode)).toEqual([200, 200]); // both sends are in the log
  });

  it("an endpoint deleted while its batch is being sent stops the batch quietly", async () => {
    const shop = await merchant();
    const inbox = await receiver();
    const endpoint = await endpointFor(shop, inbox.url);
    await settled(shop);
    await dispatchOutbox();
    const claim = (await claimBatch({ batchSize: 100, leaseMs: 60_000, endpointInFlight: 10 }))!;
    const db = await getDb();
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    await expect(deliverBatch(claim, defaultDeliveryOptions(urlPolicy()))).resolves.toBe(1);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
  });
});

describe("what delivery refuses to do", () => {
  async function attemptsFor(shop: Auth, endpoint: EndpointRow) {
    await worker({ timeoutMs: 3_000 }).drain();
    return (await deliveriesOf(shop, endpoint)).flatMap((d) => d.attempts.map((a) => [a.statusCode, a.error]));
  }

  it("refuses, at delivery time, receivers on private addresses when the allow setting is off", async () => {
    const shop = await merchant();
    const inbox = await receiver();
    const port = new URL(inbox.url).port;
    // saved while private addresses were allowed (development), delivered once they are not
    const endpoints = await Promise.all(
      [`http://localhost:${port}/`, `http://127.0.0.1:${port}/`, `http://[::1]:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`].map((url) =>
        endpointFor(shop, url),
      ),
    );
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "0");
    await settled(shop);
    const errors = [];
    for (const endpoint of endpoints) errors.push(await attemptsFor(shop, endpoint));
    expect(errors).toEqual([
      [[null, "refused: localhost resolves to 127.0.0.1, a loopback address"]],
      [[null, "refused: 127.0.0.1 is a loopback address"]],
      [[null, "refused: ::1 is a loopback address"]],
      [[null, "refused: ::ffff:7f00:1 is a loopback address"]],
    ]);
    expect(inbox.received).toHaveLength(0);
  });

  it("connects to the address it checked: a name that turns private after the check (DNS rebinding) is refused", async () => {
    const shop = await merchant();
    const inbox = await receiver();
    const port = new URL(inbox.url).port;
    let lookups = 0;
    // the first answer (when the endpoint is saved) is public, every later one is loopback
    setWebhookResolver(async () => (lookups++ === 0 ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]));
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "0");
    const endpoint = await endpointFor(shop, `http://rebinding.test:${port}/hook`);
    await settled(shop);
    expect(await attemptsFor(shop, endpoint)).toEqual([[null, "refused: rebinding.test resolves to 127.0.0.1, a loopback address"]]);
    expect(inbox.received).toHaveLength(0);

    // With private addresses allowed, the same name reaches the receiver: the connection goes to
    // the address the lookup answered (the name itself exists in no DNS).
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "1");
    await makeRetriesDue();
    expect(await attemptsFor(shop, endpoint)).toEqual([
      [null, "refused: rebinding.test resolves to 127.0.0.1, a loopback address"],
      [200, null],
    ]);
    expect(inbox.received).toHaveLength(1);
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    const shop = await merchant();
    const elsewhere = await receiver();
    const inbox = await receiver(() => ({ status: 302, headers: { location: elsewhere.url }, body: "moved" }));
    const endpoint = await endpointFor(shop, inbox.url);
    await settled(shop);
    expect(await attemptsFor(shop, endpoint)).toEqual([[302, "redirect not followed"]]);
    expect(elsewhere.received).toHaveLength(0);
    expect((await deliveriesOf(shop, endpoint))[0]!.status).toBe("pending");
  });

  it("reads a big answer only so far: a 1 KB excerpt, and an endless body does not hold the worker", async () => {
    const shop = await merchant();
    const big = await receiver(() => ({ status: 500, body: "é".repeat(3 * 1024 * 1024) })); // 6 MB
    const endless = await receiver(() => "stream");
    const bigEndpoint = await endpointFor(shop, big.url);
    const endlessEndpoint = await endpointFor(shop, endless.url);
    await settled(shop);
    await worker({ timeoutMs: 5_000 }).drain();

    const [bigAttempt] = (await deliveriesOf(shop, bigEndpoint))[0]!.attempts;
    expect(bigAttempt!.statusCode).toBe(500);
    expect(bigAttempt!.responseExcerpt).toBe("é".repeat(512)); // 1024 bytes
    const [endlessDelivery] = await deliveriesOf(shop, endlessEndpoint);
    expect(endlessDelivery!.status).toBe("succeeded");
    expect(endlessDelivery!.attempts[0]!.responseExcerpt).toBe("x".repeat(1024));
    expect(endlessDelivery!.attempts[0]!.latencyMs).toBeLessThan(5_000);
  });
});

describe("secret rotation", () => {
  it("signs with the new and the previous secret for 24 hours, then with the new one only", async () => {
    const shop = await merchant();
    const inbox = await receiver();
    const endpoint = await endpointFor(shop, inbox.url);
    const rotated = await rotateSecret(shop, endpoint.id);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await settled(shop);
    await worker().drain();
    expect((inbox.received[0]!.headers["webhook-signature"] as string).split(" ")).toHaveLength(2);
    inbox.verifyAll(rotated.secret);
    inbox.verifyAll(endpoint.secret);

    const db = await getDb();
    await db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(inArray(webhookEndpoints.id, [endpoint.id]));
    await settled(shop);
    await worker().drain();
    const last = inbox.received[1]!;
    expect((last.headers["webhook-signature"] as string).split(" ")).toHaveLength(1);
    expect(() => inbox.verifyAll(endpoint.secret)).toThrow();
    inbox.verifyAll(rotated.secret);
  });
});

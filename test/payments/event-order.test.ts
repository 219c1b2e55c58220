import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { deposits, outboxEvents } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { newAccount } from "@/test/support/api";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { startReceiver, type Receiver } from "@/test/support/webhooks";
import { createWebhookWorker } from "@/test/support/webhook-worker";
import { sweepExpired } from "@/lib/payments/reconcile";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { signCallback } from "@/lib/providers/signature";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";

// Events in a total order per deposit: a provider's late success racing the
// expiry sweeper, through the real callback handler and the real sweeper; the order the worker
// delivers them in. kill -9 between an event's number and its row: ./event-order-crash.test.ts.

let receivers: Receiver[] = [];
afterEach(async () => {
  setSandboxTransport(undefined);
  delete process.env.DEPOSIT_EXPIRY_SECONDS;
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function merchant(): Promise<Auth> {
  const { key } = await newAccount("CMR");
  return (await findAuthByKeyHash(hashApiKey(key)))!;
}

/** A pending deposit on a link of its own; `03` at the end: the sandbox never answers it (it expires). */
async function pendingDeposit(auth: Auth) {
  setSandboxTransport(async () => {});
  const gateway = await createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
  return startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000003", client_token: randomUUID().replaceAll("-", "") });
}

/** The provider's success callback, signed, through the route the provider calls. */
async function lateSuccess(trackId: string) {
  const raw = JSON.stringify({
    event_id: randomUUID(),
    reference: `SBX-${trackId}`,
    track_id: trackId,
    status: "success",
    amount: 5000,
    currency: "XAF",
    timestamp: Math.floor(Date.now() / 1000),
  });
  const res = await callback.POST(
    new Request("http://kola.test/api/providers/sandbox/callback", { method: "POST", headers: { "x-kola-signature": signCallback(raw) }, body: raw }),
    { params: Promise.resolve({ provider: "sandbox" }) },
  );
  return [res.status, await res.json()];
}

/** Each deposit's events in sequence order, with their time to the microsecond. */
async function eventsOf(depositIds: string[]) {
  const db = await getDb();
  const rows = await db
    .select({
      depositId: outboxEvents.sequenceDepositId,
      sequence: outboxEvents.sequence,
      type: outboxEvents.type,
      status: sql<string>`${outboxEvents.data}->>'status'`,
      micros: sql<string>`(extract(epoch from ${outboxEvents.createdAt}) * 1000000)::bigint::text`,
    })
    .from(outboxEvents)
    .where(inArray(outboxEvents.sequenceDepositId, depositIds))
    .orderBy(asc(outboxEvents.sequence));
  const byDeposit = new Map<string, typeof rows>(depositIds.map((id) => [id, []]));
  for (const row of rows) byDeposit.get(row.depositId!)!.push(row);
  return byDeposit;
}

describe("a late success racing the expiry sweeper", () => {
  it("200 deposits: each one's events are numbered 1..n without a gap, created_at follows the numbers, the highest is the final status", { timeout: 600_000 }, async () => {
    // ten merchants: one merchant's successes queue on its balance row, which is not the race here
    const merchants = [];
    for (let m = 0; m < 10; m++) merchants.push(await merchant());
    const pending = [];
    for (let i = 0; i < 200; i++) pending.push(await pendingDeposit(merchants[i % 10]!));
    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    await new Promise((r) => setTimeout(r, 5));

    // the sweeper (two at once, as two processes would) against one success per deposit, sent by
    // four providers' connections at once: the sweeper goes oldest first, the callbacks newest
    // first, so they meet somewhere in the middle whatever the database's speed: before it the
    // expiry comes first, after it the success, and around it both wait on the same row lock. (Four
    // lanes, not 200 callbacks at once: those would hold every pooled connection and starve the
    // sweeper, and nothing would race.)
    const sweeps = (async () => {
      let settled = 0;
      for (let n = -1; n !== 0; ) settled += n = (await Promise.all([sweepExpired(), sweepExpired()])).reduce((a, b) => a + b, 0);
      return settled;
    })();
    const newestFirst = [...pending].reverse();
    const answers: unknown[][] = [];
    const lane = async () => {
      for (let deposit = newestFirst.shift(); deposit; deposit = newestFirst.shift()) answers.push(await lateSuccess(deposit.trackId));
    };
    await Promise.all([lane(), lane(), lane(), lane()]);
    await sweeps;
    expect(answers.length).toBe(200);
    expect(answers.filter(([status, body]) => status !== 200 || (body as { outcome: string }).outcome !== "settled")).toEqual([]);

    const ids = pending.map((d) => d.id);
    const events = await eventsOf(ids);
    const db = await getDb();
    const rows = await db.select({ id: deposits.id, status: deposits.status, eventSequence: deposits.eventSequence, lateSuccess: deposits.lateSuccess }).from(deposits).where(inArray(deposits.id, ids));
    const problems: unknown[] = [];
    const shapes = new Map<string, number>();
    for (const row of rows) {
      const list = events.get(row.id)!;
      const shape = list.map((e) => e.type).join(" > ");
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
      const numbers = list.map((e) => e.sequence);
      const times = list.map((e) => BigInt(e.micros));
      const ordered = times.every((t, i) => i === 0 || t > times[i - 1]!);
      const last = list.at(-1);
      if (
        numbers.join() !== list.map((_, i) => i + 1).join() ||
        !ordered ||
        last?.status !== row.status ||
        row.eventSequence !== list.length ||
        row.status !== "success"
      ) {
        problems.push({ row, list });
      }
    }
    expect(problems).toEqual([]);
    // what the race produced (each deposit: its own success, or our expiry then the success)
    console.log("event-order race:", Object.fromEntries(shapes));
    expect([...shapes.keys()].every((s) => s === "payment.succeeded" || s === "payment.expired > payment.succeeded")).toBe(true);
    expect(rows.filter((r) => r.lateSuccess).length).toBe(shapes.get("payment.expired > payment.succeeded") ?? 0);
    expect(shapes.get("payment.expired > payment.succeeded")).toBeGreaterThan(0); // the race happened
  });
});

describe("delivery order", () => {
  async function expiredThenPaid(auth: Auth) {
    const deposit = await pendingDeposit(auth);
    expect(await settleDeposit(deposit.id, { status: "expired", reason: "expired" })).toBe(true);
    expect(await settleDeposit(deposit.id, { status: "success", providerReference: "SBX-late" })).toBe(true);
    return deposit;
  }
  const seen = (r: Receiver) => r.received.map((x) => [x.headers["webhook-sequence"], (JSON.parse(x.body) as { type: string; sequence: number }).type, (JSON.parse(x.body) as { sequence: number }).sequence]);

  it("the success after an expiry waits while the expiry is retried, and goes out after it", { timeout: 60_000 }, async () => {
    const auth = await merchant();
    const inbox = await startReceiver((n) => (n === 0 ? { status: 500, body: "down" } : { status: 200, body: "ok" }));
    receivers.push(inbox);
    await createEndpoint(auth, { url: inbox.url, event_types: [], description: "", enabled: true });
    const deposit = await expiredThenPaid(auth);

    const worker = createWebhookWorker({ lanes: 2, timeoutMs: 2_000, backoff: () => 0.2 });
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    // the expiry failed once and was retried; the success went only after it was acknowledged
    await new Promise((r) => setTimeout(r, 300));
    await worker.drain();
    expect(seen(inbox)).toEqual([
      ["1", "payment.expired", 1],
      ["1", "payment.expired", 1],
      ["2", "payment.succeeded", 2],
    ]);
    expect(inbox.events().map((e) => (e.data as { track_id: string }).track_id)).toEqual([deposit.trackId, deposit.trackId, deposit.trackId]);
  });

  it("while the expiry waits for its retry, the success is held back; once the expiry is given up, the success goes", { timeout: 60_000 }, async () => {
    const auth = await merchant();
    const inbox = await startReceiver((n) => (n === 0 ? { status: 500, body: "down" } : { status: 200, body: "ok" }));
    receivers.push(inbox);
    await createEndpoint(auth, { url: inbox.url, event_types: [], description: "", enabled: true });
    await expiredThenPaid(auth);

    // a retry an hour away: the success must not overtake it
    const waiting = createWebhookWorker({ lanes: 2, timeoutMs: 2_000, backoff: () => 3_600_000 });
    await waiting.drain();
    expect(seen(inbox)).toEqual([["1", "payment.expired", 1]]);

    // the same, with one attempt only: the expiry is given up, and the success follows
    const givingUp = createWebhookWorker({ lanes: 2, timeoutMs: 2_000, maxAttempts: 1 });
    const db = await getDb();
    const { webhookDeliveries } = await import("@/lib/db/schema");
    await db.update(webhookDeliveries).set({ nextAttemptAt: sql`now()` }).where(eq(webhookDeliveries.accountId, auth.accountId));
    inbox.respond((n) => (n === 1 ? { status: 500, body: "still down" } : { status: 200, body: "ok" }));
    await givingUp.drain();
    expect(seen(inbox)).toEqual([
      ["1", "payment.expired", 1],
      ["1", "payment.expired", 1],
      ["2", "payment.succeeded", 2],
    ]);
  });
});

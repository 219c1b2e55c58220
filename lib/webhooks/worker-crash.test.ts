import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { databaseSettings, getDb, useDatabase } from "@/lib/db/client";
import { webhookAttempts, webhookDeliveries } from "@/lib/db/schema";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { newAccount } from "@/test/support/api";
import { createEndpoint } from "./create-endpoint";
import { queueDeliveries, startReceiver, type Receiver } from "@/test/support/webhooks";
import { createWebhookWorker } from "@/test/support/webhook-worker";

// A worker process that dies mid-delivery (SIGKILL) holds the deliveries it had in flight until their
// lease ends, no longer: the lease outlives an attempt's time limit by a margin, and nothing renews
// it once the process is gone. They are sent again (at least once, same webhook-id); what it had
// recorded is not, and each payment's events still arrive in order. And a live worker, however slow
// its receiver, keeps what it is sending: nobody delivers it a second time meanwhile.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
let folder: string | undefined;
let receivers: Receiver[] = [];

// PGlite is opened by one process at a time: the test and the worker process take turns on a folder.
beforeAll(async () => {
  if (databaseSettings().databaseUrl) return;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "kola-worker-crash-"));
  await useDatabase({ dataDir: folder });
});

afterAll(async () => {
  if (!folder) return;
  await useDatabase({ dataDir: "memory://" });
  fs.rmSync(folder, { recursive: true, force: true });
});

afterEach(async () => {
  setSandboxTransport(undefined);
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

/**
 * The dead worker's settings: the defaults' shape (a lease that outlives an attempt by a margin at
 * each end, checkDeliveryOptions) at a scale a test can wait for: 12 s instead of 30 s. The time limit
 * (8 s) leaves the hung requests in flight at the kill on a loaded machine.
 */
const CRASHING = { timeoutMs: 8_000, leaseMarginMs: 2_000, leaseMs: 12_000, heartbeatMs: 500 };

/** A webhook worker in a process of its own (CRASHING's settings, one lane), on the test's database. */
function spawnWorker(settings: ReturnType<typeof databaseSettings>) {
  // node itself (tsx as a loader, not its launcher): the kill must reach the process that delivers
  return spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "test", "support", "webhook-worker-process.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: settings.databaseUrl ?? "",
      DATA_DIR: settings.dataDir,
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      LOG_LEVEL: "silent",
      KOLA_TEST_WEBHOOK_OPTIONS: JSON.stringify(CRASHING),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function deliveriesOf(endpointId: string) {
  const db = await getDb();
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.eventCreatedAt), asc(webhookDeliveries.id));
}

async function attemptsOf(deliveryId: string) {
  const db = await getDb();
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt));
}

async function until(condition: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a worker process killed with several deliveries in flight", () => {
  it("frees them when their lease ends (12 s here) after the kill; another worker sends each again, in its payment's order, and nothing it had recorded", { timeout: 240_000 }, async () => {
    // the first three requests never get an answer (the dead worker would give up on them after
    // 8 s: it is killed before); later ones are answered at once
    const inbox = await receiver((n) => (n < 3 ? "hang" : { status: 200, body: "ok" }));
    const { key } = await newAccount("CMR");
    const shop: Auth = (await findAuthByKeyHash(hashApiKey(key)))!;
    const endpoint = await createEndpoint(shop, { url: inbox.url, event_types: [], description: "", enabled: true });
    // four payments with two events each: the four first events can go at once, each second one after its first
    const payments = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await queueDeliveries(shop, endpoint.id, [1, 2].flatMap((sequence) => payments.map((payment) => ({ payment, sequence }))));
    const settings = databaseSettings();
    if (folder) await useDatabase({ dataDir: folder }); // closes this process's handle: the worker process opens the folder

    const child = spawnWorker(settings);
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
    // the four first events go out at once: three hang, the fourth is answered and its payment's second follows
    await until(() => inbox.received.length >= 5 || child.exitCode !== null, 150_000);
    // it records the answered ones, and goes on renewing its lease: on PostgreSQL seen in the
    // database; a PGlite folder is the worker's alone while it lives, so there a while is given
    if (folder) await new Promise((r) => setTimeout(r, 1_500));
    else await until(async () => (await deliveriesOf(endpoint.id)).filter((d) => d.status === "succeeded").length === 2);
    child.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await exited).toBe("SIGKILL");

    const sent = inbox.received.map((r) => JSON.parse(r.body) as { id: string; sequence: number; data: { payment: string } });
    const hung = sent.slice(0, 3);
    const answered = sent.slice(3);
    expect(hung.map((e) => e.sequence)).toEqual([1, 1, 1]);
    const done = answered[0]!.data.payment; // the payment whose first event was answered
    expect(answered.map((e) => [e.data.payment, e.sequence])).toEqual([
      [done, 1],
      [done, 2],
    ]);

    // what the dead process left: its answered attempts recorded, the hung ones leased until at most one lease after its death
    const stateOf = (d: { depositId: string | null; sequence: number }) =>
      d.depositId === done ? "answered" : d.sequence === 1 ? "in flight at the kill" : "waiting for its first";
    const left = await deliveriesOf(endpoint.id);
    expect(left.map((d) => [stateOf(d), d.status, d.attemptCount, d.leaseId !== null])).toEqual(
      [1, 2].flatMap((sequence) =>
        payments.map((payment) =>
          payment === done
            ? ["answered", "succeeded", 1, false]
            : sequence === 1
              ? ["in flight at the kill", "pending", 0, true]
              : ["waiting for its first", "pending", 0, false],
        ),
      ),
    );
    const lockedUntil = Math.max(...left.filter((d) => d.leaseId !== null).map((d) => d.lockedUntil!.getTime()));
    expect(lockedUntil).toBeLessThanOrEqual(killedAt + CRASHING.leaseMs);

    const survivor = createWebhookWorker({ lanes: 1 });
    survivor.start();
    try {
      await until(async () => (await deliveriesOf(endpoint.id)).every((d) => d.status === "succeeded"));
    } finally {
      await survivor.stop();
    }
    // each payment's events in sequence; sent twice only what was in flight at the kill
    const received = inbox.received.map((r) => JSON.parse(r.body) as { data: { payment: string }; sequence: number });
    expect(payments.map((payment) => received.filter((e) => e.data.payment === payment).map((e) => e.sequence))).toEqual(
      payments.map((payment) => (payment === done ? [1, 2] : [1, 1, 2])),
    );
    inbox.verifyAll(endpoint.secret);
    const delivered = await deliveriesOf(endpoint.id);
    expect(delivered.map((d) => [d.status, d.attemptCount, d.leaseId, d.lockedUntil])).toEqual(delivered.map(() => ["succeeded", 1, null, null]));
    // The survivor sent nothing while the dead worker's lease held.
    for (const d of left.filter((d) => d.leaseId !== null)) {
      const [attempt] = await attemptsOf(d.id);
      expect(attempt!.createdAt.getTime()).toBeGreaterThanOrEqual(d.lockedUntil!.getTime());
    }
    if (process.env.KOLA_REPORT_TIMING) console.info(`delivery resumed ${Math.min(...(await Promise.all(delivered.map(async (d) => (await attemptsOf(d.id))[0]!.createdAt.getTime())))) - killedAt} ms after the kill`);
  });
});

describe("a live worker with a slow receiver", () => {
  it("keeps a payment's events for longer than a lease, sending one after the other, while another worker polls: each once, in order", { timeout: 60_000 }, async () => {
    // every answer takes a second (a third of the time limit: a loaded machine must not turn it
    // into a timeout and a retry); five in a row outlive the lane's first lease
    const inbox = await receiver(() => ({ status: 200, body: "ok", delayMs: 1_000 }));
    const { key } = await newAccount("CMR");
    const shop: Auth = (await findAuthByKeyHash(hashApiKey(key)))!;
    const endpoint = await createEndpoint(shop, { url: inbox.url, event_types: [], description: "", enabled: true });
    const payment = randomUUID();
    await queueDeliveries(shop, endpoint.id, [1, 2, 3, 4, 5].map((sequence) => ({ payment, sequence })));
    const options = { lanes: 1, timeoutMs: 3_000, leaseMarginMs: 500, leaseMs: 4_000, heartbeatMs: 200, idleMs: 20, dispatchEveryMs: 20 };
    const slow = createWebhookWorker(options);
    const other = createWebhookWorker(options);
    slow.start();
    await until(() => inbox.received.length >= 1);
    other.start();
    try {
      await until(async () => (await deliveriesOf(endpoint.id)).every((d) => d.status === "succeeded"));
    } finally {
      await Promise.all([slow.stop(), other.stop()]);
    }
    const delivered = await deliveriesOf(endpoint.id);
    expect(inbox.received.map((r) => (JSON.parse(r.body) as { sequence: number }).sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(inbox.received.map((r) => r.headers["webhook-id"])).toEqual(delivered.map((d) => d.eventId));
    expect(delivered.map((d) => [d.status, d.attemptCount])).toEqual(delivered.map(() => ["succeeded", 1]));
    expect(inbox.received.at(-1)!.at - inbox.received[0]!.at).toBeGreaterThan(options.leaseMs); // it did outlive a lease
  });
});

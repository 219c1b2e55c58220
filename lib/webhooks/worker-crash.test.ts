import { spawn } from "node:child_process";
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
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { newAccount } from "@/test/support/api";
import { createEndpoint } from "./create-endpoint";
import { dispatchOutbox } from "./dispatch";
import { pendingPayment, startReceiver, type Receiver } from "@/test/support/webhooks";
import { createWebhookWorker } from "@/test/support/webhook-worker";

// A worker process that dies mid-delivery (SIGKILL) holds its endpoint for its lease only: a few
// seconds, not the 10 s timeout of the attempt it was making. And a live worker, however slow its
// receiver, keeps its batch: nobody delivers it a second time meanwhile.

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

/** A merchant with an endpoint at `url` and `count` events dispatched to it. */
async function endpointWithEvents(url: string, count: number) {
  const { key } = await newAccount("CMR");
  const shop: Auth = (await findAuthByKeyHash(hashApiKey(key)))!;
  const endpoint = await createEndpoint(shop, { url, event_types: [], description: "", enabled: true });
  for (let i = 0; i < count; i++) {
    const deposit = await pendingPayment(shop);
    expect(await settleDeposit(deposit.id, { status: "success" })).toBe(true);
  }
  await dispatchOutbox();
  return endpoint;
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

describe("a worker process killed mid-delivery", () => {
  it("frees its batch within 5 s of the kill; another worker delivers it, in order", { timeout: 240_000 }, async () => {
    const inbox = await receiver((n) => (n === 0 ? "hang" : { status: 200, body: "ok" }));
    const endpoint = await endpointWithEvents(inbox.url, 2);
    const settings = databaseSettings();
    if (folder) await useDatabase({ dataDir: folder }); // closes this process's handle: the worker process opens the folder

    // node itself (tsx as a loader, not its launcher): the kill must reach the process that delivers
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "test", "support", "webhook-worker-process.ts")], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: settings.databaseUrl ?? "",
        DATA_DIR: settings.dataDir,
        WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
    await until(() => inbox.received.length === 1 || child.exitCode !== null, 150_000);
    expect(inbox.received).toHaveLength(1); // the worker process is sending the first event; the receiver holds it
    await new Promise((r) => setTimeout(r, 1_500)); // it goes on renewing its lease meanwhile
    child.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await exited).toBe("SIGKILL");

    // The lease the dead process left ends at most 5 s after its death.
    const leased = await deliveriesOf(endpoint.id);
    expect(leased.map((d) => [d.status, d.attemptCount, d.leaseId !== null])).toEqual([
      ["pending", 0, true],
      ["pending", 0, true],
    ]);
    const lockedUntil = leased[0]!.lockedUntil!.getTime();
    expect(lockedUntil).toBeLessThanOrEqual(killedAt + 5_000);

    const survivor = createWebhookWorker({ lanes: 1 });
    survivor.start();
    try {
      await until(async () => (await deliveriesOf(endpoint.id)).every((d) => d.status === "succeeded"));
    } finally {
      await survivor.stop();
    }
    const delivered = await deliveriesOf(endpoint.id);
    // the first event twice (the dead worker's attempt and the survivor's), then the second, in order
    expect(inbox.received.map((r) => r.headers["webhook-id"])).toEqual([delivered[0]!.eventId, delivered[0]!.eventId, delivered[1]!.eventId]);
    inbox.verifyAll(endpoint.secret);
    expect(delivered.map((d) => [d.status, d.attemptCount, d.leaseId, d.lockedUntil])).toEqual([
      ["succeeded", 1, null, null],
      ["succeeded", 1, null, null],
    ]);
    // The survivor sent nothing while the dead worker's lease held.
    const [attempt] = await attemptsOf(delivered[0]!.id);
    expect(attempt!.createdAt.getTime()).toBeGreaterThanOrEqual(lockedUntil);
    if (process.env.KOLA_REPORT_TIMING) console.info(`delivery resumed ${attempt!.createdAt.getTime() - killedAt} ms after the kill`);
  });
});

describe("a live worker with a slow receiver", () => {
  it("keeps its batch past its lease while it renews it: each event once, in order", { timeout: 60_000 }, async () => {
    // the first answer takes several leases; a second worker polls all the while
    const inbox = await receiver((n) => ({ status: 200, body: "ok", delayMs: n === 0 ? 2_000 : 0 }));
    const endpoint = await endpointWithEvents(inbox.url, 3);
    const options = { lanes: 1, leaseMs: 400, heartbeatMs: 100, idleMs: 20, dispatchEveryMs: 20 };
    const slow = createWebhookWorker(options);
    const other = createWebhookWorker(options);
    slow.start();
    await until(() => inbox.received.length === 1);
    other.start();
    try {
      await until(async () => (await deliveriesOf(endpoint.id)).every((d) => d.status === "succeeded"));
    } finally {
      await Promise.all([slow.stop(), other.stop()]);
    }
    const delivered = await deliveriesOf(endpoint.id);
    expect(inbox.received.map((r) => r.headers["webhook-id"])).toEqual(delivered.map((d) => d.eventId));
    expect(inbox.maxConcurrent()).toBe(1);
    expect(delivered.map((d) => [d.status, d.attemptCount])).toEqual([
      ["succeeded", 1],
      ["succeeded", 1],
      ["succeeded", 1],
    ]);
  });
});

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/v1/gateway/route";
import { closeDb, databaseSettings, dbKind, getDb, useDatabase } from "@/lib/db/client";
import { idempotencyKeys, paymentGateways } from "@/lib/db/schema";
import { call, newAccount, type Reply } from "@/test/support/api";

// Idempotency-Key across a kill -9: a child process (test/support/crash-gateway.ts)
// sends POST /v1/gateway through the real route wrapper on this file's database (a PGlite folder,
// or this file's PostgreSQL database) and is killed with SIGKILL part-way; this process retries.

const SLOW = { timeout: 120_000 };
const BODY = { amount: 5000, shop_name: "Boutique", order_id: "" }; // no order_id: nothing else dedupes
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-crash-"));
  if ((await dbKind()) === "pglite") await useDatabase({ dataDir });
});
afterAll(async () => {
  await closeDb(); // before the folder goes
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the child until it kills itself; the PostgreSQL session of its transaction is then gone. */
async function crash(at: "effect" | "answer", apiKey: string, idempotencyKey: string): Promise<void> {
  const pglite = (await dbKind()) === "pglite";
  if (pglite) await closeDb(); // one process at a time on a PGlite folder; reopened on next use
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "test/support/crash-gateway.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseSettings().databaseUrl ?? "",
      CRASH_AT: at,
      CRASH_API_KEY: apiKey,
      CRASH_IDEMPOTENCY_KEY: idempotencyKey,
      CRASH_BODY: JSON.stringify(BODY),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, sig) => resolve(sig)));
  expect(signal).toBe("SIGKILL");
  const backend = /^backend (\d+)$/m.exec(stdout);
  expect(backend).not.toBeNull();
  if (!pglite) await sessionGone(Number(backend![1]));
}

/** Waits (bounded) until PostgreSQL has noticed the dead client and ended its session. */
async function sessionGone(pid: number): Promise<void> {
  const db = await getDb();
  for (let i = 0; i < 400; i++) {
    const [row] = await db.select({ n: count() }).from(sql`pg_stat_activity`).where(sql`pid = ${pid}`);
    if (row!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`PostgreSQL session ${pid} of the killed process is still open`);
}

const post = (apiKey: string, idempotencyKey: string) =>
  call(collection.POST, "POST", "/v1/gateway", { key: apiKey, json: BODY, headers: { "idempotency-key": idempotencyKey } });
const outcome = (reply: Reply) => [reply.status, reply.headers.get("idempotent-replayed")];

async function linkIds(accountId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ id: paymentGateways.id }).from(paymentGateways).where(eq(paymentGateways.accountId, accountId));
  return rows.map((r) => r.id);
}

/** Makes the stored key look `minutes` older, as a retry that much later would find it. */
async function age(accountId: string, key: string, minutes: number) {
  const db = await getDb();
  await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
}

const LINK = {
  id: expect.any(String),
  amount: 5000,
  currency: "XAF",
  shop_name: "Boutique",
  message: "",
  order_id: "",
  success_url: "",
  failure_url: "",
  creation_date: expect.any(String),
  link: expect.stringMatching(/^http:\/\/kola\.test\/pay\//),
  user_id: expect.any(String),
};

describe("Idempotency-Key after a kill -9", () => {
  it("killed after writing the link, before storing the answer: nothing was kept, the retry creates one link", SLOW, async () => {
    const { key, accountId } = await newAccount();
    await crash("effect", key, "crash-1");
    expect(await linkIds(accountId)).toEqual([]);

    const retry = await post(key, "crash-1");
    expect([...outcome(retry), retry.body]).toEqual([200, null, { ...LINK, user_id: accountId }]);
    expect(await linkIds(accountId)).toEqual([(retry.body as { id: string }).id]);

    await age(accountId, "crash-1", 6); // "five minutes later"
    const later = await post(key, "crash-1");
    expect([...outcome(later), later.body]).toEqual([200, "true", retry.body]);
    expect(await linkIds(accountId)).toEqual([(retry.body as { id: string }).id]);
  });

  it("killed after the commit, before the client read the answer: the retry replays it", SLOW, async () => {
    const { key, accountId } = await newAccount();
    await crash("answer", key, "crash-2");
    const ids = await linkIds(accountId);
    expect(ids).toHaveLength(1);

    const retry = await post(key, "crash-2");
    expect([...outcome(retry), retry.body]).toEqual([200, "true", { ...LINK, id: ids[0], user_id: accountId }]);

    await age(accountId, "crash-2", 6);
    const later = await post(key, "crash-2");
    expect([...outcome(later), later.body]).toEqual([200, "true", retry.body]);
    expect(await linkIds(accountId)).toEqual(ids);
  });
});

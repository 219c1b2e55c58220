import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/v1/gateway/route";
import { createAccount } from "@/lib/accounts/create-account";
import { databaseAvailable } from "@/lib/db/availability";
import { databaseSettings, useDatabase } from "@/lib/db/client";
import { call, type Reply } from "@/test/support/api";

// A burst is not an outage. 200 payment links created at once against a pool of 10, on a database
// another session slows down: it holds the links table's lock in pg_sleep, again and again, longer
// than the statement timeout; and one of the pool's connections is cut (pg_terminate_backend) while
// its statement waits. The database is up all along: the gate stays open, and every answer is a
// success or 503 SERVICE_BUSY with Retry-After (waited longer than DATABASE_POOL_WAIT_MS, cancelled
// by its timeout, or its connection cut) — never DATABASE_UNAVAILABLE. What was answered 200 is in
// the database, and nothing else. PostgreSQL only (vitest.config.ts `postgresOnly`): PGlite has one
// connection and nothing to saturate.

const REQUESTS = 200;
const SETTINGS = { DATABASE_POOL_SIZE: "10", DATABASE_POOL_WAIT_MS: "1000", DATABASE_STATEMENT_TIMEOUT_MS: "500" };
const saved = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));
const BUSY = { detail: { message: "The service is busy; retry in a moment", type: "SERVICE_BUSY" } };

let key = "";
let other: postgres.Sql;

beforeAll(async () => {
  Object.assign(process.env, SETTINGS);
  await useDatabase(databaseSettings()); // the pool opens again with the settings above
  key = (await createAccount({ email: "burst@example.com", password: "password-123", business: "Rafale", country: "CMR" })).api_key;
  other = postgres(databaseSettings().databaseUrl!, { max: 2, onnotice: () => {} });
});

afterAll(async () => {
  await other.end({ timeout: 5 });
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await useDatabase(databaseSettings());
});

/** Holds the links table's lock (inserts wait) in pg_sleep for `ms`, again and again, until stopped. */
function slowDown(ms: number): { stop: () => Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      await other.begin(async (tx) => {
        await tx`lock table payment_gateways in share mode`;
        await tx`select pg_sleep(${ms / 1000})`;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Cuts one of the server's connections whose statement waits for the lock: true once it did. */
async function cutOneWaitingConnection(): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    const [row] = await other<{ cut: boolean }[]>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and application_name = 'kola' and wait_event_type = 'Lock' limit 1`;
    if (row?.cut) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe("200 requests at once on a pool of 10, the database slowed by locks", () => {
  it("keeps the gate open: every answer a success or a busy 503 with Retry-After, none 'unavailable'", async () => {
    const slow = slowDown(800);
    const replies: Promise<Reply>[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      replies.push(call(POST, "POST", "/v1/gateway", { key, json: { amount: 1000 + i, shop_name: "Rafale" } }));
    }
    const cut = await cutOneWaitingConnection();
    const answers = await Promise.all(replies);
    await slow.stop();

    const outcomes = answers.map((r) =>
      r.status === 200
        ? { status: 200, shop_name: (r.body as { shop_name?: string }).shop_name }
        : { status: r.status, retryAfter: r.headers.get("retry-after"), body: r.body },
    );
    console.info("burst figures:", JSON.stringify({ requests: REQUESTS, succeeded: outcomes.filter((o) => o.status === 200).length, busy: outcomes.filter((o) => o.status === 503).length }));
    const kinds = new Set(outcomes.map((o) => JSON.stringify(o)));
    const allowed = new Set([JSON.stringify({ status: 200, shop_name: "Rafale" }), JSON.stringify({ status: 503, retryAfter: "1", body: BUSY })]);
    expect([...kinds].filter((kind) => !allowed.has(kind))).toEqual([]);
    expect(cut).toBe(true);
    expect(databaseAvailable()).toBe(true);

    // acknowledged is stored, busy is not; and the next request is served
    const succeeded = answers.filter((r) => r.status === 200).length;
    expect(succeeded).toBeGreaterThan(0);
    const [stored] = await other<{ count: number }[]>`select count(*)::int as count from payment_gateways where shop_name = 'Rafale'`;
    expect(stored?.count).toBe(succeeded);
    const after = await call(POST, "POST", "/v1/gateway", { key, json: { amount: 5000, shop_name: "Après" } });
    expect([after.status, (after.body as { shop_name?: string }).shop_name]).toEqual([200, "Après"]);
  });
});

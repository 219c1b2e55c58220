// Webhook delivery benchmark: `npm run bench:webhooks` (no build needed: the worker runs in-process).
// For each database (PostgreSQL in a fresh database created in the local server and dropped at the
// end; embedded PGlite in a fresh DATA_DIR) it registers one endpoint pointing at a receiver on
// 127.0.0.1 that answers 200 at once, then measures two things:
//   backlog  10,000 outbox events written at once, then the worker started: events delivered per
//            second, and the delay from each event's outbox created_at to its arrival (p50/p99);
//   steady   deposits settled one by one through settleDeposit at a fixed rate while the worker
//            runs: the delay from status change (outbox created_at) to arrival, p50/p99.
// Every arrival is checked: one per event (no duplicate, none missing), signature verified for a sample.
// Prints a table and writes bench/results/webhooks-<timestamp>.json.
//
// Settings (environment):
//   BENCH_EVENTS=10000            backlog size
//   BENCH_STEADY_RATE=100         settlements per second in the steady phase
//   BENCH_STEADY_SECONDS=10       length of the steady phase
//   BENCH_WORKERS=1               worker instances (each with KOLA_WORKER_LANES lanes, default 4)
//   BENCH_BATCH=100               deliveries per claim
//   BENCH_DATABASES=postgres,pglite
//   BENCH_TIMEOUT_SECONDS=300     a phase gives up after this long
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   where the bench database is created
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";

process.env.LOG_LEVEL ??= "silent"; // read by lib/runtime/log.ts when it is first imported (below, dynamically)

type Database = "postgres" | "pglite";
type Row = {
  database: Database;
  phase: "backlog" | "steady";
  events: number;
  delivered: number;
  duplicates: number;
  seconds: number;
  events_per_s: number;
  delay_p50_ms: number;
  delay_p99_ms: number;
  delay_max_ms: number;
};

const EVENTS = positive("BENCH_EVENTS", 10_000);
const STEADY_RATE = positive("BENCH_STEADY_RATE", 100);
const STEADY_SECONDS = positive("BENCH_STEADY_SECONDS", 10);
const WORKERS = positive("BENCH_WORKERS", 1);
const BATCH = positive("BENCH_BATCH", 100);
const TIMEOUT_MS = positive("BENCH_TIMEOUT_SECONDS", 300) * 1000;
const DATABASES = (process.env.BENCH_DATABASES || "postgres,pglite").split(",").map((s) => s.trim()).filter(Boolean) as Database[];
const PG_ADMIN_URL = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = path.resolve(import.meta.dirname, "..");

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A receiver that answers 200 at once and notes when each webhook-id arrived. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  const samples: { headers: Record<string, string>; body: string }[] = [];
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const at = Date.now();
      const id = String(req.headers["webhook-id"]);
      if (arrivals.has(id)) duplicates++;
      else arrivals.set(id, at);
      if (samples.length < 20 || Math.random() < 0.001) {
        samples.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      }
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`,
    arrivals,
    samples,
    duplicates: () => duplicates,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

async function benchDatabase(database: Database): Promise<Row[]> {
  const { useDatabase: openDatabase, closeDb, getDb } = await import("@/lib/db/client");
  const { createAccount } = await import("@/lib/accounts/create-account");
  const { findAuthByKeyHash } = await import("@/lib/accounts/queries");
  const { hashApiKey } = await import("@/lib/accounts/api-keys");
  const { createGateway } = await import("@/lib/gateways/create-gateway");
  const { createEndpoint } = await import("@/lib/webhooks/create-endpoint");
  const { createWebhookWorker } = await import("@/test/support/webhook-worker");
  const { eventIdOf } = await import("@/lib/deposits/event-sequence");
  const { settleDeposit } = await import("@/lib/payments/settle-deposit");
  const { sql } = await import("drizzle-orm");

  const name = `kola_bench_${randomBytes(4).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kola-bench-webhooks-`));
  let admin: postgres.Sql | null = null;
  if (database === "postgres") {
    admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      await admin.unsafe(`create database ${name}`);
    } catch (error) {
      await admin.end({ timeout: 1 });
      console.log(`PostgreSQL skipped: cannot create a database through ${PG_ADMIN_URL} (${(error as Error).message})`);
      return [];
    }
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    await openDatabase({ databaseUrl: url.toString(), dataDir });
  } else {
    await openDatabase({ dataDir });
  }

  const receiver = await startReceiver();
  const rows: Row[] = [];
  try {
    const db = await getDb();
    const { api_key } = await createAccount({
      email: `bench-${randomBytes(4).toString("hex")}@kola.test`,
      password: "bench-password-1234",
      business: "Bench",
      country: "CMR",
    });
    const auth = (await findAuthByKeyHash(hashApiKey(api_key)))!;
    const endpoint = await createEndpoint(auth, { url: receiver.url, event_types: [], description: "bench", enabled: true });
    const gateway = await createGateway(auth, { amount: 5000, shop_name: "Bench", message: "", order_id: "", success_url: "", failure_url: "" });

    const insertDeposits = (n: number, status: "success" | "pending") =>
      db.execute(sql`insert into deposits (account_id, mode, track_id, amount, currency, country, operator, phone_number, status, provider, payment_gateway_id)
        select ${auth.accountId}, 'test', 'TRK' || upper(substr(md5(random()::text || g::text), 1, 20)), 5000, 'XAF', 'CMR',
               'MTN_MOMO_CMR', '237670000000', ${status}, 'sandbox', ${gateway.id}
        from generate_series(1, ${n}) g`);
    const workers = Array.from({ length: WORKERS }, () => createWebhookWorker({ batchSize: BATCH }));

    // backlog: EVENTS outbox rows at once, then the workers
    await insertDeposits(EVENTS, "success");
    await db.execute(sql`insert into outbox_events (account_id, mode, type, deposit_id, data)
      select account_id, mode, 'payment.succeeded', id, jsonb_build_object('track_id', track_id, 'gateway_id', payment_gateway_id,
        'order_id', '', 'amount', amount, 'currency', currency, 'status', 'success', 'country', country, 'operator', operator,
        'phone_number', phone_number, 'failure_reason', null)
      from deposits where payment_gateway_id = ${gateway.id}`);
    const started = Date.now();
    workers.forEach((w) => w.start());
    const complete = await until(() => receiver.arrivals.size >= EVENTS, TIMEOUT_MS);
    if (!complete) console.log(`${database} backlog: only ${receiver.arrivals.size} of ${EVENTS} delivered in ${TIMEOUT_MS / 1000} s`);
    const last = Math.max(...receiver.arrivals.values());
    rows.push(await measure(database, "backlog", EVENTS, (last - started) / 1000));

    // steady: settlements one by one at STEADY_RATE/s while the workers run
    const steadyCount = Math.round(STEADY_RATE * STEADY_SECONDS);
    await insertDeposits(steadyCount, "pending");
    const pending = (await db.execute(sql`select id from deposits where payment_gateway_id = ${gateway.id} and status = 'pending'`)) as unknown;
    const ids = (Array.isArray(pending) ? pending : (pending as { rows: unknown[] }).rows).map((r) => (r as { id: string }).id);
    const before = receiver.arrivals.size;
    const steadyStart = Date.now();
    for (let i = 0; i < ids.length; i++) {
      const due = steadyStart + (i * 1000) / STEADY_RATE;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      void settleDeposit(ids[i]!, { status: "success" });
    }
    await until(() => receiver.arrivals.size >= before + steadyCount, TIMEOUT_MS);
    rows.push(await measure(database, "steady", steadyCount, (Math.max(...receiver.arrivals.values()) - steadyStart) / 1000));
    await Promise.all(workers.map((w) => w.stop()));

    // every sampled arrival verifies with the endpoint's secret
    const webhook = new Webhook(endpoint.secret);
    for (const sample of receiver.samples) webhook.verify(sample.body, sample.headers);

    async function measure(db_: Database, phase: Row["phase"], events: number, seconds: number): Promise<Row> {
      const created = (await db.execute(sql`select id, created_at from outbox_events order by created_at`)) as unknown;
      const list = (Array.isArray(created) ? created : (created as { rows: unknown[] }).rows) as { id: string; created_at: string | Date }[];
      const delays: number[] = [];
      const seen = phase === "backlog" ? list.slice(0, EVENTS) : list.slice(EVENTS);
      for (const row of seen) {
        const at = receiver.arrivals.get(eventIdOf(row.id));
        if (at !== undefined) delays.push(at - new Date(row.created_at).getTime());
      }
      delays.sort((a, b) => a - b);
      return {
        database: db_,
        phase,
        events,
        delivered: delays.length,
        duplicates: receiver.duplicates(),
        seconds: round(seconds, 2),
        events_per_s: round(delays.length / seconds, 0),
        delay_p50_ms: round(percentile(delays, 50), 0),
        delay_p99_ms: round(percentile(delays, 99), 0),
        delay_max_ms: round(delays.at(-1) ?? NaN, 0),
      };
    }
  } finally {
    await receiver.close();
    await closeDb();
    if (admin) {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  const results: Row[] = [];
  for (const database of DATABASES) {
    console.log(`\n${database}: ${EVENTS} events in a backlog, then ${STEADY_RATE}/s for ${STEADY_SECONDS} s …`);
    results.push(...(await benchDatabase(database)));
  }
  console.log("");
  console.table(results);
  const file = path.join(ROOT, "bench", "results", `webhooks-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const settings = { events: EVENTS, steady_rate: STEADY_RATE, steady_seconds: STEADY_SECONDS, workers: WORKERS, batch: BATCH };
  const machine = { cpus: os.cpus().length, node: process.version, lanes: Number(process.env.KOLA_WORKER_LANES || 4) };
  fs.writeFileSync(file, JSON.stringify({ settings, machine, results }, null, 2) + "\n");
  console.log(`written to ${path.relative(ROOT, file)}`);
  const broken = results.filter((r) => r.delivered !== r.events || r.duplicates > 0);
  if (broken.length) {
    console.error("Some events were missing or delivered twice:", broken);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

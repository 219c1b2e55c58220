// Webhook delivery benchmark: `npm run bench:webhooks` (no build needed: the worker runs in-process).
// For each database (PostgreSQL in a fresh database created in the local server and dropped at the
// end; embedded PGlite in a fresh DATA_DIR) it measures, against receivers on 127.0.0.1:
//   rounds   a backlog of BENCH_EVENTS events over BENCH_PAYMENTS payments (each payment's events
//            numbered 1, 2, …) to one endpoint that answers 200 after BENCH_ANSWER_MS: one window of
//            BENCH_WINDOW_SECONDS with one request in flight per endpoint (the old, sequential
//            delivery), then one with the default window (KOLA_WEBHOOK_ENDPOINT_IN_FLIGHT),
//            interleaved BENCH_ROUNDS times: events/s of each and their ratio;
//   drain    the whole backlog with the default window: seconds and events/s to the last event;
//   dead     the same good endpoint alone, then beside a dead one (it never answers: each attempt
//            waits for its 10 s timeout) with a backlog of its own, interleaved: the good one's
//            events/s in each and their ratio;
//   steady   deposits settled one by one through settleDeposit at BENCH_STEADY_RATE/s, a receiver
//            answering at once: the delay from status change (outbox created_at) to arrival, p50/p99.
// Every acknowledged event is checked: each payment's events arrive in sequence (a request is either
// a retry of the payment's next event or that next event: anything else is an order violation),
// none acknowledged twice. Prints tables and writes bench/results/webhooks-<timestamp>.json.
//
// Settings (environment):
//   BENCH_EVENTS=10000 BENCH_PAYMENTS=1000 BENCH_ANSWER_MS=150   the backlog and the receiver
//   BENCH_ROUNDS=2 BENCH_WINDOW_SECONDS=12                       the interleaved rounds
//   BENCH_STEADY_RATE=100 BENCH_STEADY_SECONDS=10                the steady phase
//   BENCH_DATABASES=postgres,pglite
//   BENCH_TIMEOUT_SECONDS=400     the drain gives up after this long
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
type Row = Record<string, string | number>;

const EVENTS = positive("BENCH_EVENTS", 10_000);
const PAYMENTS = positive("BENCH_PAYMENTS", 1_000);
const ANSWER_MS = positive("BENCH_ANSWER_MS", 150);
const ROUNDS = positive("BENCH_ROUNDS", 2);
const WINDOW_MS = positive("BENCH_WINDOW_SECONDS", 12) * 1000;
const STEADY_RATE = positive("BENCH_STEADY_RATE", 100);
const STEADY_SECONDS = positive("BENCH_STEADY_SECONDS", 10);
const TIMEOUT_MS = positive("BENCH_TIMEOUT_SECONDS", 400) * 1000;
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
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A receiver that answers 200 after `answerMs` (or never, when `dead`), notes when each webhook-id
 * was first acknowledged, and checks each payment's order (body: data.payment, sequence).
 */
async function startReceiver(answerMs: number, dead = false) {
  const arrivals = new Map<string, number>();
  const samples: { headers: Record<string, string>; body: string }[] = [];
  const acknowledged = new Map<string, number>(); // payment → highest sequence answered
  let duplicates = 0;
  let violations = 0;
  let badSignatures = 0;
  let verifier: Webhook | null = null; // set once the endpoint's secret is known: samples are checked as they arrive
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (dead) return; // never answers: the sender's timeout ends it
      const body = Buffer.concat(chunks).toString("utf8");
      const event = JSON.parse(body) as { sequence: number; data: { payment?: string } };
      const payment = event.data.payment;
      if (payment !== undefined && event.sequence !== (acknowledged.get(payment) ?? 0) + 1) violations++;
      const answer = () => {
        const id = String(req.headers["webhook-id"]);
        if (arrivals.has(id)) duplicates++;
        else arrivals.set(id, Date.now());
        if (payment !== undefined) acknowledged.set(payment, event.sequence);
        if (samples.length < 20) {
          samples.push({ headers: req.headers as Record<string, string>, body });
          try {
            verifier?.verify(body, req.headers as Record<string, string>);
          } catch {
            badSignatures++;
          }
        }
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      };
      if (answerMs) setTimeout(answer, answerMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`,
    arrivals,
    samples,
    duplicates: () => duplicates,
    violations: () => violations,
    badSignatures: () => badSignatures,
    verifyWith: (secret: string) => void (verifier = new Webhook(secret)),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(5);
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
  const { deleteEndpoint } = await import("@/lib/webhooks/delete-endpoint");
  const { endpointInFlight } = await import("@/lib/webhooks/settings");
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

  const rows: Row[] = [];
  const receivers: Receiver[] = [];
  const receiver = async (answerMs: number, dead = false) => {
    const started = await startReceiver(answerMs, dead);
    receivers.push(started);
    return started;
  };
  try {
    const db = await getDb();
    const { api_key } = await createAccount({
      email: `bench-${randomBytes(4).toString("hex")}@kola.test`,
      password: "bench-password-1234",
      business: "Bench",
      country: "CMR",
    });
    const auth = (await findAuthByKeyHash(hashApiKey(api_key)))!;
    const defaultWindow = endpointInFlight();

    /** An endpoint at `url` with `events` due deliveries over `payments` payments, each payment's in sequence order. */
    async function endpointWithBacklog(url: string, events: number, payments: number) {
      const endpoint = await createEndpoint(auth, { url, event_types: [], description: "bench", enabled: true });
      // event g is about payment (g - 1) % payments, its sequence (g - 1) / payments + 1: the payments' events interleaved
      await db.execute(sql`insert into webhook_deliveries (account_id, mode, endpoint_id, event_id, event_type, event_created_at, deposit_id, sequence, payload)
        select ${auth.accountId}, ${auth.mode}, ${endpoint.id}, e.id, 'payment.succeeded', e.at, e.payment, e.sequence,
               json_build_object('id', e.id, 'type', 'payment.succeeded', 'created_at', e.at, 'sequence', e.sequence, 'data', json_build_object('payment', e.payment))::text
        from (select 'evt_' || md5(${endpoint.id} || g::text) as id, now() - interval '1 hour' + g * interval '1 millisecond' as at,
                     md5(${endpoint.id} || ((g - 1) % ${payments})::text)::uuid as payment, (g - 1) / ${payments} + 1 as sequence
              from generate_series(1, ${events}) g) e`);
      return endpoint;
    }

    /** Delivers with one endpoint window for `ms` (or until `target` events are acknowledged); events/s acknowledged. */
    async function deliverFor(window: number, ms: number, counted: Receiver, target = Infinity) {
      const worker = createWebhookWorker({ endpointInFlight: window });
      const before = counted.arrivals.size;
      const started = Date.now();
      worker.start();
      await until(() => counted.arrivals.size - before >= target, ms);
      const seconds = (Date.now() - started) / 1000;
      const delivered = counted.arrivals.size - before; // counted now: a stopping worker ends the rounds under way
      await worker.stop();
      return { delivered, seconds, rate: delivered / seconds };
    }

    // rounds: sequential (window 1) and the default window, interleaved, each on a fresh backlog
    const ratios: number[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const rates: number[] = [];
      for (const window of [1, defaultWindow]) {
        const inbox = await receiver(ANSWER_MS);
        const endpoint = await endpointWithBacklog(inbox.url, EVENTS, PAYMENTS);
        const { delivered, seconds, rate } = await deliverFor(window, WINDOW_MS, inbox);
        rates.push(rate);
        rows.push({ database, phase: `round ${r}`, window, events: delivered, seconds: round(seconds, 1), events_per_s: round(rate), order_violations: inbox.violations(), duplicates: inbox.duplicates() });
        await deleteEndpoint(auth, endpoint.id);
      }
      ratios.push(rates[1]! / rates[0]!);
    }

    // drain: the whole backlog with the default window
    const inbox = await receiver(ANSWER_MS);
    const endpoint = await endpointWithBacklog(inbox.url, EVENTS, PAYMENTS);
    inbox.verifyWith(endpoint.secret);
    const drained = await deliverFor(defaultWindow, TIMEOUT_MS, inbox, EVENTS);
    rows.push({ database, phase: "drain", window: defaultWindow, events: drained.delivered, seconds: round(drained.seconds, 1), events_per_s: round(drained.rate), order_violations: inbox.violations(), duplicates: inbox.duplicates() });
    if (drained.delivered < EVENTS) console.log(`${database} drain: only ${drained.delivered} of ${EVENTS} in ${TIMEOUT_MS / 1000} s`);
    if (inbox.badSignatures() > 0) throw new Error(`${inbox.badSignatures()} of ${inbox.samples.length} sampled signatures did not verify`);
    await deleteEndpoint(auth, endpoint.id);

    // dead: the good endpoint alone, then beside one that never answers (interleaved)
    const deadRatios: number[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const rates: number[] = [];
      for (const withDead of [false, true]) {
        const good = await receiver(ANSWER_MS);
        const goodEndpoint = await endpointWithBacklog(good.url, EVENTS, PAYMENTS);
        const dead = withDead ? await receiver(0, true) : null;
        const deadEndpoint = dead ? await endpointWithBacklog(dead.url, EVENTS, PAYMENTS) : null;
        const { delivered, seconds, rate } = await deliverFor(defaultWindow, WINDOW_MS, good);
        rates.push(rate);
        rows.push({ database, phase: withDead ? `beside a dead one ${r}` : `alone ${r}`, window: defaultWindow, events: delivered, seconds: round(seconds, 1), events_per_s: round(rate), order_violations: good.violations(), duplicates: good.duplicates() });
        await deleteEndpoint(auth, goodEndpoint.id);
        if (deadEndpoint) await deleteEndpoint(auth, deadEndpoint.id);
      }
      deadRatios.push(rates[1]! / rates[0]!);
    }

    // steady: settlements one by one at STEADY_RATE/s, a receiver answering at once
    const steadyInbox = await receiver(0);
    await createEndpoint(auth, { url: steadyInbox.url, event_types: [], description: "bench", enabled: true });
    const gateway = await createGateway(auth, { amount: 5000, shop_name: "Bench", message: "", order_id: "", success_url: "", failure_url: "" });
    const steadyCount = Math.round(STEADY_RATE * STEADY_SECONDS);
    // one pending payment per link (the database allows no more): copies of the link, one deposit each
    const columnList = rowsOf(await db.execute(sql`select string_agg(quote_ident(column_name), ',') as list from information_schema.columns
      where table_schema = current_schema() and table_name = 'payment_gateways' and column_name <> 'id'`)) as { list: string }[];
    const columns = sql.raw(columnList[0]!.list);
    await db.execute(sql`insert into payment_gateways (${columns}) select ${columns} from payment_gateways, generate_series(2, ${steadyCount}) where id = ${gateway.id}`);
    await db.execute(sql`insert into deposits (account_id, mode, track_id, amount, currency, country, operator, phone_number, status, provider, payment_gateway_id)
      select ${auth.accountId}, 'test', 'TRK' || upper(substr(md5(random()::text || g.id::text), 1, 20)), 5000, 'XAF', 'CMR',
             'MTN_MOMO_CMR', '237670000000', 'pending', 'sandbox', g.id
      from payment_gateways g where g.account_id = ${auth.accountId}`);
    const pending = (await db.execute(sql`select id from deposits where account_id = ${auth.accountId} and status = 'pending'`)) as unknown;
    const ids = (Array.isArray(pending) ? pending : (pending as { rows: unknown[] }).rows).map((r) => (r as { id: string }).id);
    const worker = createWebhookWorker();
    worker.start();
    const steadyStart = Date.now();
    for (let i = 0; i < ids.length; i++) {
      const due = steadyStart + (i * 1000) / STEADY_RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      void settleDeposit(ids[i]!, { status: "success" });
    }
    await until(() => steadyInbox.arrivals.size >= steadyCount, TIMEOUT_MS);
    await worker.stop();
    const created = (await db.execute(sql`select id, created_at from outbox_events order by created_at`)) as unknown;
    const list = (Array.isArray(created) ? created : (created as { rows: unknown[] }).rows) as { id: string; created_at: string | Date }[];
    const delays = list.flatMap((row) => {
      const at = steadyInbox.arrivals.get(eventIdOf(row.id));
      return at === undefined ? [] : [at - new Date(row.created_at).getTime()];
    });
    delays.sort((a, b) => a - b);
    rows.push({ database, phase: "steady", window: defaultWindow, events: delays.length, seconds: round((Math.max(...steadyInbox.arrivals.values()) - steadyStart) / 1000, 1), events_per_s: round(delays.length / STEADY_SECONDS), order_violations: steadyInbox.violations(), duplicates: steadyInbox.duplicates(), delay_p50_ms: round(percentile(delays, 50), 0), delay_p99_ms: round(percentile(delays, 99), 0) });

    const geomean = (xs: number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
    rows.push({ database, phase: `ratio window ${defaultWindow} / window 1 (per round)`, value: ratios.map((x) => round(x, 2)).join(", "), geomean: round(geomean(ratios), 2) });
    rows.push({ database, phase: "ratio beside a dead one / alone (per round)", value: deadRatios.map((x) => round(x, 2)).join(", "), geomean: round(geomean(deadRatios), 2) });
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
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
    console.log(`\n${database}: ${EVENTS} events over ${PAYMENTS} payments, a receiver answering in ${ANSWER_MS} ms; ${ROUNDS} rounds of ${WINDOW_MS / 1000} s …`);
    const rows = await benchDatabase(database);
    console.table(rows);
    results.push(...rows);
  }
  const file = path.join(ROOT, "bench", "results", `webhooks-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const settings = { events: EVENTS, payments: PAYMENTS, answer_ms: ANSWER_MS, rounds: ROUNDS, window_seconds: WINDOW_MS / 1000, steady_rate: STEADY_RATE, steady_seconds: STEADY_SECONDS };
  const machine = { cpus: os.cpus().length, node: process.version, lanes: Number(process.env.KOLA_WORKER_LANES || 4) };
  fs.writeFileSync(file, JSON.stringify({ settings, machine, results }, null, 2) + "\n");
  console.log(`written to ${path.relative(ROOT, file)}`);
  const broken = results.filter((r) => Number(r.order_violations) > 0 || Number(r.duplicates) > 0 || (r.phase === "drain" && r.events !== EVENTS));
  if (broken.length) {
    console.error("Order violations, events delivered twice or missing:", broken);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// Scale benchmark: `npm run build` once, then `npm run bench:scale` (PostgreSQL only).
// In a fresh database of the local PostgreSQL (dropped at the end unless BENCH_KEEP=1) it makes an
// account with the admin CLI and, through the production server's API and checkout with the
// sandbox, a handful of real payments of every kind (bench/scale/templates.ts): succeeded, failed,
// expired, refunded in part, a marketplace sale (seller share, seller payout), a request to pay;
// each with its history, provider log, events, webhook deliveries, mails, ledger entries. Then it
// grows the database by SQL (bench/scale/grow.ts) from copies of those payments to each size of
// BENCH_SCALE_SIZES in turn (payments of the measured account; the other accounts get as many
// more, spread over BENCH_SCALE_OTHER_ACCOUNTS accounts), and at each size measures:
//   - every list, lookup, stats and balance endpoint of the API and the dashboard's overview page,
//     one at a time, with BENCH_CONNECTIONS connections (autocannon) for BENCH_SECONDS: p50, p99,
//     non-2xx; a control endpoint (GET /v1/account: a key and one row) before and after, whose
//     ratio between sizes is the machine's drift;
//   - the CSV exports, one request each: rows, seconds, µs per row (a month, and one day);
//   - the plans of the background jobs' queries, one round of each job (bench/scale/job-plans.ts);
//   - `npm run ledger:check`: seconds, and whether the books agree.
// Prints a table per size and one of the ratios (largest ÷ smallest, raw and divided by the
// control's), marks the endpoints above 1.5×, and writes bench/results/scale-<timestamp>.json.
//
// Settings (environment):
//   BENCH_SCALE_SIZES=10000,1000000   payments of the measured account at each measured size
//   BENCH_SCALE_OTHERS=1              the other accounts' payments, as a multiple of the measured account's
//   BENCH_SCALE_OTHER_ACCOUNTS=1000   accounts the others' payments are spread over
//   BENCH_SCALE_BATCH=100000          copies per INSERT statement
//   BENCH_SECONDS=5                   seconds of load per endpoint (after 1 s of warm-up)
//   BENCH_CONNECTIONS=8
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   where the bench database is created
//   BENCH_KEEP=1                      keep the database (its name is printed)
//   BENCH_PG_LOG=/var/log/postgresql/postgresql-15-main.log   the server log auto_explain writes to
//   BENCH_ROOT=/path/to/checkout      serve that checkout's production build (`npm run build` there), run its
//                                     jobs and its ledger:check (a before/after: run once on each); default this one
//   BENCH_SCALE_ONLY=deposits,stats   measure only the endpoints whose name contains one of these
//   BENCH_PORT, BENCH_RECEIVER_PORT   the server's and the webhook receiver's ports (default: free ones)
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { assertBuilt, createAccount, HOST, ROOT, startServer, type KolaServer } from "../e2e/support/kola-server";
import { gitCommit } from "./proc";
import { grow, prepareTemplates, rebalance } from "./scale/grow";
import { jobPlans, type PlanSummary } from "./scale/job-plans";
import { makeTemplates, type Made } from "./scale/templates";

const SIZES = (process.env.BENCH_SCALE_SIZES || "10000,1000000").split(",").map(Number);
const OTHERS = Number(process.env.BENCH_SCALE_OTHERS ?? 1);
const OTHER_ACCOUNTS = Number(process.env.BENCH_SCALE_OTHER_ACCOUNTS || 1000);
const BATCH = Number(process.env.BENCH_SCALE_BATCH || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 8);
const PG_ADMIN_URL = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const KEEP = process.env.BENCH_KEEP === "1";
const ONLY = (process.env.BENCH_SCALE_ONLY || "").split(",").filter(Boolean);
/** the checkout whose production build is served, whose jobs are explained and whose ledger:check runs */
const SERVED = path.resolve(process.env.BENCH_ROOT || ROOT);
const LIMIT = 1.5;
const CONTROL = "GET /v1/account (control)";

type Endpoint = { name: string; path: string; session?: boolean };
type Measure = {
  size: number;
  name: string;
  /** one request alone, before the load: a figure even when none of the loaded requests ended in time */
  first_ms: number;
  /** seconds of load: BENCH_SECONDS, longer when one request alone takes over a second */
  seconds: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
};
type Export = { size: number; name: string; rows: number; seconds: number; us_per_row: number; status: number };
type Stage = {
  size: number;
  others: number;
  grow_seconds: number;
  vacuum_seconds: number;
  table_rows: Record<string, number>;
  database_mb: number;
  measures: Measure[];
  exports: Export[];
  jobs: PlanSummary[] | null;
  ledger_check: { seconds: number; ok: boolean; output: string };
};

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** A receiver for the account's webhook endpoint: answers 200 to everything. */
function startReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.end("ok"));
  });
  return new Promise((resolve) =>
    server.listen(Number(process.env.BENCH_RECEIVER_PORT || 0), HOST, () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://${HOST}:${port}/hook`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

/** The session cookie of the account's owner (POST /api/auth/login, as the sign-in form sends it). */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`POST /api/auth/login answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function load(base: string, endpoint: Endpoint, headers: Record<string, string>, seconds: number) {
  return autocannon({ url: base + endpoint.path, connections: CONNECTIONS, duration: seconds, timeout: 60, headers });
}

/** The endpoints, with ids and cursors taken from the database as it is now (a row in the middle for a deep page). */
async function endpointsAt(db: postgres.Sql, accountId: string, made: Made): Promise<Endpoint[]> {
  const middle = async (table: string, where = "true") => {
    const [{ n }] = (await db.unsafe(`select count(*)::int as n from ${table} where account_id = $1 and mode = 'test' and ${where}`, [accountId])) as unknown as [{ n: number }];
    const [row] = (await db.unsafe(`select id from ${table} where account_id = $1 and mode = 'test' and ${where} order by created_at desc, id desc offset $2 limit 1`, [
      accountId,
      Math.floor(n / 2),
    ])) as unknown as [{ id: string }];
    return row!.id;
  };
  const deepDeposit = await middle("deposits");
  const deepLink = await middle("payment_gateways", "origin = 'link' and archived_at is null");
  const [lookup] = await db<{ track_id: string; order_id: string; gateway_id: string }[]>`
    select d.track_id, g.order_id, g.id as gateway_id from deposits d join payment_gateways g on g.id = d.payment_gateway_id
    where d.account_id = ${accountId} and d.status = 'success' and g.order_id like 'ORD-success-%' order by d.created_at limit 1 offset (
      select count(*) / 2 from deposits where account_id = ${accountId} and status = 'success' and payment_gateway_id is not null) / 2`;
  const refunded = made.templates.find((t) => t.kind === "refunded")!.trackId;
  const market = made.marketLinkId;
  const list: Endpoint[] = [
    { name: "GET /v1/deposits (first page)", path: "/v1/deposits?limit=20" },
    { name: "GET /v1/deposits (deep page, cursor)", path: `/v1/deposits?limit=20&starting_after=${deepDeposit}` },
    { name: "GET /v1/deposits?status=failed", path: "/v1/deposits?limit=20&status=failed" },
    { name: "GET /v1/deposits?status=expired", path: "/v1/deposits?limit=20&status=expired" },
    { name: "GET /v1/deposits?payment_gateway_id", path: `/v1/deposits?limit=20&payment_gateway_id=${lookup!.gateway_id}` },
    { name: "GET /v1/deposits?marketplace_gateway_id", path: `/v1/deposits?limit=20&marketplace_gateway_id=${market}` },
    { name: "GET /v1/deposits/{track_id}", path: `/v1/deposits/${lookup!.track_id}` },
    { name: "GET /v1/deposits/{track_id}/provider-log", path: `/v1/deposits/${lookup!.track_id}/provider-log` },
    { name: "GET /v1/api/deposit/get_transaction/{track_id}", path: `/v1/api/deposit/get_transaction/${lookup!.track_id}` },
    { name: "GET /v1/api/deposit/get_transaction?track_id", path: `/v1/api/deposit/get_transaction?track_id=${lookup!.track_id}` },
    { name: "GET /v1/gateway (first page)", path: "/v1/gateway?limit=20" },
    { name: "GET /v1/gateway (deep page, cursor)", path: `/v1/gateway?limit=20&starting_after=${deepLink}` },
    { name: "GET /v1/gateway?paid=false", path: "/v1/gateway?limit=20&paid=false" },
    { name: "GET /v1/gateway?paid=true", path: "/v1/gateway?limit=20&paid=true" },
    { name: "GET /v1/gateway?q=<order_id> (1 hit)", path: `/v1/gateway?limit=20&q=${encodeURIComponent(lookup!.order_id)}` },
    { name: "GET /v1/gateway/{id}", path: `/v1/gateway/${lookup!.gateway_id}` },
    { name: "GET /v1/gateway/payin/{order_id}", path: `/v1/gateway/payin/${encodeURIComponent(lookup!.order_id)}` },
    { name: "GET /v1/api/marketplace/gateway", path: "/v1/api/marketplace/gateway?limit=20" },
    { name: "GET /v1/api/marketplace/gateway/{id}", path: `/v1/api/marketplace/gateway/${market}` },
    { name: "GET marketplace link transactions", path: `/v1/api/marketplace/gateway/${market}/transactions?limit=20` },
    { name: "GET /v1/payment-requests", path: "/v1/payment-requests?limit=20" },
    { name: "GET /v1/payment-requests?status=paid", path: "/v1/payment-requests?limit=20&status=paid" },
    { name: "GET /v1/payment-requests?status=failed", path: "/v1/payment-requests?limit=20&status=failed" },
    { name: "GET /v1/payment-requests?status=expired", path: "/v1/payment-requests?limit=20&status=expired" },
    { name: "GET /v1/payment-requests/summary", path: `/v1/payment-requests/summary?day=${day(new Date())}` },
    { name: "GET /v1/refunds", path: "/v1/refunds?limit=20" },
    { name: "GET /v1/refunds?track_id", path: `/v1/refunds?limit=20&track_id=${refunded}` },
    { name: "GET /v1/refunds/preview", path: `/v1/refunds/preview?track_id=${lookup!.track_id}&amount=100` },
    { name: "GET /v1/payouts", path: "/v1/payouts?limit=20" },
    { name: "GET /v1/payouts?kind=withdrawal", path: "/v1/payouts?limit=20&kind=withdrawal" },
    { name: "GET /v1/sellers", path: "/v1/sellers?limit=20" },
    ...(made.sellerId
      ? [
          { name: "GET /v1/sellers/{id}", path: `/v1/sellers/${made.sellerId}` },
          { name: "GET /v1/sellers/{id}/sales", path: `/v1/sellers/${made.sellerId}/sales?limit=20` },
          { name: "GET /v1/balance/transactions?seller_id", path: `/v1/balance/transactions?limit=20&seller_id=${made.sellerId}` },
        ]
      : []),
    { name: "GET /v1/balance", path: "/v1/balance" },
    { name: "GET /v1/balance/transactions", path: "/v1/balance/transactions?limit=20" },
    { name: "GET /v1/stats?days=30", path: "/v1/stats?days=30" },
    { name: "GET /v1/stats?days=7", path: "/v1/stats?days=7" },
    { name: "GET /v1/webhooks/{id}/deliveries", path: `/v1/webhooks/${made.webhookId}/deliveries?limit=20` },
    { name: "GET /v1/webhooks/{id}/deliveries?status=failed", path: `/v1/webhooks/${made.webhookId}/deliveries?limit=20&status=failed` },
    { name: "GET /v1/providers", path: "/v1/providers", session: true },
    { name: "GET /dashboard (overview HTML)", path: "/dashboard", session: true },
    { name: "GET /dashboard/deposits (HTML)", path: "/dashboard/deposits", session: true },
  ];
  return list.filter((e) => !ONLY.length || ONLY.some((o) => e.name.includes(o)));
}

async function measureEndpoints(base: string, size: number, endpoints: Endpoint[], apiKey: string, cookie: string): Promise<Measure[]> {
  const control: Endpoint = { name: CONTROL, path: "/v1/account" };
  const out: Measure[] = [];
  const one = async (e: Endpoint) => {
    const headers: Record<string, string> = e.session ? { cookie } : { "api-key": apiKey };
    const started = performance.now();
    const first = await fetch(base + e.path, { headers });
    const body = await first.text();
    const firstMs = round(performance.now() - started);
    if (!first.ok) console.log(`  ${e.name}: a first request answered ${first.status}: ${body.slice(0, 200)}`);
    // a slow endpoint gets long enough for each connection to finish a few requests (at most 2 minutes)
    const seconds = firstMs > 1000 ? Math.min(120, Math.max(SECONDS, Math.ceil((firstMs * CONNECTIONS * 3) / 1000))) : SECONDS;
    if (firstMs <= 1000) await load(base, e, headers, 1);
    const r = await load(base, e, headers, seconds);
    const m: Measure = {
      size,
      name: e.name,
      first_ms: firstMs,
      seconds,
      p50_ms: round(r.latency.p50),
      p99_ms: round(r.latency.p99),
      requests: r.requests.total,
      non_2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    };
    console.log(`  ${size}: ${e.name}: alone ${firstMs} ms; loaded ${seconds} s: p50 ${m.p50_ms} ms, p99 ${m.p99_ms} ms, ${m.requests} requests, non-2xx ${m.non_2xx}, errors ${m.errors}`);
    out.push(m);
  };
  await one(control);
  for (const e of endpoints) await one(e);
  await one(control);
  // the control's two measures become one: their medians (each figure the median of the two)
  const controls = out.filter((m) => m.name === CONTROL);
  const merged: Measure = { ...controls[0]!, p50_ms: round((controls[0]!.p50_ms + controls[1]!.p50_ms) / 2), p99_ms: round((controls[0]!.p99_ms + controls[1]!.p99_ms) / 2) };
  return [merged, ...out.filter((m) => m.name !== CONTROL)];
}

/** The CSV exports, one request each, read to the end: rows (lines less the header), seconds. */
async function measureExports(base: string, size: number, apiKey: string): Promise<Export[]> {
  const now = new Date();
  const monthAgo = new Date(now.getTime() - 29 * 86_400_000);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const list = [
    { name: "export payments, 30 days", path: `/v1/exports/payments?from=${day(monthAgo)}&to=${day(now)}` },
    { name: "export payments, 1 day", path: `/v1/exports/payments?from=${day(weekAgo)}&to=${day(weekAgo)}` },
    { name: "export marketplace transactions, 30 days", path: `/v1/exports/marketplace-transactions?from=${day(monthAgo)}&to=${day(now)}` },
  ].filter((e) => !ONLY.length || ONLY.some((o) => e.name.includes(o)));
  const out: Export[] = [];
  for (const e of list) {
    const started = performance.now();
    const res = await fetch(base + e.path, { headers: { "api-key": apiKey } });
    let lines = 0;
    const reader = res.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) for (const b of read.value) if (b === 10) lines++;
    const seconds = (performance.now() - started) / 1000;
    const rows = Math.max(0, lines - 1);
    const x = { size, name: e.name, rows, seconds: round(seconds, 2), us_per_row: rows ? round((seconds * 1e6) / rows, 1) : 0, status: res.status };
    console.log(`  ${size}: ${e.name}: ${x.rows} rows in ${x.seconds} s (${x.us_per_row} µs/row), HTTP ${x.status}`);
    out.push(x);
  }
  return out;
}

function ledgerCheck(databaseUrl: string): Promise<{ seconds: number; ok: boolean; output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "ledger:check"], { cwd: SERVED, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code) => resolve({ seconds: round((performance.now() - started) / 1000, 1), ok: code === 0, output: output.trim().slice(-2000) }));
  });
}

async function tableRows(db: postgres.Sql): Promise<Record<string, number>> {
  const rows = await db<{ table: string; n: number }[]>`
    select relname as table, n_live_tup::bigint::float8 as n from pg_stat_user_tables where schemaname = 'public' and n_live_tup > 0 order by n_live_tup desc`;
  return Object.fromEntries(rows.map((r) => [r.table, r.n]));
}

function printStage(stage: Stage): void {
  console.log(`\nsize ${stage.size} (and ${stage.others} other payments): grown in ${stage.grow_seconds} s, vacuum analyze ${stage.vacuum_seconds} s, database ${stage.database_mb} MB`);
  console.log(`ledger:check ${stage.ledger_check.ok ? "agrees" : "FAILED"} in ${stage.ledger_check.seconds} s`);
  if (stage.jobs) {
    console.table(
      stage.jobs.map((j) => ({ job: j.job, "#": j.statement, ms: j.ms, buffers: j.buffers, rows: j.rows, top: j.top, scans: j.scans.slice(0, 110), query: j.query.slice(0, 90) })),
    );
  }
}

function printRatios(stages: Stage[]): Record<string, unknown>[] {
  const small = stages[0]!;
  const large = stages[stages.length - 1]!;
  const control = (s: Stage) => s.measures.find((m) => m.name === CONTROL)!;
  const drift50 = control(large).p50_ms / control(small).p50_ms;
  const drift99 = control(large).p99_ms / control(small).p99_ms;
  console.log(`\nEndpoints, ${small.size} → ${large.size} payments (${CONNECTIONS} connections, ${SECONDS} s each); control drift p50 ×${round(drift50, 2)}, p99 ×${round(drift99, 2)}`);
  const rows = small.measures.map((a) => {
    const b = large.measures.find((m) => m.name === a.name);
    const r50 = b ? b.p50_ms / Math.max(a.p50_ms, 0.1) : NaN;
    const r99 = b ? b.p99_ms / Math.max(a.p99_ms, 0.1) : NaN;
    const measured = b && a.requests > 0 && b.requests > 0;
    const n50 = r50 / drift50;
    const n99 = r99 / drift99;
    return {
      endpoint: a.name,
      [`p50 ${small.size}`]: a.p50_ms,
      [`p99 ${small.size}`]: a.p99_ms,
      [`p50 ${large.size}`]: b?.p50_ms ?? "-",
      [`p99 ${large.size}`]: b?.p99_ms ?? "-",
      "p50 ×": round(r50, 2),
      "p99 ×": round(r99, 2),
      "p50 ×/ctl": round(n50, 2),
      "p99 ×/ctl": round(n99, 2),
      "alone ms": `${a.first_ms}/${b?.first_ms ?? "-"}`,
      "non-2xx": `${a.non_2xx}/${b?.non_2xx ?? "-"}`,
      flat: a.name === CONTROL ? "control" : !measured ? "no answers" : n50 > LIMIT || n99 > LIMIT ? `NO (>${LIMIT}×)` : "yes",
    };
  });
  console.table(rows);
  console.log("Exports:");
  console.table(
    stages.flatMap((s) => s.exports).map((e) => ({ size: e.size, export: e.name, rows: e.rows, seconds: e.seconds, "µs/row": e.us_per_row, http: e.status })),
  );
  return rows;
}

async function main(): Promise<void> {
  assertBuilt(SERVED);
  const name = `kola_scale_${randomBytes(4).toString("hex")}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-scale-"));
  const receiver = await startReceiver();
  let server: KolaServer | undefined;
  const started = performance.now();
  console.log(`Kola scale benchmark of ${SERVED}: database ${name}, sizes ${SIZES.join(", ")}, others ×${OTHERS} over ${OTHER_ACCOUNTS} accounts, ${CONNECTIONS} connections, ${SECONDS} s per endpoint`);
  const stages: Stage[] = [];
  // stopped by a signal: the server stopped and the database dropped all the same
  const onSignal = () => {
    console.log("stopped: stopping the server and dropping the database…");
    void (async () => {
      await server?.stop(2_000);
      if (!KEEP) await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      process.exit(130);
    })();
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      PROVIDER_CALLBACK_SECRET: randomBytes(32).toString("hex"),
      DEPOSIT_EXPIRY_SECONDS: "6",
      // money held a moment, then released, as in live mode: the templates have their release entries
      TEST_BALANCE_HOLD_SECONDS: "2",
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      DEV_MAIL_PAGE: "1",
      SMTP_URL: "",
    };
    const owner = { email: "scale@kola.test", password: "scale-password-1234", business: "Boutique Scale", country: "CMR" };
    const account = await createAccount(env, owner);
    server = await startServer({ root: SERVED, env, port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined, logFile: path.join(dataDir, "server.log") });
    console.log("templates: real payments through the API and the sandbox…");
    const made = await makeTemplates(server.baseURL, account.api_key, receiver.url, db);
    const counts = await prepareTemplates(db, made.templates, OTHER_ACCOUNTS);
    console.log(`  ${made.templates.length} template payments; their rows per table: ${JSON.stringify(counts)}`);
    const cookie = await signIn(server.baseURL, owner.email, owner.password);

    let own = 0;
    let others = 0;
    const largest = Math.max(...SIZES);
    for (const size of SIZES) {
      const growStarted = performance.now();
      const othersTarget = Math.round(size * OTHERS);
      const report = (label: string, total: number) => (done: number) =>
        console.log(`  ${label}: ${done}/${total} copies, ${round((performance.now() - growStarted) / 1000)} s`);
      await grow(db, { from: own, to: size, others: false }, BATCH, report(`growing the account to ${size}`, size - own));
      await grow(db, { from: others, to: othersTarget, others: true }, BATCH, report(`growing the others to ${othersTarget}`, othersTarget - others));
      own = size;
      others = othersTarget;
      await rebalance(db);
      const growSeconds = round((performance.now() - growStarted) / 1000);
      const vacuumStarted = performance.now();
      await db.unsafe("vacuum analyze");
      const vacuumSeconds = round((performance.now() - vacuumStarted) / 1000);
      const [{ mb }] = (await db`select (pg_database_size(current_database()) / 1048576)::int as mb`) as unknown as [{ mb: number }];
      console.log(`size ${size}: grown in ${growSeconds} s, vacuum analyze ${vacuumSeconds} s, ${mb} MB`);
      const endpoints = await endpointsAt(db, account.account_id, made);
      const measures = await measureEndpoints(server.baseURL, size, endpoints, account.api_key, cookie);
      const exports = await measureExports(server.baseURL, size, account.api_key);
      const jobs = await jobPlans(admin, name, databaseUrl, `${size}`, SERVED);
      const check = await ledgerCheck(databaseUrl);
      const stage: Stage = {
        size,
        others,
        grow_seconds: growSeconds,
        vacuum_seconds: vacuumSeconds,
        table_rows: await tableRows(db),
        database_mb: mb,
        measures,
        exports,
        jobs,
        ledger_check: check,
      };
      stages.push(stage);
      printStage(stage);
      if (size === largest) break;
    }
    const ratios = stages.length > 1 ? printRatios(stages) : [];
    const dir = path.join(ROOT, "bench", "results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `scale-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    const meta = { commit: gitCommit(), served: SERVED, node: process.version, cores: os.cpus().length, connections: CONNECTIONS, seconds: SECONDS, sizes: SIZES, others: OTHERS, other_accounts: OTHER_ACCOUNTS, loadavg: os.loadavg() };
    fs.writeFileSync(file, JSON.stringify({ ...meta, templates: made.templates, template_rows: counts, stages, ratios }, null, 2) + "\n");
    console.log(`\nwritten ${path.relative(ROOT, file)}; whole run ${round((performance.now() - started) / 60000)} min`);
  } finally {
    await server?.stop(5_000);
    await receiver.close();
    await db.end({ timeout: 5 });
    if (KEEP) console.log(`kept database ${name} (BENCH_KEEP=1): ${databaseUrl}`);
    else await admin.unsafe(`drop database if exists ${name} with (force)`).catch((e: unknown) => console.log(`could not drop ${name}: ${(e as Error).message}`));
    await admin.end({ timeout: 5 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

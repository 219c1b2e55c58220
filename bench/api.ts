// API throughput benchmark: `npm run build` once, then `npm run bench:api`.
// For each database (embedded PGlite in a fresh DATA_DIR; PostgreSQL in a fresh database created
// in the local server and dropped at the end) it creates an account with the admin CLI, starts
// the production server on 127.0.0.1, warms up, then loads it with autocannon: POST /v1/gateway and
// GET /v1/gateway/{id}. Prints a table (req/s, p50/p99 latency, non-2xx, CPU per request of the
// server and of its PostgreSQL backends, peak RSS) and writes bench/results/api-<timestamp>.json.
//
// Settings (environment):
//   BENCH_SECONDS=10          seconds of load per operation and round
//   BENCH_ROUNDS=3            rounds: each measures every operation on Kola, then on the baseline, in
//                             turn; the tables give each round and the medians (the ratio: the median
//                             of the rounds' ratios, each of two figures taken seconds apart)
//   BENCH_CONNECTIONS=20      concurrent connections
//   BENCH_DATABASES=pglite,postgres
//   BENCH_OPS=post,get
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   where the bench database is created
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   node flags for the server only
//                             (Node 20 refuses --cpu-prof in NODE_OPTIONS); see bench/cpuprofile-summary.ts
//   BENCH_BASELINE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof-baseline"   the same for the baseline
//   DATABASE_POOL_SIZE        passed through to the server (PostgreSQL pool, default 10)
//   BENCH_WORKERS=2           serve through `npm start` with WEB_CONCURRENCY=2 (one worker per core)
//   BENCH_BASELINE=1          on PostgreSQL, also load bench/baseline-server.ts (bare node:http + the
//                             postgres driver, the same queries) on the same database, and print
//                             Kola's req/s as a ratio of it (0 to skip)
//   BENCH_VERSUS=/path/to/other/checkout   on PostgreSQL, the baseline is that checkout's own production
//                             build (`npm run build` there first) on the same database, measured in turn
//                             with this one: a before/after of a change, as a ratio (this one ÷ that one)
//   BENCH_LIST_ROWS=100000    GET /v1/gateway without `limit` (the whole list, streamed) on this many
//                             links, and on a tenth of them: time to last byte, bytes, server RSS (0 to skip)
//   BENCH_SOAK_SECONDS=300    then a mixed soak (POST, GET by id, GET a page of the list) for this long:
//                             RSS of each server process at its end (0, the default, to skip)
//
// Operations: post (POST /v1/gateway), get (GET /v1/gateway/{id}), empty (GET /v1/no-such-route: the
// catch-all's 404, a handler that does nothing — what the framework costs per request on its own).
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { insertLinksSql } from "./links-sql";
import { assertBuilt, createAccount, freePort, HOST, ROOT, startServer, type KolaServer } from "../e2e/support/kola-server";
import { cpuSecondsOf, gitCommit, processTree, statusKb } from "./proc";

type Database = "pglite" | "postgres";
type Op = "post" | "get" | "empty";
type Target = "kola" | "baseline";

type Row = {
  database: Database;
  server: Target;
  operation: string;
  /** the round (BENCH_ROUNDS) it was measured in */
  round: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
  /** CPU time the server process tree spent per request: comparable even on a busy machine. */
  server_cpu_ms_per_req: number;
  /** The same for the PostgreSQL backends of the bench database (PGlite runs inside the server). */
  db_cpu_ms_per_req: number | null;
  peak_rss_mb: number;
};

type ListRow = {
  database: Database;
  links: number;
  bytes: number;
  first_byte_ms: number;
  last_byte_ms: number;
  rss_before_mb: number;
  rss_peak_mb: number;
};

type Soak = { database: Database; seconds: number; requests: number; non_2xx: number; errors: number; p99_ms: number; rss_mb_per_process: number[] };

const SECONDS = positive("BENCH_SECONDS", 10);
const CONNECTIONS = positive("BENCH_CONNECTIONS", 20);
const WARMUP_SECONDS = Math.min(3, SECONDS);
const DATABASES = list("BENCH_DATABASES", ["pglite", "postgres"]) as Database[];
const OPS = list("BENCH_OPS", ["post", "get", "empty"]) as Op[];
const PG_ADMIN_URL = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/** BENCH_WORKERS=N serves through `npm start` (scripts/start.mjs) with WEB_CONCURRENCY=N (PostgreSQL). */
const WORKERS = Number(process.env.BENCH_WORKERS || 0);
const BASELINE = (process.env.BENCH_BASELINE ?? "1") !== "0";
const VERSUS = process.env.BENCH_VERSUS ? path.resolve(process.env.BENCH_VERSUS) : null;
const LIST_ROWS = nonNegative("BENCH_LIST_ROWS", 100_000);
const SOAK_SECONDS = nonNegative("BENCH_SOAK_SECONDS", 0);
const ROUNDS = Math.floor(positive("BENCH_ROUNDS", 3));
const OPERATION: Record<Op, string> = {
  post: "POST /v1/gateway",
  get: "GET /v1/gateway/{id}",
  empty: "GET /v1/no-such-route (empty handler)",
};

function nonNegative(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function list(name: string, fallback: string[]): string[] {
  return (process.env[name] || fallback.join(",")).split(",").map((s) => s.trim()).filter(Boolean);
}

/** User + system CPU seconds used so far by the server's process tree. */
function cpuSeconds(pid: number): number {
  return cpuSecondsOf(processTree(pid));
}

/** CPU seconds of the PostgreSQL backends serving database `name` (their title names it). */
function databaseCpuSeconds(name: string): number {
  const pids = fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/cmdline`, "utf8").includes(` ${name} `);
      } catch {
        return false;
      }
    })
    .map(Number);
  return cpuSecondsOf(pids);
}

/** Polls the summed VmRSS of the server's process tree every 200 ms; `take()` returns the peak since the last take. */
function rssSampler(pid: number) {
  let peak = 0;
  const sample = () => {
    const kb = processTree(pid).reduce((sum, p) => sum + statusKb(p, "VmRSS"), 0);
    peak = Math.max(peak, kb);
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    take(): number {
      sample();
      const value = peak;
      peak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : round((sorted[mid - 1]! + sorted[mid]!) / 2, 2);
};

/** VmRSS of each process of the server's tree that is a Node process serving (the primary of npm start included). */
function rssByProcess(pid: number): number[] {
  return processTree(pid).map((p) => mb(statusKb(p, "VmRSS"))).filter((v) => v > 0);
}

type Endpoint = { baseURL: string; pid: number };

async function load(server: Endpoint, apiKey: string, op: Op, gatewayId: string, seconds: number) {
  const common = { connections: CONNECTIONS, duration: seconds, timeout: 10 };
  if (op === "post") {
    return autocannon({
      ...common,
      url: `${server.baseURL}/v1/gateway`,
      method: "POST",
      headers: { "api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ amount: 5000, shop_name: "Boutique Bench", message: "Benchmark" }),
    });
  }
  if (op === "empty") return autocannon({ ...common, url: `${server.baseURL}/v1/no-such-route`, method: "GET" });
  return autocannon({ ...common, url: `${server.baseURL}/v1/gateway/${gatewayId}`, method: "GET" });
}

/** Loads each operation for WARMUP_SECONDS, unmeasured: the JIT, the pools and the caches warm. */
async function warmUp(server: Endpoint, ops: Op[], apiKey: string, gatewayId: string): Promise<void> {
  for (const op of ops) await load(server, apiKey, op, gatewayId, WARMUP_SECONDS);
}

/** Loads one operation for SECONDS and measures it (req/s, latency, CPU per request, peak RSS since `sampler` last took it). */
async function measureOne(
  database: Database,
  target: Target,
  server: Endpoint,
  op: Op,
  round_: number,
  sampler: ReturnType<typeof rssSampler>,
  apiKey: string,
  gatewayId: string,
  pgName: string | null,
): Promise<Row> {
  console.log(`  ${database} ${target}${ROUNDS > 1 ? ` (round ${round_})` : ""}: ${OPERATION[op]} for ${SECONDS} s…`);
  sampler.take();
  const cpuBefore = cpuSeconds(server.pid);
  const dbCpuBefore = pgName ? databaseCpuSeconds(pgName) : 0;
  const r = await load(server, apiKey, op, gatewayId, SECONDS);
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const dbCpu = pgName ? databaseCpuSeconds(pgName) - dbCpuBefore : null;
  const perRequest = (seconds: number) => (r.requests.total ? round((seconds * 1000) / r.requests.total, 2) : 0);
  return {
    database,
    server: target,
    operation: OPERATION[op],
    round: round_,
    requests_per_s: round(r.requests.average, 0),
    p50_ms: round(r.latency.p50),
    p99_ms: round(r.latency.p99),
    requests: r.requests.total,
    non_2xx: op === "empty" ? r.non2xx - r.requests.total : r.non2xx, // the empty route answers 404 on purpose
    errors: r.errors,
    server_cpu_ms_per_req: perRequest(cpu),
    db_cpu_ms_per_req: dbCpu === null ? null : perRequest(dbCpu),
    peak_rss_mb: mb(sampler.take()),
  };
}

/**
 * `rows` payment links for the account, written straight into the database before the server opens
 * it (PGlite allows one process): a tenth named "Petite liste", so `?q=Petite` lists a tenth of them.
 */
async function insertLinks(database: Database, dataDir: string, pgUrl: string | null, accountId: string, rows: number): Promise<void> {
  const statement = insertLinksSql(accountId, rows);
  if (database === "postgres") {
    const client = postgres(pgUrl!, { max: 1, onnotice: () => {} });
    try {
      await client.unsafe(statement);
    } finally {
      await client.end({ timeout: 5 });
    }
    return;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgliteExtensions } = await import("../lib/db/client");
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: await pgliteExtensions() });
  try {
    await client.exec(statement);
  } finally {
    await client.close();
  }
}

/** The whole list (no `limit`) read as a client would: time to first and last byte, bytes, a valid JSON array; server RSS meanwhile. */
async function fetchWholeList(database: Database, server: Endpoint, apiKey: string, query: string): Promise<ListRow> {
  const processes = () => processTree(server.pid);
  const rss = () => processes().reduce((sum, p) => sum + statusKb(p, "VmRSS"), 0);
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
  try {
    const started = performance.now();
    const res = await fetch(`${server.baseURL}/v1/gateway${query}`, { headers: { "api-key": apiKey } });
    if (!res.ok || !res.body) throw new Error(`GET /v1/gateway${query} answered ${res.status}: ${await res.text()}`);
    const chunks: Buffer[] = [];
    let firstByte = 0;
    let bytes = 0;
    const reader = res.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (!firstByte) firstByte = performance.now() - started;
      bytes += read.value.byteLength;
      chunks.push(Buffer.from(read.value));
    }
    const lastByte = performance.now() - started;
    peak = Math.max(peak, rss());
    const items = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown[];
    if (!Array.isArray(items)) throw new Error("the whole list is not a JSON array");
    return {
      database,
      links: items.length,
      bytes,
      first_byte_ms: round(firstByte),
      last_byte_ms: round(lastByte),
      rss_before_mb: mb(before),
      rss_peak_mb: mb(peak),
    };
  } finally {
    clearInterval(timer);
  }
}

/** Mixed load for SOAK_SECONDS: creates, public reads and pages of the list, in turn on each connection. */
async function soak(database: Database, server: Endpoint, apiKey: string, gatewayId: string): Promise<Soak> {
  console.log(`  ${database}: mixed soak for ${SOAK_SECONDS} s…`);
  const r = await autocannon({
    url: server.baseURL,
    connections: CONNECTIONS,
    duration: SOAK_SECONDS,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: "/v1/gateway",
        headers: { "api-key": apiKey, "content-type": "application/json" },
        body: JSON.stringify({ amount: 5000, shop_name: "Boutique Soak", message: "Soak" }),
      },
      { method: "GET", path: `/v1/gateway/${gatewayId}` },
      { method: "GET", path: `/v1/gateway/${gatewayId}` },
      { method: "GET", path: "/v1/gateway?limit=20", headers: { "api-key": apiKey } },
    ],
  });
  return {
    database,
    seconds: SOAK_SECONDS,
    requests: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors,
    p99_ms: round(r.latency.p99),
    rss_mb_per_process: rssByProcess(server.pid),
  };
}

/** bench/baseline-server.ts on the bench database, on a free port; resolves once it answers. */
async function startBaseline(databaseUrl: string, logFile: string): Promise<Endpoint & { stop: () => Promise<void> }> {
  const port = await freePort();
  const out = fs.openSync(logFile, "w");
  const nodeArgs = (process.env.BENCH_BASELINE_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--conditions=react-server", "--import", "tsx", path.join(ROOT, "bench", "baseline-server.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST, NODE_ENV: "production" },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseURL = `http://${HOST}:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`the baseline server did not start:\n${fs.readFileSync(logFile, "utf8")}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function createDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> } | null> {
  const name = `kola_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => {});
    console.log(`PostgreSQL skipped: cannot create a database through ${PG_ADMIN_URL} (${(error as Error).message})`);
    return null;
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

type Result = { rows: Row[]; lists: ListRow[]; soak: Soak | null; vmhwm_mb: number; rss_after_mb: number[] };

async function benchDatabase(database: Database): Promise<Result | null> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kola-bench-${database}-`));
  const pg = database === "postgres" ? await createDatabase() : null;
  if (database === "postgres" && !pg) return null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url ?? "",
    LOG_LEVEL: "silent",
    SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString("hex"),
    PROVIDER_CALLBACK_SECRET: process.env.PROVIDER_CALLBACK_SECRET || randomBytes(32).toString("hex"),
    ...(WORKERS > 0 ? { WEB_CONCURRENCY: String(WORKERS) } : {}),
  };
  let server: KolaServer | undefined;
  try {
    // With PGlite the admin CLI must have closed DATA_DIR before the server opens it.
    const account = await createAccount(
      env,
      { email: "bench@kola.test", password: "bench-password-1234", business: "Boutique Bench", country: "CMR" },
    );
    if (LIST_ROWS > 0) {
      console.log(`  ${database}: inserting ${LIST_ROWS} links…`);
      await insertLinks(database, dataDir, pg?.url ?? null, account.account_id, LIST_ROWS);
    }
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
    server = await startServer({ env, nodeArgs, logFile: path.join(dataDir, "server.log"), startScript: WORKERS > 0 });

    const created = await fetch(`${server.baseURL}/v1/gateway`, {
      method: "POST",
      headers: { "api-key": account.api_key, "content-type": "application/json" },
      body: JSON.stringify({ amount: 5000, shop_name: "Boutique Bench" }),
    });
    if (!created.ok) throw new Error(`POST /v1/gateway answered ${created.status}: ${await created.text()}`);
    const gatewayId = ((await created.json()) as { id: string }).id;

    const lists: ListRow[] = [];
    if (LIST_ROWS > 0) {
      console.log(`  ${database}: GET /v1/gateway without limit…`);
      await fetchWholeList(database, server, account.api_key, "?q=Petite"); // warm-up
      lists.push(await fetchWholeList(database, server, account.api_key, "?q=Petite"));
      lists.push(await fetchWholeList(database, server, account.api_key, ""));
    }

    // Kola and the baseline run side by side, measured in turn, operation by operation, for ROUNDS
    // rounds: this machine's speed drifts by a third within minutes, and a ratio of two figures taken
    // a minute apart would measure the drift.
    const baseline = !pg
      ? null
      : VERSUS
        ? await startServer({ root: VERSUS, env, nodeArgs, logFile: path.join(dataDir, "versus.log"), startScript: WORKERS > 0 })
        : BASELINE
          ? await startBaseline(pg.url, path.join(dataDir, "baseline.log"))
          : null;
    const rows: Row[] = [];
    const kolaRss = rssSampler(server.pid);
    const baselineRss = baseline ? rssSampler(baseline.pid) : null;
    try {
      await warmUp(server, OPS, account.api_key, gatewayId);
      const baselineOps = OPS.filter((op) => op !== "empty");
      if (baseline) await warmUp(baseline, VERSUS ? OPS : baselineOps, account.api_key, gatewayId);
      for (let r = 1; r <= ROUNDS; r++) {
        for (const op of OPS) {
          rows.push(await measureOne(database, "kola", server, op, r, kolaRss, account.api_key, gatewayId, pg?.name ?? null));
          if (baseline && baselineRss && (op !== "empty" || VERSUS)) {
            rows.push(await measureOne(database, "baseline", baseline, op, r, baselineRss, account.api_key, gatewayId, pg!.name));
          }
        }
      }
    } finally {
      kolaRss.stop();
      baselineRss?.stop();
      await baseline?.stop();
    }
    const rss_after_mb = rssByProcess(server.pid);
    const soakResult = SOAK_SECONDS > 0 ? await soak(database, server, account.api_key, gatewayId) : null;
    const vmhwm_mb = mb(processTree(server.pid).reduce((sum, p) => sum + statusKb(p, "VmHWM"), 0));
    return { rows, lists, soak: soakResult, vmhwm_mb, rss_after_mb };
  } finally {
    await server?.stop(5_000);
    await pg?.drop().catch((error: unknown) => console.log(`could not drop the bench database: ${(error as Error).message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  try {
    assertBuilt();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  console.log(
    `Kola API benchmark: ${CONNECTIONS} connections, ${SECONDS} s per operation and round, ${ROUNDS} rounds (after ${WARMUP_SECONDS} s warm-up), ` +
      `${os.cpus().length} cores, Node ${process.version}, load generator in this process` +
      (WORKERS > 0 ? `, npm start with ${WORKERS} workers` : ", one server process"),
  );
  const loadBefore = os.loadavg();
  const results: Partial<Record<Database, Result>> = {};
  for (const database of DATABASES) {
    console.log(`${database}…`);
    const result = await benchDatabase(database);
    if (result) results[database] = result;
  }
  const all = Object.values(results);
  const rows = all.flatMap((r) => r.rows);
  console.log("");
  console.table(
    rows.map((r) => ({
      database: r.database,
      server: r.server,
      operation: r.operation,
      round: r.round,
      "req/s (avg)": r.requests_per_s,
      "p50 ms": r.p50_ms,
      "p99 ms": r.p99_ms,
      "non-2xx": r.non_2xx,
      errors: r.errors,
      "server CPU ms/req": r.server_cpu_ms_per_req,
      "PG CPU ms/req": r.db_cpu_ms_per_req ?? "-",
      "peak RSS MB": r.peak_rss_mb,
    })),
  );
  // one line per database, server and operation: the median of its rounds
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.database}|${r.server}|${r.operation}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const medians = [...groups.values()].map((g) => ({
    database: g[0]!.database,
    server: g[0]!.server,
    operation: g[0]!.operation,
    rounds: g.length,
    requests_per_s: median(g.map((r) => r.requests_per_s)),
    p99_ms: median(g.map((r) => r.p99_ms)),
    server_cpu_ms_per_req: median(g.map((r) => r.server_cpu_ms_per_req)),
  }));
  if (ROUNDS > 1) {
    console.log(`Medians of ${ROUNDS} rounds (target: p99 ≤ 20 ms):`);
    console.table(
      medians.map((m) => ({
        database: m.database,
        server: m.server,
        operation: m.operation,
        "req/s": m.requests_per_s,
        "p99 ms": m.p99_ms,
        "server CPU ms/req": m.server_cpu_ms_per_req,
      })),
    );
  }
  const ratios = medians
    .filter((m) => m.server === "kola")
    .flatMap((m) => {
      const pairs = rows
        .filter((r) => r.server === "kola" && r.database === m.database && r.operation === m.operation)
        .flatMap((k) => {
          const b = rows.find((r) => r.server === "baseline" && r.database === k.database && r.operation === k.operation && r.round === k.round);
          return b ? [round(k.requests_per_s / b.requests_per_s, 2)] : [];
        });
      const base = medians.find((b) => b.server === "baseline" && b.database === m.database && b.operation === m.operation);
      return base && pairs.length
        ? [{ database: m.database, operation: m.operation, kola: m.requests_per_s, baseline: base.requests_per_s, rounds: pairs, ratio: median(pairs) }]
        : [];
    });
  if (ratios.length) {
    console.log(
      VERSUS
        ? `This checkout's throughput as a ratio of ${VERSUS}'s (1 = the same), round by round and their median:`
        : "Kola's throughput as a ratio of the bare node:http + postgres baseline (target ≥ 0.6), round by round and their median:",
    );
    console.table(
      ratios.map((r) => ({
        database: r.database,
        operation: r.operation,
        "Kola req/s": r.kola,
        "baseline req/s": r.baseline,
        "ratio by round": r.rounds.join(" "),
        ratio: r.ratio,
      })),
    );
  }
  const lists = all.flatMap((r) => r.lists);
  if (lists.length) {
    console.log("GET /v1/gateway without limit (the whole list, streamed):");
    console.table(
      lists.map((l) => ({
        database: l.database,
        links: l.links,
        MB: round(l.bytes / 1048576),
        "first byte ms": l.first_byte_ms,
        "last byte ms": l.last_byte_ms,
        "server RSS before MB": l.rss_before_mb,
        "server RSS peak MB": l.rss_peak_mb,
        "growth MB": round(l.rss_peak_mb - l.rss_before_mb),
      })),
    );
  }
  for (const [database, r] of Object.entries(results)) {
    console.log(`${database}: server RSS after the run ${r.rss_after_mb.join(" + ")} MB (per process), VmHWM (whole run) ${r.vmhwm_mb} MB`);
    if (r.soak) {
      const s = r.soak;
      console.log(
        `${database}: mixed soak ${s.seconds} s, ${s.requests} requests, p99 ${s.p99_ms} ms, non-2xx ${s.non_2xx}, errors ${s.errors}; ` +
          `RSS at its end ${s.rss_mb_per_process.join(" + ")} MB (per process; target ≤ 250 per worker)`,
      );
    }
  }
  const loadAfter = os.loadavg();
  console.log(
    `load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadAfter.map((n) => n.toFixed(2)).join(" ")}` +
      " (other work on the machine lowers req/s; server CPU ms/req is less sensitive to it)",
  );

  const dir = path.join(ROOT, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  const meta = {
    commit: gitCommit(),
    node: process.version,
    cores: os.cpus().length,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmup_seconds: WARMUP_SECONDS,
    rounds: ROUNDS,
    workers: WORKERS,
    database_pool_size: process.env.DATABASE_POOL_SIZE || "default (10)",
    server_node_args: process.env.BENCH_SERVER_NODE_ARGS || "",
    loadavg_before: loadBefore,
    loadavg_after: loadAfter,
  };
  fs.writeFileSync(file, JSON.stringify({ ...meta, results: rows, medians, ratios, lists, databases: results }, null, 2) + "\n");
  console.log(`\nwritten ${path.relative(ROOT, file)}`);
  if (rows.some((r) => r.non_2xx > 0 || r.errors > 0)) console.log("warning: some requests were not 2xx or failed");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// API throughput benchmark: `npm run build` once, then `npm run bench:api`.
// For each database (embedded PGlite in a fresh DATA_DIR; PostgreSQL in a fresh database created
// in the local server and dropped at the end) it creates an account with the admin CLI, starts
// `next start` on 127.0.0.1, warms up, then loads it with autocannon: POST /v1/gateway and
// GET /v1/gateway/{id}. Prints a table (req/s, p50/p99 latency, non-2xx, CPU per request of the
// server and of its PostgreSQL backends, peak RSS) and writes bench/results/api-<timestamp>.json.
//
// Settings (environment):
//   BENCH_SECONDS=10          seconds of load per operation
//   BENCH_CONNECTIONS=20      concurrent connections
//   BENCH_DATABASES=pglite,postgres
//   BENCH_OPS=post,get
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   where the bench database is created
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   node flags for the server only
//                             (Node 20 refuses --cpu-prof in NODE_OPTIONS); see bench/cpuprofile-summary.ts
//   DATABASE_POOL_SIZE        passed through to the server (PostgreSQL pool, default 10)
//   BENCH_WORKERS=2           serve through `npm start` with WEB_CONCURRENCY=2 (one worker per core)
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { assertBuilt, createAccount, ROOT, startServer, type KolaServer } from "../e2e/support/kola-server";

type Database = "pglite" | "postgres";
type Op = "post" | "get";

type Row = {
  database: Database;
  operation: string;
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

const SECONDS = positive("BENCH_SECONDS", 10);
const CONNECTIONS = positive("BENCH_CONNECTIONS", 20);
const WARMUP_SECONDS = Math.min(3, SECONDS);
const DATABASES = list("BENCH_DATABASES", ["pglite", "postgres"]) as Database[];
const OPS = list("BENCH_OPS", ["post", "get"]) as Op[];
const PG_ADMIN_URL = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/** BENCH_WORKERS=N serves through `npm start` (scripts/start.mjs) with WEB_CONCURRENCY=N (PostgreSQL). */
const WORKERS = Number(process.env.BENCH_WORKERS || 0);

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function list(name: string, fallback: string[]): string[] {
  return (process.env[name] || fallback.join(",")).split(",").map((s) => s.trim()).filter(Boolean);
}

/** The server's process and its descendants (`next start` serves in-process today, but may fork). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const p = out[i]!;
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      } catch {
        // gone
      }
    }
  }
  return out;
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU seconds used so far by the server's process tree. */
function cpuSeconds(pid: number): number {
  return ticksOf(processTree(pid)) / CLK_TCK;
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
  return ticksOf(pids) / CLK_TCK;
}

function ticksOf(pids: number[]): number {
  let ticks = 0;
  for (const p of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // gone
    }
  }
  return ticks;
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

async function load(server: KolaServer, apiKey: string, op: Op, gatewayId: string, seconds: number) {
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
  return autocannon({ ...common, url: `${server.baseURL}/v1/gateway/${gatewayId}`, method: "GET" });
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

async function benchDatabase(database: Database): Promise<{ rows: Row[]; vmhwm_mb: number } | null> {
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
  let sampler: ReturnType<typeof rssSampler> | undefined;
  try {
    // With PGlite the admin CLI must have closed DATA_DIR before the server opens it.
    const account = await createAccount(
      env,
      { email: "bench@kola.test", password: "bench-password-1234", business: "Boutique Bench", country: "CMR" },
    );
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
    server = await startServer({ env, nodeArgs, logFile: path.join(dataDir, "server.log"), startScript: WORKERS > 0 });
    sampler = rssSampler(server.pid);

    const created = await fetch(`${server.baseURL}/v1/gateway`, {
      method: "POST",
      headers: { "api-key": account.api_key, "content-type": "application/json" },
      body: JSON.stringify({ amount: 5000, shop_name: "Boutique Bench" }),
    });
    if (!created.ok) throw new Error(`POST /v1/gateway answered ${created.status}: ${await created.text()}`);
    const gatewayId = ((await created.json()) as { id: string }).id;

    for (const op of OPS) await load(server, account.api_key, op, gatewayId, WARMUP_SECONDS);
    sampler.take();

    const rows: Row[] = [];
    for (const op of OPS) {
      console.log(`  ${database}: ${op === "post" ? "POST /v1/gateway" : "GET /v1/gateway/{id}"} for ${SECONDS} s…`);
      const cpuBefore = cpuSeconds(server.pid);
      const dbCpuBefore = pg ? databaseCpuSeconds(pg.name) : 0;
      const r = await load(server, account.api_key, op, gatewayId, SECONDS);
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      const dbCpu = pg ? databaseCpuSeconds(pg.name) - dbCpuBefore : null;
      const perRequest = (seconds: number) => (r.requests.total ? round((seconds * 1000) / r.requests.total, 2) : 0);
      rows.push({
        database,
        operation: op === "post" ? "POST /v1/gateway" : "GET /v1/gateway/{id}",
        requests_per_s: round(r.requests.average, 0),
        p50_ms: round(r.latency.p50),
        p99_ms: round(r.latency.p99),
        requests: r.requests.total,
        non_2xx: r.non2xx,
        errors: r.errors,
        server_cpu_ms_per_req: perRequest(cpu),
        db_cpu_ms_per_req: dbCpu === null ? null : perRequest(dbCpu),
        peak_rss_mb: mb(sampler.take()),
      });
    }
    const vmhwm_mb = mb(processTree(server.pid).reduce((sum, p) => sum + statusKb(p, "VmHWM"), 0));
    return { rows, vmhwm_mb };
  } finally {
    sampler?.stop();
    await server?.stop(5_000);
    await pg?.drop().catch((error: unknown) => console.log(`could not drop the bench database: ${(error as Error).message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
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
    `Kola API benchmark: ${CONNECTIONS} connections, ${SECONDS} s per operation (after ${WARMUP_SECONDS} s warm-up), ` +
      `${os.cpus().length} cores, Node ${process.version}, load generator in this process`,
  );
  const loadBefore = os.loadavg();
  const rows: Row[] = [];
  const peaks: Record<string, number> = {};
  for (const database of DATABASES) {
    console.log(`${database}…`);
    const result = await benchDatabase(database);
    if (!result) continue;
    rows.push(...result.rows);
    peaks[database] = result.vmhwm_mb;
  }
  console.log("");
  console.table(
    rows.map((r) => ({
      database: r.database,
      operation: r.operation,
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
  for (const [database, hwm] of Object.entries(peaks)) console.log(`${database}: server VmHWM (whole run) ${hwm} MB`);
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
    database_pool_size: process.env.DATABASE_POOL_SIZE || "default (10)",
    server_node_args: process.env.BENCH_SERVER_NODE_ARGS || "",
    loadavg_before: loadBefore,
    loadavg_after: loadAfter,
  };
  fs.writeFileSync(file, JSON.stringify({ ...meta, results: rows, server_vmhwm_mb: peaks }, null, 2) + "\n");
  console.log(`\nwritten ${path.relative(ROOT, file)}`);
  if (rows.some((r) => r.non_2xx > 0 || r.errors > 0)) console.log("warning: some requests were not 2xx or failed");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

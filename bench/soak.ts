// Memory under mixed load: `npm run build` once, then `npm run bench:soak`.
// Runs the production server as `npm start` does (scripts/start.mjs): on PostgreSQL with 2 workers,
// in a database of its own (BENCH_SOAK_DB, made afresh and dropped at the end), then on embedded
// PGlite (one worker) in a fresh DATA_DIR. Each is loaded by 20 connections of this mix:
//
//   25 % POST /v1/gateway                       (link creation)
//   25 % GET /v1/gateway/{id}                   (public link reads)
//   10 % GET /v1/gateway?limit=20…              (list pages: first pages, cursors, with payment status)
//   20 % POST /api/checkout/pay/{id}            (checkout submits, each on a link never paid; a
//                                                different buyer address each, as behind TRUST_PROXY)
//   10 % POST /api/providers/sandbox/callback   (signed sandbox callbacks settling those submits)
//   10 % GET /v1/deposits/{track_id} and /v1/api/deposit/get_transaction?track_id=…
//
// Half the submits use a number the sandbox never answers (…03): the benchmark's own signed
// callbacks settle them; the others the sandbox settles itself 1–3 s later, over HTTP, as it does.
// Every BENCH_SOAK_REPORT_SECONDS it prints each server process's RSS, and with it the process's own
// process.memoryUsage() (heap used/total, external, ArrayBuffers) and V8's young generation, read
// from bench/memory-probe.mjs (preloaded through NODE_OPTIONS, the benchmark's only addition to
// the server). Writes bench/results/soak-<timestamp>.json.
//
// Settings (environment):
//   BENCH_SOAK_SECONDS=300          load on PostgreSQL (2 workers)
//   BENCH_SOAK_PGLITE_SECONDS=120   load on PGlite (one worker); its RSS at start is taken before
//   BENCH_SOAK_REPORT_SECONDS=30    how often RSS is printed
//   BENCH_CONNECTIONS=20            concurrent connections (keep-alive)
//   BENCH_DATABASES=postgres,pglite
//   BENCH_WORKERS=2                 WEB_CONCURRENCY on PostgreSQL
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   where BENCH_SOAK_DB is made
//   BENCH_SOAK_DB=kola_memory
//   BENCH_SERVER_NODE_OPTIONS       more node flags for the server processes (NODE_OPTIONS)
//   BENCH_SOAK_SNAPSHOTS=60,240     write a heap snapshot of each worker at these seconds of load
//                                   (--heapsnapshot-signal=SIGUSR2; files in bench/results/heap/;
//                                   compare them with bench/heap-diff.ts). Empty (default): none.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createAccount, ROOT, assertBuilt, startServer, type KolaServer } from "../e2e/support/kola-server";
import { childrenOf, cpuSecondsOf, gitCommit, statusKb } from "./proc";

type Database = "postgres" | "pglite";
type Op = "create" | "read" | "list" | "submit" | "callback" | "lookup";

const SECONDS = nonNegative("BENCH_SOAK_SECONDS", 300);
const PGLITE_SECONDS = nonNegative("BENCH_SOAK_PGLITE_SECONDS", 120);
const REPORT_MS = nonNegative("BENCH_SOAK_REPORT_SECONDS", 30) * 1000;
const CONNECTIONS = Math.floor(nonNegative("BENCH_CONNECTIONS", 20)) || 20;
const WORKERS = Math.floor(nonNegative("BENCH_WORKERS", 2)) || 2;
const DATABASES = (process.env.BENCH_DATABASES || "postgres,pglite").split(",").map((s) => s.trim()) as Database[];
const PG_ADMIN_URL = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const PG_NAME = process.env.BENCH_SOAK_DB || "kola_memory";
const SNAPSHOTS = (process.env.BENCH_SOAK_SNAPSHOTS ?? "").split(",").filter(Boolean).map(Number);
const MIX: [Op, number][] = [
  ["create", 25],
  ["read", 25],
  ["list", 10],
  ["submit", 20],
  ["callback", 10],
  ["lookup", 10],
];
const RESULTS = path.join(ROOT, "bench", "results");

function nonNegative(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

if (!/^[a-z_][a-z0-9_]*$/.test(PG_NAME)) throw new Error("BENCH_SOAK_DB must be a plain lower-case name");

// ---- the server's processes and their memory ----

function rssMb(pid: number): number {
  return Math.round(statusKb(pid, "VmRSS") / 102.4) / 10;
}

/** CPU seconds (user + system) used so far by the server's processes: what a flag costs, per request. */
function cpuSeconds(primary: number): number {
  return cpuSecondsOf([primary, ...childrenOf(primary)]);
}

type Probe = {
  rss: number;
  heap_total: number;
  heap_used: number;
  external: number;
  array_buffers: number;
  spaces: Record<string, number>;
  heap_limit: number;
};

/** The last line bench/memory-probe.mjs wrote for `pid`. */
function probeOf(dir: string, pid: number): Probe | null {
  try {
    const lines = fs.readFileSync(path.join(dir, `${pid}.jsonl`), "utf8").trim().split("\n");
    return JSON.parse(lines[lines.length - 1]!) as Probe;
  } catch {
    return null;
  }
}

type Sample = { second: number; pid: number; role: "primary" | "worker"; rss_mb: number; probe: Probe | null };

function sample(server: KolaServer, probeDir: string, second: number): Sample[] {
  const primary = server.pid;
  return [
    { second, pid: primary, role: "primary" as const, rss_mb: rssMb(primary), probe: probeOf(probeDir, primary) },
    ...childrenOf(primary).map((pid) => ({ second, pid, role: "worker" as const, rss_mb: rssMb(pid), probe: probeOf(probeDir, pid) })),
  ];
}

function describe(s: Sample): string {
  const p = s.probe;
  const detail = p
    ? ` (heap ${p.heap_used}/${p.heap_total}, young ${p.spaces.new_space ?? "?"}, external ${p.external}, ArrayBuffers ${p.array_buffers}, ` +
      `outside the heap ${Math.round((s.rss_mb - p.heap_total) * 10) / 10})`
    : "";
  return `${s.role} ${s.pid} ${s.rss_mb} MB${detail}`;
}

// ---- the load ----

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

type Answer = { status: number; body: string };

function request(base: URL, method: string, pathname: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path: pathname, headers: body ? { ...headers, "content-length": Buffer.byteLength(body) } : headers, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

type OpStats = { requests: number; non2xx: number; errors: number; statuses: Record<string, number>; latencies: number[] };

/** A bounded list: the most recent `max` items. */
class Recent<T> {
  items: T[] = [];
  constructor(private max: number) {}
  push(item: T) {
    this.items.push(item);
    if (this.items.length > this.max) this.items.splice(0, this.items.length - this.max);
  }
  pick(): T | undefined {
    return this.items[Math.floor(Math.random() * this.items.length)];
  }
}

async function runLoad(baseURL: string, apiKey: string, callbackSecret: string, seconds: number, onTick: (second: number) => void) {
  const base = new URL(baseURL);
  const stats = Object.fromEntries(MIX.map(([op]): [Op, OpStats] => [op, { requests: 0, non2xx: 0, errors: 0, statuses: {}, latencies: [] }])) as Record<Op, OpStats>;
  const links = new Recent<string>(2000);
  const fresh: { id: string; amount: number }[] = []; // links never submitted
  const tracks = new Recent<string>(2000);
  const unanswered: { track_id: string; amount: number }[] = []; // submitted with …03: the sandbox never answers
  const json = { "content-type": "application/json" };
  const key = { "api-key": apiKey };
  const total = MIX.reduce((s, [, w]) => s + w, 0);
  const choose = (): Op => {
    let r = Math.random() * total;
    for (const [op, w] of MIX) if ((r -= w) < 0) return op;
    return "create";
  };
  let n = 0;

  async function once(op: Op): Promise<void> {
    // an operation that needs what none made yet (a fresh link, an unanswered payment) creates instead
    if ((op === "read" || op === "list") && links.items.length === 0) op = "create";
    if (op === "submit" && fresh.length === 0) op = "create";
    if (op === "callback" && unanswered.length === 0) op = tracks.items.length ? "lookup" : "create";
    if (op === "lookup" && tracks.items.length === 0) op = "create";
    const started = performance.now();
    const s = stats[op];
    s.requests++;
    try {
      let answer: Answer;
      if (op === "create") {
        const amount = 1000 + (n++ % 9000);
        answer = await request(base, "POST", "/v1/gateway", { ...key, ...json }, JSON.stringify({ amount, shop_name: "Boutique Soak", message: `Commande ${n}`, order_id: `soak-${n}` }));
        if (answer.status === 201 || answer.status === 200) {
          const id = (JSON.parse(answer.body) as { id: string }).id;
          links.push(id);
          fresh.push({ id, amount });
          if (fresh.length > 2000) fresh.shift();
        }
      } else if (op === "read") {
        answer = await request(base, "GET", `/v1/gateway/${links.pick()}`, {});
      } else if (op === "list") {
        const variants = ["?limit=20", "?limit=20&include=payment_status", `?limit=20&starting_after=${links.pick()}`, "?limit=20&paid=false"];
        answer = await request(base, "GET", `/v1/gateway${variants[Math.floor(Math.random() * variants.length)]}`, key);
      } else if (op === "submit") {
        const { id, amount } = fresh.shift()!;
        const last = Math.random() < 0.5 ? "03" : String(10 + Math.floor(Math.random() * 90));
        const phone = `6700${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}${last}`;
        const address = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
        answer = await request(
          base,
          "POST",
          `/api/checkout/pay/${id}`,
          { ...json, "x-forwarded-for": address, "accept-language": "fr" },
          JSON.stringify({ country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: randomUUID() }),
        );
        if (answer.status < 300) {
          const track = (JSON.parse(answer.body) as { track_id: string }).track_id;
          tracks.push(track);
          if (last === "03") unanswered.push({ track_id: track, amount });
        }
      } else if (op === "callback") {
        const { track_id, amount } = unanswered.shift()!;
        const raw = JSON.stringify({
          event_id: randomUUID(),
          reference: `SBX-${randomUUID()}`,
          track_id,
          status: "success",
          amount,
          currency: "XAF",
          timestamp: Math.floor(Date.now() / 1000),
        });
        const t = Math.floor(Date.now() / 1000);
        const signature = `t=${t},v1=${createHmac("sha256", callbackSecret).update(`${t}.${raw}`).digest("hex")}`;
        answer = await request(base, "POST", "/api/providers/sandbox/callback", { ...json, "x-kola-signature": signature }, raw);
      } else {
        const track = tracks.pick()!;
        answer =
          Math.random() < 0.5
            ? await request(base, "GET", `/v1/deposits/${track}`, key)
            : await request(base, "GET", `/v1/api/deposit/get_transaction?track_id=${track}`, key);
      }
      s.statuses[answer.status] = (s.statuses[answer.status] ?? 0) + 1;
      if (answer.status >= 300) s.non2xx++;
    } catch {
      s.errors++;
    }
    s.latencies.push(performance.now() - started);
  }

  const startedAt = Date.now();
  const end = startedAt + seconds * 1000;
  let lastTick = 0;
  const ticker = setInterval(() => {
    const second = Math.round((Date.now() - startedAt) / 1000);
    if (second > lastTick) {
      lastTick = second;
      onTick(second);
    }
  }, 1000);
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) await once(choose());
      }),
    );
  } finally {
    clearInterval(ticker);
  }
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10 : 0;
  };
  return Object.fromEntries(
    Object.entries(stats).map(([op, s]) => [
      op,
      { requests: s.requests, non2xx: s.non2xx, errors: s.errors, statuses: s.statuses, p50_ms: pct(s.latencies, 50), p99_ms: pct(s.latencies, 99) },
    ]),
  );
}

// ---- one database ----

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  await admin.unsafe(`drop database if exists ${PG_NAME} with (force)`);
  await admin.unsafe(`create database ${PG_NAME}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_NAME}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${PG_NAME} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

async function soak(database: Database, seconds: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kola-soak-${database}-`));
  const probeDir = path.join(dataDir, "probe");
  fs.mkdirSync(probeDir);
  const heapDir = path.join(RESULTS, "heap", `${database}-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  if (SNAPSHOTS.length) fs.mkdirSync(heapDir, { recursive: true });
  const pg = database === "postgres" ? await freshDatabase() : null;
  const callbackSecret = randomBytes(32).toString("hex");
  const nodeOptions = [
    process.env.NODE_OPTIONS ?? "",
    `--import=${path.join(ROOT, "bench", "memory-probe.mjs")}`,
    SNAPSHOTS.length ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${heapDir}` : "",
    process.env.BENCH_SERVER_NODE_OPTIONS ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url ?? "",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "1", // each submit comes from a buyer address of its own (X-Forwarded-For)
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PROVIDER_CALLBACK_SECRET: callbackSecret,
    BENCH_PROBE_DIR: probeDir,
    BENCH_PROBE_MS: "5000",
    ...(pg ? { WEB_CONCURRENCY: String(WORKERS) } : {}),
  };
  let server: KolaServer | undefined;
  const samples: Sample[] = [];
  try {
    const account = await createAccount(env, { email: "soak@kola.test", password: "soak-password-1234", business: "Boutique Soak", country: "CMR" });
    // the probe is for the server only (not the admin CLI above)
    server = await startServer({ env: { ...env, NODE_OPTIONS: nodeOptions }, logFile: path.join(dataDir, "server.log"), startScript: true });
    const running = server;
    await new Promise((r) => setTimeout(r, 5_000)); // settled after start: its background loops have run once
    const atStart = sample(running, probeDir, 0);
    samples.push(...atStart);
    console.log(`  ${database}: at start  ${atStart.map(describe).join("; ")}`);
    console.log(`  ${database}: ${seconds} s of mixed load, ${CONNECTIONS} connections…`);
    const snapshotsDue = [...SNAPSHOTS];
    let nextReport = REPORT_MS / 1000;
    const cpuBefore = cpuSeconds(running.pid);
    const result = await runLoad(running.baseURL, account.api_key, callbackSecret, seconds, (second) => {
      if (snapshotsDue.length && second >= snapshotsDue[0]!) {
        snapshotsDue.shift();
        for (const pid of childrenOf(running.pid)) process.kill(pid, "SIGUSR2");
        console.log(`  ${database}: ${second} s  heap snapshot asked of ${childrenOf(running.pid).join(", ")}`);
      }
      if (REPORT_MS && second >= nextReport) {
        nextReport += REPORT_MS / 1000; // a tick late (a busy machine) still reports, once
        const now = sample(running, probeDir, second);
        samples.push(...now);
        console.log(`  ${database}: ${String(second).padStart(4)} s  ${now.map(describe).join("; ")}`);
      }
    });
    const cpu = cpuSeconds(running.pid) - cpuBefore;
    await new Promise((r) => setTimeout(r, 1_000));
    const atEnd = sample(running, probeDir, seconds);
    samples.push(...atEnd);
    console.log(`  ${database}: at end    ${atEnd.map(describe).join("; ")}`);
    const peaks = new Map<number, number>();
    for (const s of samples) peaks.set(s.pid, Math.max(peaks.get(s.pid) ?? 0, s.rss_mb));
    const requests = Object.values(result).reduce((sum, r) => sum + r.requests, 0);
    const cpu_ms_per_request = requests ? Math.round((cpu * 1000 * 100) / requests) / 100 : 0;
    return { database, seconds, workers: pg ? WORKERS : 1, cpu_ms_per_request, result, samples, at_start: atStart, at_end: atEnd, peak_mb: Object.fromEntries(peaks) };
  } finally {
    await server?.stop(30_000);
    await pg?.drop().catch((error: unknown) => console.log(`could not drop ${PG_NAME}: ${(error as Error).message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  assertBuilt();
  console.log(
    `Kola memory soak: ${CONNECTIONS} connections, mix ${MIX.map(([op, w]) => `${op} ${w}%`).join(", ")}; PostgreSQL ${SECONDS} s with ${WORKERS} workers, ` +
      `PGlite ${PGLITE_SECONDS} s; ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, commit ${gitCommit()}` +
      (process.env.BENCH_SERVER_NODE_OPTIONS ? `, server NODE_OPTIONS ${process.env.BENCH_SERVER_NODE_OPTIONS}` : ""),
  );
  const loadBefore = os.loadavg();
  const runs = [];
  for (const database of DATABASES) {
    const seconds = database === "postgres" ? SECONDS : PGLITE_SECONDS;
    if (!seconds) continue;
    console.log(`${database}…`);
    runs.push(await soak(database, seconds));
  }
  console.log("");
  for (const run of runs) {
    const totals = Object.values(run.result).reduce((a, s) => ({ requests: a.requests + s.requests, non2xx: a.non2xx + s.non2xx, errors: a.errors + s.errors }), {
      requests: 0,
      non2xx: 0,
      errors: 0,
    });
    console.log(
      `${run.database}: ${totals.requests} requests in ${run.seconds} s (${Math.round(totals.requests / run.seconds)}/s), non-2xx ${totals.non2xx}, errors ${totals.errors}, ` +
        `server CPU ${run.cpu_ms_per_request} ms per request`,
    );
    console.table(
      Object.entries(run.result).map(([op, s]) => ({ operation: op, requests: s.requests, "non-2xx": s.non2xx, errors: s.errors, statuses: JSON.stringify(s.statuses), "p50 ms": s.p50_ms, "p99 ms": s.p99_ms })),
    );
    const target = run.database === "postgres" ? 250 : 300;
    for (const end of run.at_end) {
      const start = run.at_start.find((s) => s.pid === end.pid);
      console.log(
        `${run.database} ${end.role} ${end.pid}: RSS at start ${start?.rss_mb ?? "?"} MB, after ${run.seconds} s ${end.rss_mb} MB, peak ${run.peak_mb[end.pid]} MB` +
          (end.role === "worker" ? ` (target ≤ ${target})` : ""),
      );
    }
  }
  const loadAfter = os.loadavg();
  console.log(`load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadAfter.map((n) => n.toFixed(2)).join(" ")}`);
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `soak-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ commit: gitCommit(), node: process.version, connections: CONNECTIONS, server_node_options: process.env.BENCH_SERVER_NODE_OPTIONS ?? "", loadavg_before: loadBefore, loadavg_after: loadAfter, runs }, null, 2) + "\n",
  );
  console.log(`written ${path.relative(ROOT, file)}`);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

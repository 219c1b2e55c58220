// The plans of the background jobs' queries, as they ran: each job of lib/jobs/registry.ts runs
// one round (bench/scale/job-round.ts, in the served checkout), over connections of a role of its own for which the bench database
// loads auto_explain (every statement's EXPLAIN ANALYZE with buffers, written to the PostgreSQL
// server's log); a marker statement before each job says whose the plans after it are. The log is
// read from BENCH_PG_LOG (default /var/log/postgresql/postgresql-<major>-main.log).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type postgres from "postgres";

export type PlanSummary = {
  job: string;
  statement: number;
  query: string;
  ms: number;
  /** shared buffers hit + read by the whole statement */
  buffers: number;
  rows: number;
  top: string;
  /** every scan of the plan: node, table/index, rows it returned */
  scans: string;
};

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

const MARKER = "kola_scale_job_marker";

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

function describe(node: PlanNode): string {
  const on = (node["Index Name"] as string | undefined) ?? (node["Relation Name"] as string | undefined) ?? "";
  return `${node["Node Type"] as string}${on ? ` ${on}` : ""}`;
}

/** The auto_explain entries of `text` (one log's new part), as plans in their order. */
function parseLog(text: string): { query: string; ms: number; plan: PlanNode }[] {
  const entries: string[] = [];
  for (const line of text.split("\n")) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) entries.push(line);
    else if (entries.length) entries[entries.length - 1] += "\n" + line;
  }
  const out: { query: string; ms: number; plan: PlanNode }[] = [];
  for (const entry of entries) {
    const m = /LOG:\s+duration: ([\d.]+) ms\s+plan:\n([\s\S]*)$/.exec(entry);
    if (!m) continue;
    try {
      const parsed = JSON.parse(m[2]!) as { "Query Text": string; Plan: PlanNode };
      out.push({ query: parsed["Query Text"], ms: Number(m[1]), plan: parsed.Plan });
    } catch {
      // a plan cut by the log's line limit: skipped
    }
  }
  return out;
}

/**
 * Runs one round of every job against `databaseUrl` as a fresh role with auto_explain on and
 * returns the plans of the statements each ran (null when the log cannot be read).
 */
export async function jobPlans(admin: postgres.Sql, databaseName: string, databaseUrl: string, label: string, root: string): Promise<PlanSummary[] | null> {
  const [{ server_version_num: version }] = (await admin`select current_setting('server_version_num') as server_version_num`) as unknown as [{ server_version_num: string }];
  const logFile = process.env.BENCH_PG_LOG || `/var/log/postgresql/postgresql-${Math.floor(Number(version) / 10000)}-main.log`;
  try {
    fs.accessSync(logFile, fs.constants.R_OK);
  } catch {
    console.log(`  job plans skipped: cannot read the PostgreSQL log ${logFile} (set BENCH_PG_LOG)`);
    return null;
  }
  const role = `${databaseName}_jobs`;
  await admin.unsafe(`drop role if exists ${role}`);
  await admin.unsafe(`create role ${role} login superuser`);
  try {
    for (const setting of [
      "session_preload_libraries = 'auto_explain'",
      "auto_explain.log_min_duration = 0",
      "auto_explain.log_analyze = on",
      "auto_explain.log_buffers = on",
      "auto_explain.log_timing = on",
      "auto_explain.log_nested_statements = on",
      "auto_explain.log_format = json",
      "auto_explain.log_level = log",
    ]) {
      await admin.unsafe(`alter role ${role} in database ${databaseName} set ${setting}`);
    }
    const url = new URL(databaseUrl);
    url.username = role;
    const start = fs.statSync(logFile).size;
    const order = await runJobRounds(url.toString(), root);
    await new Promise((r) => setTimeout(r, 500)); // the log written
    const fd = fs.openSync(logFile, "r");
    const size = fs.statSync(logFile).size;
    const buffer = Buffer.alloc(size - start);
    fs.readSync(fd, buffer, 0, buffer.length, start);
    fs.closeSync(fd);
    const summaries: PlanSummary[] = [];
    let job: string | null = null;
    let statement = 0;
    for (const { query, ms, plan } of parseLog(buffer.toString("utf8"))) {
      const marker = new RegExp(`'${MARKER}:([a-z-]+)'`).exec(query);
      if (marker) {
        job = marker[1]!;
        statement = 0;
        continue;
      }
      if (!job || !order.includes(job)) continue;
      let buffers = 0;
      const scans: string[] = [];
      walk(plan, (n) => {
        if (/Scan/.test(String(n["Node Type"])) && (n["Relation Name"] || n["Index Name"])) scans.push(`${describe(n)} (${String(n["Actual Rows"])} rows)`);
      });
      buffers = Number(plan["Shared Hit Blocks"] ?? 0) + Number(plan["Shared Read Blocks"] ?? 0);
      summaries.push({
        job,
        statement: ++statement,
        query: query.replace(/\s+/g, " ").trim().slice(0, 160),
        ms: Math.round(ms * 100) / 100,
        buffers,
        rows: Number(plan["Actual Rows"] ?? 0),
        top: describe(plan),
        scans: scans.join("; "),
      });
    }
    console.log(`  job plans (${label}): ${summaries.length} statements of ${order.length} jobs`);
    return summaries;
  } finally {
    await admin.unsafe(`drop role if exists ${role}`).catch(() => {});
  }
}

/** One round of each job (bench/scale/job-round.ts, run in `root`), on `url`. Returns the jobs' names in order. */
function runJobRounds(url: string, root: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(import.meta.dirname, "job-round.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => {
      if (err.trim()) console.log(`  job rounds said: ${err.trim().slice(0, 600)}`);
      if (code === 0) resolve(out.split("\n").filter(Boolean));
      else reject(new Error(`the job rounds exited ${code}: ${err.slice(0, 1000)}`));
    });
  });
}

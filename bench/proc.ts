import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// What the benchmarks read of a server's processes in /proc (Linux): its process tree, their memory
// and the CPU time they used; and the commit measured. bench:api and bench:soak both use these.

/** The direct children of `pid`. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const task of tasks) {
    try {
      const list = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (list) out.push(...list.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return out;
}

/** The server's process and its descendants (one process, or npm start's primary and its workers). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...childrenOf(out[i]!));
  return out;
}

/** A memory figure of /proc/{pid}/status in kB (0 once the process is gone). */
export function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
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

/** User + system CPU seconds used so far by these processes. */
export function cpuSecondsOf(pids: number[]): number {
  let ticks = 0;
  for (const p of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // gone
    }
  }
  return ticks / CLK_TCK;
}

/** The commit being measured, for the results file. */
export function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: path.resolve(import.meta.dirname, ".."), encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

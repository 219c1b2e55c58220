import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { wakeJob } from "@/lib/runtime/wake";
import type { Job } from "./job";
import { JOB_NAMES, jobsNamed } from "./registry";
import { runJobs, type RunningJobs } from "./run";
import { startJobs } from "./start";

// The registry of named jobs: woken by name, serial jobs one round at a time, and the names a
// worker process can be asked for.

const moneyRounds = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/money-out/round", () => ({
  processMoneyWork: async () => {
    moneyRounds.count++;
    return 0;
  },
}));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let running: RunningJobs[] = [];
afterEach(async () => {
  await Promise.all(running.map((run) => run.stop()));
  running = [];
});

describe("the registry", () => {
  it("declares every job once, by name", () => {
    expect([...JOB_NAMES].sort()).toEqual(["expiry-sweeper", "invoice-reminders", "money-out", "notifier", "reconciler", "request-push", "retention", "webhook-delivery", "webhook-dispatch"]);
  });

  it("runs a started job's round now when woken by name, and later when woken from anywhere (wakeJob)", async () => {
    const jobs = startJobs(["money-out"]);
    const twice = startJobs(["money-out"]); // a job runs once per process: this start has nothing to run
    running.push(jobs, twice);
    twice.wake("money-out");
    await pause(50);
    expect(moneyRounds.count).toBe(0); // its first round comes after 3 s
    jobs.wake("money-out");
    await vi.waitFor(() => expect(moneyRounds.count).toBe(1), { timeout: 1_000 });
    wakeJob("money-out");
    await pause(100);
    expect(moneyRounds.count).toBe(1); // 250 ms later
    await vi.waitFor(() => expect(moneyRounds.count).toBe(2), { timeout: 1_000 });
  });

  it("runs the rounds of serial jobs one at a time, the others beside them", async () => {
    let inSerial = 0;
    let most = 0;
    let beside = 0;
    const serial = (name: Job["name"]): Job => ({
      name,
      label: name,
      every: () => 1,
      immediate: true,
      serial: true,
      work: async () => {
        most = Math.max(most, ++inSerial);
        await pause(5);
        inSerial--;
      },
    });
    const free: Job = { name: "notifier", label: "notifier", every: () => 1, immediate: true, work: async () => void beside++ };
    running.push(runJobs([serial("expiry-sweeper"), serial("reconciler"), serial("money-out"), free]));
    await pause(100);
    expect(most).toBe(1);
    expect(beside).toBeGreaterThan(5);
  });

  it("calls every round with no argument: a serial job never receives the result of the round before it", async () => {
    // processMoneyWork(now = new Date()) once took the previous round's count as its `now`
    const given: unknown[][] = [];
    const job = (name: Job["name"]): Job => ({
      name,
      label: name,
      every: () => 1,
      immediate: true,
      serial: true,
      work: async (...args: unknown[]) => {
        given.push(args);
        return 7;
      },
    });
    running.push(runJobs([job("money-out"), job("reconciler")]));
    await vi.waitFor(() => expect(given.length).toBeGreaterThan(6), { timeout: 1_000 });
    expect(given.filter((args) => args.length > 0)).toEqual([]);
  });

  it("refuses an unknown name in a worker's selection, listing the names", () => {
    expect(jobsNamed(["notifier", "money-out", "notifier"])).toEqual(["notifier", "money-out"]);
    expect(() => jobsNamed(["notifier", "payouts"])).toThrow(`unknown job "payouts": the jobs are ${JOB_NAMES.join(", ")}`);
  });

  it("`npm run worker -- <unknown>` exits 2 and says which jobs there are", async () => {
    const run = promisify(execFile)("npx", ["tsx", "--conditions=react-server", "scripts/worker.ts", "webhooks"], { env: { ...process.env, DATABASE_URL: "" } });
    const failure = (await run.then(() => null, (error: unknown) => error)) as { code: number; stderr: string } | null;
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain(`worker: unknown job "webhooks": the jobs are ${JOB_NAMES.join(", ")}`);
  }, 30_000);
});

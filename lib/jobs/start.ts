import { log } from "@/lib/runtime/log";
import type { JobName } from "@/lib/runtime/wake";
import type { Job } from "./job";
import { JOBS } from "./registry";
import { runJobs, type RunningJobs } from "./run";

// The process's jobs run once: a name already running here is not started twice.
const running = new Set<JobName>();

/** Starts the named jobs of the registry in this process; the process's owner stops them. */
export function startJobs(names: readonly JobName[]): RunningJobs {
  const jobs = JOBS.filter((job) => names.includes(job.name) && !running.has(job.name));
  for (const job of jobs) running.add(job.name);
  const run = runJobs(jobs);
  announce(jobs);
  return {
    wake: run.wake,
    stop: async () => {
      await run.stop();
      for (const job of jobs) running.delete(job.name);
    },
  };
}

/** One log line per family started (background work, webhook worker, notifier), as before. */
function announce(jobs: readonly Job[]): void {
  const said = new Set<string>();
  for (const { announce } of jobs) {
    if (!announce || said.has(announce.message)) continue;
    said.add(announce.message);
    log("info", announce.message, announce.fields?.());
  }
}

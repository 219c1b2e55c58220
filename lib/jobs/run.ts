import { onWakeJob, type JobName } from "@/lib/runtime/wake";
import type { Job } from "./job";
import { runLoop, type Loop } from "./loop";

export type RunningJobs = {
  /** runs the next round of the named job now, if it runs here (a pause is cut short) */
  wake: (name: JobName) => void;
  /** no more rounds; resolves when the rounds under way have ended */
  stop: () => Promise<void>;
};

/**
 * Runs `jobs` until stopped, each as loops of its own (backoff on repeated errors, woken when the
 * database is back: lib/jobs/loop.ts); wakeJob(name) from anywhere in the process wakes them too.
 * Serial jobs share one queue: their rounds never overlap.
 */
export function runJobs(jobs: readonly Job[]): RunningJobs {
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const round = queue.then(() => task()); // never `then(task)`: the round before's result would be its argument
    queue = round.catch(() => {});
    return round;
  };
  const loops = new Map<JobName, Loop[]>();
  const wake = (name: JobName) => {
    for (const loop of loops.get(name) ?? []) loop.kick();
  };

  for (const job of jobs) {
    const work = job.serial ? () => oneAtATime(() => job.work()) : () => job.work();
    const again = (result: unknown) => {
      const more = job.again?.(result) ?? false;
      if (more && job.wakes) wake(job.wakes);
      return more;
    };
    const every = job.every();
    const copies = job.copies?.() ?? 1;
    loops.set(
      job.name,
      Array.from({ length: copies }, () => runLoop({ name: job.label, every, work, again, immediate: job.immediate })),
    );
  }
  const unlisten = onWakeJob(wake);

  return {
    wake,
    stop: async () => {
      unlisten();
      await Promise.all([...loops.values()].flat().map((loop) => loop.stop()));
    },
  };
}

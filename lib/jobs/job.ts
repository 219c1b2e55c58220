import type { JobName } from "@/lib/runtime/wake";

/** A background job: one round of work, repeated by a loop (lib/jobs/loop.ts) while the process runs it. */
export type Job<T = unknown> = {
  name: JobName;
  /** what the log calls it ("expiry sweeper failed: backing off until it works again") */
  label: string;
  /** the pause after a round that worked, in ms; read when the job starts */
  every: () => number;
  /** one round */
  work: () => Promise<T>;
  /** true: there is more to do, the next round runs at once */
  again?(result: T): boolean;
  /** the first round runs at once (default: after `every`) */
  immediate?: boolean;
  /** how many loops run it side by side (the webhook delivery lanes); one unless said */
  copies?: () => number;
  /** its rounds run one at a time with the other serial jobs of the same start (the payment jobs) */
  serial?: boolean;
  /** a round with more to do wakes this job of the same start too (the dispatcher its delivery lanes) */
  wakes?: JobName;
  /** said once when it starts, shared by the jobs of one family (the log line is kept as it was) */
  announce?: { message: string; fields?: () => Record<string, unknown> };
};

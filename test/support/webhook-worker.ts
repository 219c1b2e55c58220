import { drainWebhooks, type WorkerOptions } from "@/lib/webhooks/rounds";
import { runJobs, type RunningJobs } from "@/lib/jobs/run";
import { webhookJobs } from "@/lib/jobs/webhook-jobs";
import { deliveriesOf, until } from "./webhooks";

export type WebhookWorker = {
  /** dispatches and delivers until nothing is due now (tests, scripts); returns the attempts made */
  drain: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

/** The webhook jobs with settings of their own, outside the registry's start: tests and the bench. */
export function createWebhookWorker(options: WorkerOptions = {}): WebhookWorker {
  let run: RunningJobs | null = null;
  return {
    drain: () => drainWebhooks(options),
    start() {
      run ??= runJobs(webhookJobs(options));
    },
    async stop() {
      const stopping = run;
      run = null;
      await stopping?.stop();
    },
  };
}

/** Runs `count` workers with `options` until every delivery of the endpoint has succeeded, then stops them. */
export async function deliverWithWorkers(endpointId: string, options: WorkerOptions, count = 2): Promise<void> {
  const workers = Array.from({ length: count }, () => createWebhookWorker(options));
  workers.forEach((w) => w.start());
  try {
    await until(async () => (await deliveriesOf(endpointId)).every((d) => d.status === "succeeded"));
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}

import { log } from "@/lib/runtime/log";
import { runLoop, type Loop } from "@/lib/jobs/loop";
import { claimBatch, defaultDeliveryOptions, deliverBatch, type DeliveryOptions } from "./deliver";
import { dispatchOutbox } from "./dispatch";
import { urlPolicy, workerLanes } from "./settings";

// The webhook worker: a dispatcher that fans the outbox out into deliveries, and delivery lanes that
// each claim one endpoint's batch at a time. It runs inside the server process (lib/server/start.ts)
// or on its own (`npm run worker`); any number of them may run against one PostgreSQL database.

export type WorkerOptions = Partial<DeliveryOptions> & {
  lanes?: number;
  /** how often the outbox is looked at (new events) */
  dispatchEveryMs?: number;
  /** how long an idle lane waits before looking for due retries, unless woken earlier */
  idleMs?: number;
};

export type WebhookWorker = {
  /** dispatches and delivers until nothing is due now (tests, scripts); returns the attempts made */
  drain: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

// Lanes of this process sleep until woken: after the dispatcher wrote deliveries, or when the API
// queued a test event or a resend.
const wakers = new Set<() => void>();
export function wakeWebhookWorkers(): void {
  for (const wake of [...wakers]) wake();
}

export function createWebhookWorker(options: WorkerOptions = {}): WebhookWorker {
  const settings = (): DeliveryOptions => ({ ...defaultDeliveryOptions(urlPolicy()), ...definedOnly(options) });
  const lanes = options.lanes ?? workerLanes();
  let loops: Loop[] = [];

  async function deliverOnce(): Promise<number | null> {
    const current = settings();
    const claim = await claimBatch(current);
    return claim ? deliverBatch(claim, current) : null;
  }

  async function drain(): Promise<number> {
    let attempts = 0;
    for (;;) {
      let dispatched = 0;
      for (let n = (await dispatchOutbox()).events; n > 0; n = (await dispatchOutbox()).events) dispatched += n;
      let worked = false;
      for (let n = await deliverOnce(); n !== null; n = await deliverOnce()) {
        attempts += n;
        worked = true;
      }
      if (!dispatched && !worked) return attempts;
    }
  }

  // the outbox dispatcher and the delivery lanes: loops with backoff on repeated errors (lib/jobs/loop.ts)
  const dispatcher = () =>
    runLoop({
      name: "webhook dispatch",
      every: options.dispatchEveryMs ?? 200,
      immediate: true,
      work: async () => {
        const { deliveries } = await dispatchOutbox();
        if (deliveries > 0) wakeWebhookWorkers();
        return deliveries;
      },
      again: (deliveries) => deliveries > 0,
    });
  const lane = () =>
    runLoop({
      name: "webhook delivery",
      every: options.idleMs ?? 1_000,
      immediate: true,
      work: deliverOnce,
      again: (attempts) => attempts !== null,
    });

  return {
    drain,
    start() {
      if (loops.length) return;
      loops = [dispatcher(), ...Array.from({ length: lanes }, () => lane())];
      for (const loop of loops) wakers.add(loop.kick);
    },
    async stop() {
      const stopping = loops;
      loops = [];
      for (const loop of stopping) wakers.delete(loop.kick);
      await Promise.all(stopping.map((loop) => loop.stop()));
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const store = globalThis as unknown as { __kolaWebhookWorker?: WebhookWorker };

/** Starts this process's webhook worker, once; the server stops it on SIGTERM/SIGINT (in-flight attempts finish). */
export function startWebhookWorker(options: WorkerOptions = {}): WebhookWorker {
  if (store.__kolaWebhookWorker) return store.__kolaWebhookWorker;
  const worker = createWebhookWorker(options);
  const stop = worker.stop;
  worker.stop = async () => {
    store.__kolaWebhookWorker = undefined;
    await stop();
  };
  worker.start();
  store.__kolaWebhookWorker = worker;
  log("info", "webhook worker started", { lanes: options.lanes ?? workerLanes() });
  return worker;
}

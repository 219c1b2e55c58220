import { log } from "@/lib/log";
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

function pause(ms: number, stopped: () => boolean): Promise<void> {
  if (stopped()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakers.add(done);
  });
}

export function createWebhookWorker(options: WorkerOptions = {}): WebhookWorker {
  const settings = (): DeliveryOptions => ({ ...defaultDeliveryOptions(urlPolicy()), ...definedOnly(options) });
  const lanes = options.lanes ?? workerLanes();
  let stopped = true;
  let loops: Promise<void>[] = [];

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

  async function dispatcher(): Promise<void> {
    while (!stopped) {
      try {
        const { deliveries } = await dispatchOutbox();
        if (deliveries > 0) wakeWebhookWorkers();
        if (deliveries > 0) continue;
      } catch (error) {
        log("error", "webhook dispatch failed", { error });
      }
      await pause(options.dispatchEveryMs ?? 200, () => stopped);
    }
  }

  async function lane(): Promise<void> {
    while (!stopped) {
      try {
        if ((await deliverOnce()) !== null) continue;
      } catch (error) {
        log("error", "webhook delivery failed", { error });
      }
      await pause(options.idleMs ?? 1_000, () => stopped);
    }
  }

  return {
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      loops = [dispatcher(), ...Array.from({ length: lanes }, () => lane())];
    },
    async stop() {
      stopped = true;
      wakeWebhookWorkers();
      await Promise.all(loops);
      loops = [];
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

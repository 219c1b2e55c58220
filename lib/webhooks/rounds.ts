import { claimBatch, defaultDeliveryOptions, deliverBatch, type DeliveryOptions } from "./deliver";
import { dispatchOutbox } from "./dispatch";
import { urlPolicy } from "./settings";

// The rounds of webhook delivery: the dispatcher's, which fans the outbox out into deliveries, and a
// delivery lane's, which claims one endpoint's batch at a time. The loops that repeat them (in the
// server process or in `npm run worker`) are lib/jobs' (registry.ts, webhook-jobs.ts); any number
// of processes may run them against one PostgreSQL database.

export type WorkerOptions = Partial<DeliveryOptions> & {
  lanes?: number;
  /** how often the outbox is looked at (new events) */
  dispatchEveryMs?: number;
  /** how long an idle lane waits before looking for due retries, unless woken earlier */
  idleMs?: number;
};

/** One dispatcher round: the outbox's new events become deliveries; how many deliveries it wrote. */
export async function dispatchRound(): Promise<number> {
  return (await dispatchOutbox()).deliveries;
}

/** One lane's round: the attempts made on one endpoint's claimed batch, null when nothing is due. */
export async function deliveryRound(options: WorkerOptions = {}): Promise<number | null> {
  const current: DeliveryOptions = { ...defaultDeliveryOptions(urlPolicy()), ...definedOnly(options) };
  const claim = await claimBatch(current);
  return claim ? deliverBatch(claim, current) : null;
}

/** Dispatches and delivers until nothing is due now (tests, scripts); returns the attempts made. */
export async function drainWebhooks(options: WorkerOptions = {}): Promise<number> {
  let attempts = 0;
  for (;;) {
    let dispatched = 0;
    for (let n = (await dispatchOutbox()).events; n > 0; n = (await dispatchOutbox()).events) dispatched += n;
    let worked = false;
    for (let n = await deliveryRound(options); n !== null; n = await deliveryRound(options)) {
      attempts += n;
      worked = true;
    }
    if (!dispatched && !worked) return attempts;
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

import { checkDeliveryOptions, claimBatch, defaultDeliveryOptions, deliverBatch, type Claim, type DeliveryOptions } from "./deliver";
import { dispatchOutbox } from "./dispatch";
import { processInFlight, urlPolicy } from "./settings";
import { createSlots, type Slots } from "./slots";

// The rounds of webhook delivery: the dispatcher's, which fans the outbox out into deliveries, and a
// delivery lane's, which delivers to one endpoint at a time, several requests at once (deliver.ts).
// The loops that repeat them (in the server process or in `npm run worker`) are lib/jobs'
// (registry.ts, webhook-jobs.ts); any number of processes may run them against one PostgreSQL
// database.

export type WorkerOptions = Partial<DeliveryOptions> & {
  lanes?: number;
  /** requests the process has in flight at once, all lanes together (KOLA_WEBHOOK_IN_FLIGHT) */
  inFlight?: number;
  /** how often the outbox is looked at (new events) */
  dispatchEveryMs?: number;
  /** how long an idle lane waits before looking for due retries, unless woken earlier */
  idleMs?: number;
};

/** One dispatcher round: the outbox's new events become deliveries; how many deliveries it wrote. */
export async function dispatchRound(): Promise<number> {
  return (await dispatchOutbox()).deliveries;
}

/** The in-flight slots lanes of one process share. */
export function deliverySlots(options: WorkerOptions = {}): Slots {
  return createSlots(options.inFlight ?? processInFlight());
}

/**
 * One lane's round: the attempts made on one endpoint's deliveries, null when nothing is due. It
 * waits for a free slot of the process first, and takes as many as the endpoint's window allows.
 */
export async function deliveryRound(options: WorkerOptions = {}, slots: Slots = deliverySlots(options)): Promise<number | null> {
  // refused before anything is claimed: a lease shorter than an attempt would let two lanes send it
  const current: DeliveryOptions = checkDeliveryOptions({ ...defaultDeliveryOptions(urlPolicy()), ...definedOnly(options) });
  await slots.free();
  const taken = slots.take(Math.min(current.endpointInFlight, current.batchSize));
  let claim: Claim | null = null;
  try {
    claim = await claimBatch(current, taken);
  } finally {
    slots.give(taken - (claim?.deliveries.length ?? 0));
  }
  return claim ? deliverBatch(claim, current, slots) : null;
}

/** Dispatches and delivers until nothing is due now (tests, scripts); returns the attempts made. */
export async function drainWebhooks(options: WorkerOptions = {}): Promise<number> {
  const slots = deliverySlots(options);
  let attempts = 0;
  for (;;) {
    let dispatched = 0;
    for (let n = (await dispatchOutbox()).events; n > 0; n = (await dispatchOutbox()).events) dispatched += n;
    let worked = false;
    for (let n = await deliveryRound(options, slots); n !== null; n = await deliveryRound(options, slots)) {
      attempts += n;
      worked = true;
    }
    if (!dispatched && !worked) return attempts;
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

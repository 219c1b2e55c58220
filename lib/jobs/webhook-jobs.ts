import { deliveryRound, deliverySlots, dispatchRound, type WorkerOptions } from "@/lib/webhooks/rounds";
import { workerLanes } from "@/lib/webhooks/settings";
import type { Job } from "./job";

const announce = (options: WorkerOptions) => ({ message: "webhook worker started", fields: () => ({ lanes: options.lanes ?? workerLanes() }) });

/**
 * Webhook delivery as two jobs: the dispatcher (every 200 ms, at once again while it finds events,
 * waking the lanes when it wrote deliveries) and the delivery lanes (KOLA_WORKER_LANES loops, each
 * one endpoint at a time with several requests in flight, idle for a second unless woken), which
 * share the process's KOLA_WEBHOOK_IN_FLIGHT slots. Tests pass their own settings.
 */
export function webhookJobs(options: WorkerOptions = {}): Job[] {
  const slots = deliverySlots(options);
  const dispatch: Job<number> = {
    name: "webhook-dispatch",
    label: "webhook dispatch",
    every: () => options.dispatchEveryMs ?? 200,
    immediate: true,
    work: dispatchRound,
    again: (deliveries) => deliveries > 0,
    wakes: "webhook-delivery",
    announce: announce(options),
  };
  const delivery: Job<number | null> = {
    name: "webhook-delivery",
    label: "webhook delivery",
    every: () => options.idleMs ?? 1_000,
    immediate: true,
    copies: () => options.lanes ?? workerLanes(),
    work: () => deliveryRound(options, slots),
    again: (attempts) => attempts !== null,
    announce: announce(options),
  };
  return [dispatch, delivery];
}

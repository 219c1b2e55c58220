// Waking a background job of this process by its name (lib/jobs/registry.ts runs them), from
// anywhere: a request that recorded a payout asks the money-out job to look now rather than at its
// next tick. Next.js runs route handlers in bundles of their own, each with its own copy of every
// module, beside the server's bundle that runs the jobs: module state is not shared between them,
// so the signal goes through a named BroadcastChannel, which reaches every copy in the process.

/** The names of the process's background jobs. */
export type JobName = "expiry-sweeper" | "reconciler" | "money-out" | "request-push" | "webhook-dispatch" | "webhook-delivery" | "notifier" | "invoice-reminders" | "retention";

const CHANNEL = "kola:wake-job";

/** A request's rows are committed by then, usually; rows the job cannot see yet wait for its next tick. */
const WAKE_DELAY_MS = 250;

let poster: BroadcastChannel | undefined;
let listening: BroadcastChannel | undefined;
const listeners = new Set<(name: JobName) => void>();

/**
 * Asks the job `name` to run a round now, best effort, 250 ms from now. A channel never delivers
 * to the object that posts, so the jobs of this very module copy listen on a second one; either
 * way the message is handled in the listener's own async context, never in the caller's: the round
 * runs outside the request's transaction. Without jobs running in the process, nobody listens.
 */
export function wakeJob(name: JobName): void {
  setTimeout(() => {
    poster ??= unref(new BroadcastChannel(CHANNEL));
    poster.postMessage(name);
  }, WAKE_DELAY_MS).unref();
}

/** Hears every wakeJob of the process (the running jobs, lib/jobs/run.ts); returns how to stop. */
export function onWakeJob(listener: (name: JobName) => void): () => void {
  if (!listening) {
    listening = unref(new BroadcastChannel(CHANNEL));
    listening.onmessage = (event) => {
      for (const heard of [...listeners]) heard((event as MessageEvent<JobName>).data);
    };
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size || !listening) return;
    listening.close();
    listening = undefined;
  };
}

// a channel open must never keep the process alive (a script, a test, a server stopping)
function unref(channel: BroadcastChannel): BroadcastChannel {
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  return channel;
}

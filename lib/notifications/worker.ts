import { log } from "@/lib/runtime/log";
import { runLoop } from "@/lib/jobs/loop";
import { fanOutNotifications } from "./fan-out";
import { sendDueNotifications, tidyNotifications } from "./send";

// The notifier: in the server process beside the webhook worker, or in `npm run worker`;
// any number may run on one PostgreSQL database (sources and mails are claimed with SKIP LOCKED).
// It runs after the payment's own transaction, on its own: a mail never holds a payment up.

/** Writes and sends every mail due now (tests, scripts); how many sources and mails it handled. */
export async function drainNotifications(): Promise<{ sources: number; mails: number }> {
  let sources = 0;
  let mails = 0;
  for (let n = await fanOutNotifications(); n > 0; n = await fanOutNotifications()) sources += n;
  for (let n = await sendDueNotifications(); n > 0; n = await sendDueNotifications()) mails += n;
  return { sources, mails };
}

type Notifier = { stop: () => Promise<void> };
const store = globalThis as unknown as { __kolaNotifier?: Notifier };

/**
 * Starts this process's notifier, once: every second, the new events' mails; every minute, the
 * tidy-up. A loop with backoff on repeated errors (lib/jobs/loop.ts).
 */
export function startNotifier(everyMs = 1_000): Notifier {
  if (store.__kolaNotifier) return store.__kolaNotifier;
  let ticks = 0;
  const loop = runLoop({
    name: "notifier",
    every: everyMs,
    work: async () => {
      await drainNotifications();
      if (ticks++ % 60 === 0) await tidyNotifications();
    },
  });
  const notifier: Notifier = {
    stop: async () => {
      await loop.stop();
      store.__kolaNotifier = undefined;
    },
  };
  store.__kolaNotifier = notifier;
  log("info", "notifier started");
  return notifier;
}

import { fanOutNotifications } from "./fan-out";
import { sendDueNotifications, tidyNotifications } from "./send";

// The notifier's round, repeated by lib/jobs (registry.ts) in the server process beside the webhook
// delivery, or in `npm run worker`; any number may run on one PostgreSQL database (sources and mails
// are claimed with SKIP LOCKED). It runs after the payment's own transaction, on its own: a mail
// never holds a payment up.

/** Writes and sends every mail due now (tests, scripts); how many sources and mails it handled. */
export async function drainNotifications(): Promise<{ sources: number; mails: number }> {
  let sources = 0;
  let mails = 0;
  for (let n = await fanOutNotifications(); n > 0; n = await fanOutNotifications()) sources += n;
  for (let n = await sendDueNotifications(); n > 0; n = await sendDueNotifications()) mails += n;
  return { sources, mails };
}

let rounds = 0;

/** One round (every second): the new events' mails; the first round and every 60th, the tidy-up too. */
export async function notifierRound(): Promise<void> {
  await drainNotifications();
  if (rounds++ % 60 === 0) await tidyNotifications();
}

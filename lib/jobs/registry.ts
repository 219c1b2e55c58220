import { log } from "@/lib/runtime/log";
import type { JobName } from "@/lib/runtime/wake";
import { processMoneyWork } from "@/lib/money-out/round";
import { notifierRound } from "@/lib/notifications/rounds";
import { remindInvoices } from "@/lib/invoices/reminders";
import { depositExpirySeconds } from "@/lib/runtime/config";
import { reconcilePending, sweepExpired } from "@/lib/payments/reconcile";
import { pushRequests } from "@/lib/payment-requests/push";
import { retentionRound, type RetentionRound } from "@/lib/retention/prune";
import { setting } from "@/lib/runtime/config";
import type { Job } from "./job";
import { webhookJobs } from "./webhook-jobs";

// Every background job of Kola, by name. The server starts them (lib/server/start.ts), or separate
// `npm run worker` processes do (scripts/worker.ts), by these names; wakeJob(name) wakes one.

const payments = { message: "background work started", fields: () => ({ expiry_seconds: depositExpirySeconds() }) };

/** A payment job's round: how many deposits it settled, logged when some were. */
const settling = (label: string, task: () => Promise<number>) => async () => {
  const n = await task();
  if (n) log("info", `${label} settled`, { count: n });
};

// rows past their retention deleted in small batches (lib/retention/); again at once while a batch was full
const retention: Job<RetentionRound> = {
  name: "retention",
  label: "retention",
  every: () => setting("RETENTION_EVERY_SECONDS") * 1_000,
  work: () => retentionRound(),
  again: (round) => round.more,
};

export const JOBS: readonly Job[] = [
  // pending deposits past their expiry: their provider asked, then expired or settled
  {
    name: "expiry-sweeper",
    label: "expiry sweeper",
    every: () => Math.min(5_000, depositExpirySeconds() * 250),
    work: settling("expiry sweeper", sweepExpired),
    serial: true,
    announce: payments,
  },
  // pending deposits whose callback is late: their provider asked
  { name: "reconciler", label: "reconciler", every: () => 5_000, work: settling("reconciler", reconcilePending), serial: true, announce: payments },
  // money out: held money released, payouts and refunds sent, late ones asked about; woken after each request
  { name: "money-out", label: "money-out", every: () => 3_000, work: processMoneyWork, serial: true, announce: payments },
  // requests to pay: their attempts offered to the operator, which pushes the PIN prompt; woken by each request
  { name: "request-push", label: "request push", every: () => 2_000, work: pushRequests, announce: payments },
  ...webhookJobs(),
  // notification mails; the tidy-up every 60th round
  { name: "notifier", label: "notifier", every: () => 1_000, work: notifierRound, announce: { message: "notifier started" } },
  // invoices' reminders due now, written once per step for the notifier to send
  {
    name: "invoice-reminders",
    label: "invoice reminders",
    every: () => 60_000,
    work: async () => {
      const n = await remindInvoices(new Date());
      if (n) log("info", "invoice reminders written", { count: n });
    },
    announce: { message: "invoice reminders started" },
  },
  retention,
];

export const JOB_NAMES: readonly JobName[] = JOBS.map((job) => job.name);

/** The sweeper, the reconciler, money out and request pushes (KOLA_BACKGROUND=off leaves them out). */
export const PAYMENT_JOBS: readonly JobName[] = ["expiry-sweeper", "reconciler", "money-out", "request-push"];

/** Webhook delivery, notification mails, invoice reminders and retention (KOLA_WORKER=off leaves them to `npm run worker`). */
export const DELIVERY_JOBS: readonly JobName[] = ["webhook-dispatch", "webhook-delivery", "notifier", "invoice-reminders", "retention"];

/** The jobs named on a command line; an unknown name throws, saying which names there are. */
export function jobsNamed(names: readonly string[]): JobName[] {
  const unknown = names.filter((name) => !JOB_NAMES.includes(name as JobName));
  if (unknown.length) throw new Error(`unknown job ${unknown.map((name) => `"${name}"`).join(", ")}: the jobs are ${JOB_NAMES.join(", ")}`);
  return [...new Set(names as JobName[])];
}

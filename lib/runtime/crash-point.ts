import { setting } from "./config";

// A seam for the crash tests (test/payments/crash.test.ts): a process started with
// KOLA_CRASH_POINT=<name> announces the point on stdout and stops there, inside the money path,
// until the test kills it with SIGKILL. Unset (always, outside those tests), it does nothing.

export type CrashPointName =
  | "deposit-recorded"
  // a payment page: the buyer's units reserved on the page, its deposit not yet written (one transaction)
  | "page-units-reserved"
  // an invoice: the payment's amount reserved on it, its deposit not yet written (one transaction)
  | "invoice-amount-reserved"
  // an invoice's reminder step written with its messages, the transaction not yet committed
  | "invoice-reminder-written"
  // an invoice marked overdue, its `invoice.overdue` event not yet written (one transaction)
  | "invoice-overdue-marked"
  // a provider's attempt claimed (deposit_provider_attempts), its initiation not yet sent
  | "attempt-claimed"
  // a provider took the initiation (the sandbox: its reference written), our books do not say so yet
  | "collection-requested"
  | "settlement-written"
  // a success and its customer booked (lib/customers), its event not yet written (one transaction)
  | "customer-booked"
  // a request to pay: its attempt committed, the push round about to offer it to the provider
  | "push-due"
  // an event's number taken on its deposit's row, the event not yet written (one transaction)
  | "event-sequence-claimed"
  // money out (lib/money-out): the provider took a payout or refund, nothing recorded yet
  | "disbursement-sent"
  // a seller's share: its payout and ledger entry committed, the provider not asked yet
  | "seller-payout-recorded"
  // a payout's or refund's outcome written, its ledger entry not yet (one transaction)
  | "disbursement-settled"
  // a seller payout's success: its outcome, entry and the seller's paid_out written, not committed
  | "seller-paid-out-counted"
  // notifications (lib/notifications): mails written, their source not yet marked (one transaction);
  // a mail claimed, not yet handed to the SMTP server; handed over, its outcome not yet recorded
  | "notifications-written"
  | "notification-claimed"
  | "notification-sent"
  // retention (lib/retention): a batch deleted some old rows, its transaction not committed yet
  | "retention-batch-deleted";

export async function crashPoint(name: CrashPointName): Promise<void> {
  if (setting("KOLA_CRASH_POINT") !== name) return;
  process.stdout.write(`crash-point ${name}\n`);
  await new Promise(() => {}); // never resolves: the process is killed here
}

import { and, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Lang } from "@/lib/core/languages";
import { todayIn } from "@/lib/countries/format";
import { getDb, type Tx } from "@/lib/db/client";
import { accountPhones, accounts, invoiceReminders, invoices, memberships, notifications, users } from "@/lib/db/schema";
import { crashPoint } from "@/lib/runtime/crash-point";
import { publicBaseUrl } from "@/lib/runtime/config";
import { log, maskPhone } from "@/lib/runtime/log";
import { smsEnabled } from "@/lib/sms";
import { reminderSms } from "@/lib/sms/words";
import { markOverdueInvoices } from "./overdue";
import { invoicePath } from "./present";
import { balanceDue, type InvoiceRow } from "./queries";
import { dueWhen, reminderMail } from "./reminder-words";
import { REMINDER_REACH } from "./schemas";

// The reminder round (lib/jobs registry: "invoice-reminders"). For each open invoice, the step due
// at `now` (the latest of its reminder days whose day has come, in the merchant's country) is
// written once: a row of invoice_reminders keyed (invoice_id, step), and its mail and SMS as rows of
// `notifications`, in one transaction, under the invoice's row lock. The notifier then sends each
// message at most once (claimed, then sent). A crash before the commit leaves nothing (the next round
// writes the step); after it, the key refuses a second step. A payment or a cancellation withdraws
// messages not yet claimed (a trigger on invoices). Earlier steps the round missed (the server was
// off on their day) are not sent late: only the latest due step is, once.
//
// `now` is a parameter: the tests drive the round with a clock of their choosing.

const BATCH = 100;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The step due at `now`, if any: the latest reminder day that has come, not before the invoice's own creation day. */
export function dueStep(invoice: Pick<InvoiceRow, "reminderDays" | "dueDate" | "country" | "createdAt">, now: Date): number | null {
  const today = todayIn(invoice.country, now);
  const created = todayIn(invoice.country, invoice.createdAt);
  let due: number | null = null;
  for (const step of invoice.reminderDays) {
    const day = addDays(invoice.dueDate, step);
    if (day <= today && day >= created && (due === null || step > due)) due = step;
  }
  return due;
}

/** One round at `now`: marks the invoices that became overdue (lib/invoices/overdue), then writes the reminders due; how many steps it wrote. */
export async function remindInvoices(now = new Date()): Promise<number> {
  await markOverdueInvoices(now);
  const db = await getDb();
  // open invoices whose reminder window may hold `now` (a day of slack for time zones)
  const from = addDays(now.toISOString().slice(0, 10), -REMINDER_REACH - 1);
  const to = addDays(now.toISOString().slice(0, 10), REMINDER_REACH + 1);
  const candidates = await db
    .select({
      invoice: invoices,
      last: sql<number | null>`(select max(${invoiceReminders.step}) from ${invoiceReminders} where ${invoiceReminders.invoiceId} = ${invoices.id})`,
    })
    .from(invoices)
    .where(and(isNull(invoices.paidAt), isNull(invoices.cancelledAt), gte(invoices.dueDate, from), lte(invoices.dueDate, to), sql`jsonb_array_length(${invoices.reminderDays}) > 0`))
    .limit(10_000);
  let written = 0;
  for (const { invoice, last } of candidates) {
    const step = dueStep(invoice, now);
    if (step === null || (last !== null && last >= step)) continue;
    if (await writeStep(invoice.id, step, now)) written++;
    if (written >= BATCH) break;
  }
  return written;
}

/** Writes one step of one invoice with its messages, or nothing when the invoice is paid, cancelled, locked or the step taken. */
async function writeStep(invoiceId: string, step: number, now: Date): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), isNull(invoices.paidAt), isNull(invoices.cancelledAt)))
      .for("update", { skipLocked: true });
    if (!invoice || invoice.amountPaid >= invoice.total) return false;
    const [later] = await tx
      .select({ step: invoiceReminders.step })
      .from(invoiceReminders)
      .where(and(eq(invoiceReminders.invoiceId, invoiceId), gte(invoiceReminders.step, step)))
      .limit(1);
    if (later) return false;
    const messages = await messagesOf(tx, invoice, step);
    const [row] = await tx
      .insert(invoiceReminders)
      .values({ invoiceId, accountId: invoice.accountId, mode: invoice.mode, step, sentAt: now, messages: messages.length })
      .onConflictDoNothing()
      .returning();
    if (!row) return false;
    if (messages.length) await tx.insert(notifications).values(messages);
    await crashPoint("invoice-reminder-written"); // a crash here rolls the step back with its messages: the next round writes it
    log("info", "invoice reminder written", { invoice_id: invoiceId, step, messages: messages.length });
    return true;
  });
}

type Message = typeof notifications.$inferInsert;

/**
 * The step's mail and SMS, to what the customer has. Test mode writes to the account's own people
 * only (a member's address, a verified number), as the notifier does for receipts: a tester's
 * invoice must not mail or text strangers.
 */
async function messagesOf(tx: Tx, invoice: InvoiceRow, step: number): Promise<Message[]> {
  const [account] = await tx.select({ name: accounts.businessName }).from(accounts).where(eq(accounts.id, invoice.accountId));
  const shop = account?.name ?? "";
  const lang: Lang = invoice.language;
  const test = invoice.mode === "test";
  const url = `${publicBaseUrl()}${invoicePath(invoice.id)}?lang=${lang}`;
  const balance = balanceDue(invoice);
  const base = { accountId: invoice.accountId, mode: invoice.mode, invoiceId: invoice.id, language: lang };
  const out: Message[] = [];
  if (invoice.customerEmail && (!test || (await isMemberAddress(tx, invoice.accountId, invoice.customerEmail)))) {
    const mail = reminderMail(lang, { shop, customer: invoice.customerName, reference: invoice.reference, balance, currency: invoice.currency, step, dueDate: invoice.dueDate, url, test });
    out.push({ ...base, kind: "invoice_reminder", recipient: invoice.customerEmail, ...mail });
  }
  if (invoice.customerPhone && smsEnabled()) {
    if (!test || (await isVerifiedPhone(tx, invoice.accountId, invoice.customerPhone))) {
      // the page opens in the invoice's language without ?lang=: a shorter SMS
      const text = reminderSms(lang, { shop, amount: balance, currency: invoice.currency, when: dueWhen(lang, step, invoice.dueDate), url: `${publicBaseUrl()}${invoicePath(invoice.id)}`, test });
      out.push({ ...base, kind: "sms_invoice_reminder", recipient: invoice.customerPhone, subject: "", text });
    } else {
      log("info", "test-mode reminder SMS not sent: not a verified number of the account", { invoice_id: invoice.id, phone: maskPhone(invoice.customerPhone) });
    }
  }
  return out;
}

async function isMemberAddress(tx: Tx, accountId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

async function isVerifiedPhone(tx: Tx, accountId: string, phone: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: accountPhones.id })
    .from(accountPhones)
    .where(and(eq(accountPhones.accountId, accountId), inArray(accountPhones.phoneNumber, [phone]), isNotNull(accountPhones.verifiedAt)))
    .limit(1);
  return Boolean(row);
}

import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { todayIn } from "@/lib/countries/format";
import { getDb } from "@/lib/db/client";
import { invoices } from "@/lib/db/schema";
import { insertEvent } from "@/lib/deposits/event-sequence";
import { crashPoint } from "@/lib/runtime/crash-point";
import { log } from "@/lib/runtime/log";
import { invoiceEventData } from "@/lib/webhooks/event-data";
import type { InvoiceRow } from "./queries";

// Overdue invoices (the reminder round runs this first): an invoice whose due date has passed in
// the merchant's country with a balance still due, not cancelled, is marked once — `overdue_at` set
// by one conditional update (still unmarked, still unpaid, still not cancelled) and its
// `invoice.overdue` event written in the same transaction. Two rounds at once: the second update
// waits on the first's row lock, then finds `overdue_at` set and changes nothing, so one event. A
// crash before the commit leaves nothing (the next round marks it); after it, the mark refuses a
// second event. `now` is a parameter: the tests drive it with a clock of their choosing.

const BATCH = 200;

/** Marks the invoices due before `now`'s day with a balance left; how many it marked. */
export async function markOverdueInvoices(now = new Date()): Promise<number> {
  const db = await getDb();
  // due before tomorrow in UTC: a day of slack for time zones; each is then read in its own country's calendar
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const candidates = await db
    .select({ id: invoices.id, dueDate: invoices.dueDate, country: invoices.country })
    .from(invoices)
    .where(and(isNull(invoices.paidAt), isNull(invoices.cancelledAt), isNull(invoices.overdueAt), lt(invoices.dueDate, tomorrow), sql`${invoices.amountPaid} < ${invoices.total}`))
    .orderBy(invoices.dueDate)
    .limit(BATCH);
  let marked = 0;
  for (const invoice of candidates) {
    if (todayIn(invoice.country, now) <= invoice.dueDate) continue;
    if (await markOverdue(invoice.id, now)) marked++;
  }
  return marked;
}

/** One invoice: marked and announced in one transaction, or nothing when another round (or a payment, a cancellation) came first. */
export async function markOverdue(invoiceId: string, now: Date): Promise<InvoiceRow | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ overdueAt: now })
      .where(and(eq(invoices.id, invoiceId), isNull(invoices.overdueAt), isNull(invoices.paidAt), isNull(invoices.cancelledAt), sql`${invoices.amountPaid} < ${invoices.total}`))
      .returning();
    if (!row) return null;
    await crashPoint("invoice-overdue-marked"); // a crash here rolls the mark back: the next round marks it and sends its one event
    await insertEvent(tx, { accountId: row.accountId, mode: row.mode, type: "invoice.overdue", data: invoiceEventData(row, "overdue") }, null);
    log("info", "invoice overdue", { invoice_id: row.id });
    return row;
  });
}

import { and, eq, isNull } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { invoices } from "@/lib/db/schema";
import { insertEvent } from "@/lib/deposits/event-sequence";
import { invoiceEventData } from "@/lib/webhooks/event-data";
import { getInvoiceOrThrow, type InvoiceRow } from "./queries";

/**
 * Cancels an invoice: one conditional update (not cancelled, not paid), its `invoice.cancelled`
 * event in the same transaction; a trigger withdraws its reminders not yet sent. No new payment
 * starts once this commits (a payment's start re-checks `cancelled_at` in its conditional update);
 * payments in progress finish, and one that succeeds is kept (the money came).
 */
export async function cancelInvoice(auth: Auth, id: string): Promise<InvoiceRow> {
  const db = await getDb();
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ cancelledAt: new Date() })
      .where(and(ownedBy(invoices, auth), eq(invoices.id, id), isNull(invoices.cancelledAt), isNull(invoices.paidAt)))
      .returning();
    if (!row) return null;
    await insertEvent(tx, { accountId: row.accountId, mode: row.mode, type: "invoice.cancelled", data: invoiceEventData(row, "cancelled") }, null);
    return row;
  });
  if (cancelled) return cancelled;
  const row = await getInvoiceOrThrow(auth, id);
  if (row.cancelledAt) return row;
  throw new ApiError("INVOICE_PAID");
}

import type { z } from "zod";
import { publicBaseUrl } from "@/lib/runtime/config";
import type { deposits, invoiceReminders } from "@/lib/db/schema";
import { balanceDue, invoiceStatus, type InvoiceRow } from "./queries";
import type { invoicePayment, invoiceReminder, invoiceView } from "./schemas";

export const invoicePath = (id: string) => `/i/${id}`;
export const invoicePrintPath = (id: string) => `/i/${id}/print`;

export function presentInvoice(row: InvoiceRow, now = new Date()): z.output<typeof invoiceView> {
  return {
    id: row.id,
    reference: row.reference,
    customer: { name: row.customerName, phone: row.customerPhone, email: row.customerEmail },
    language: row.language,
    currency: row.currency,
    lines: row.lines.map((l) => ({ label: l.label, quantity: l.quantity, unit_price: l.unit_price, amount: l.amount })),
    total: row.total,
    amount_paid: row.amountPaid,
    amount_pending: Math.max(0, row.amountReserved - row.amountPaid),
    balance_due: balanceDue(row),
    due_date: row.dueDate,
    allow_partial: row.allowPartial,
    min_part_amount: row.minPartAmount,
    reminder_days: row.reminderDays,
    memo: row.memo,
    status: invoiceStatus(row, now),
    link: `${publicBaseUrl()}${invoicePath(row.id)}`,
    print_link: `${publicBaseUrl()}${invoicePrintPath(row.id)}`,
    creation_date: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

export function presentInvoicePayment(deposit: typeof deposits.$inferSelect): z.output<typeof invoicePayment> {
  return {
    track_id: deposit.trackId,
    amount: deposit.amount,
    currency: deposit.currency,
    status: deposit.status,
    phone_number: deposit.phoneNumber,
    operator: deposit.operator,
    created_at: deposit.createdAt.toISOString(),
  };
}

export function presentInvoiceReminder(row: typeof invoiceReminders.$inferSelect): z.output<typeof invoiceReminder> {
  return { step: row.step, sent_at: row.sentAt.toISOString(), messages: row.messages };
}

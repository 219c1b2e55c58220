import { and, asc, desc, eq } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError } from "@/lib/core/errors";
import { isUuid } from "@/lib/core/uuid";
import { todayIn } from "@/lib/countries/format";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { accounts, deposits, invoiceReminders, invoices } from "@/lib/db/schema";
import { pageClauses, type PageQuery } from "@/lib/http/pagination";
import type { InvoiceStatus } from "./schemas";

export type InvoiceRow = typeof invoices.$inferSelect;
type Owner = Pick<Auth, "accountId" | "mode">;

/** One of the caller's invoices (account and mode), or 404: another account's id is not found. */
export async function getInvoiceOrThrow(auth: Owner, id: string): Promise<InvoiceRow> {
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(and(ownedBy(invoices, auth), eq(invoices.id, id)));
  if (!row) throw new ApiError("INVOICE_NOT_FOUND");
  return row;
}

/** The caller's invoices, newest first, a page of them. */
export async function listInvoices(auth: Owner, query: PageQuery): Promise<InvoiceRow[]> {
  const db = await getDb();
  const clauses = pageClauses(invoices, query, ownedBy(invoices, auth));
  return db.select().from(invoices).where(clauses.where).orderBy(...clauses.orderBy).limit(clauses.limit);
}

/** Public read (the customer's page): an invoice by its id, which is the customer's capability. */
export async function findPublicInvoice(id: string): Promise<InvoiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** What is left to pay: the total less what succeeded, never below 0 (a late success may pay past it). */
export const balanceDue = (row: Pick<InvoiceRow, "total" | "amountPaid">) => Math.max(0, row.total - row.amountPaid);
/** What a new payment may take now: the total less what succeeded and what is in progress. */
export const payableNow = (row: Pick<InvoiceRow, "total" | "amountReserved">) => Math.max(0, row.total - row.amountReserved);

/** The status, from the amounts the database keeps and the day in the merchant's country. */
export function invoiceStatus(row: InvoiceRow, now = new Date()): InvoiceStatus {
  if (row.cancelledAt) return "cancelled";
  if (row.amountPaid >= row.total) return "paid";
  if (todayIn(row.country, now) > row.dueDate) return "overdue";
  if (row.amountPaid > 0) return "partially_paid";
  return "open";
}

/** An invoice's payments, newest first. */
export async function listInvoicePayments(auth: Owner, id: string) {
  const invoice = await getInvoiceOrThrow(auth, id);
  const db = await getDb();
  return db
    .select()
    .from(deposits)
    .where(and(ownedBy(deposits, auth), eq(deposits.invoiceId, invoice.id)))
    .orderBy(desc(deposits.createdAt), desc(deposits.id));
}

/** The reminders an invoice's customer was sent, by step. */
export async function listInvoiceReminders(auth: Owner, id: string) {
  const invoice = await getInvoiceOrThrow(auth, id);
  const db = await getDb();
  return db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id)).orderBy(asc(invoiceReminders.step));
}

/** The invoice an invoice payment's own link belongs to (the checkout sends its customers there). */
export async function findInvoiceOfGateway(gatewayId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db.select({ id: deposits.invoiceId }).from(deposits).where(eq(deposits.paymentGatewayId, gatewayId)).limit(1);
  return row?.id ?? undefined;
}

/** Who bills: the account's business name, country and support contact (the invoice's page and print view). */
export async function findInvoiceMerchant(accountId: string): Promise<{ name: string; country: string; email: string; phone: string }> {
  const db = await getDb();
  const [row] = await db
    .select({ name: accounts.businessName, country: accounts.country, email: accounts.supportEmail, phone: accounts.supportPhone })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? { name: "", country: "", email: "", phone: "" };
}

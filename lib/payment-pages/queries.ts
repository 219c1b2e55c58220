import { and, desc, eq } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, paymentPagePayments, paymentPages } from "@/lib/db/schema";
import { pageClauses, type PageQuery } from "@/lib/http/pagination";
import { isUuid } from "@/lib/core/uuid";
import type { PageStatus } from "./schemas";

export type PaymentPageRow = typeof paymentPages.$inferSelect;

/** One of the caller's pages (account and mode), or 404: another account's id is not found. */
export async function getPaymentPageOrThrow(auth: Pick<Auth, "accountId" | "mode">, id: string): Promise<PaymentPageRow> {
  const db = await getDb();
  const [row] = await db.select().from(paymentPages).where(and(ownedBy(paymentPages, auth), eq(paymentPages.id, id)));
  if (!row) throw new ApiError("PAYMENT_PAGE_NOT_FOUND");
  return row;
}

/** The caller's pages, newest first, a page of them. */
export async function listPaymentPages(auth: Pick<Auth, "accountId" | "mode">, query: PageQuery): Promise<PaymentPageRow[]> {
  const db = await getDb();
  const clauses = pageClauses(paymentPages, query, ownedBy(paymentPages, auth));
  return db.select().from(paymentPages).where(clauses.where).orderBy(...clauses.orderBy).limit(clauses.limit);
}

/** Public read (the buyer's page): a page by its id, which is the buyer's capability. */
export async function findPublicPaymentPage(id: string): Promise<PaymentPageRow | undefined> {
  if (!isUuid(id)) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(paymentPages).where(eq(paymentPages.id, id));
  return row;
}

/** Whether a page takes payments now, and if not why (the order a buyer would want to be told). */
export function pageStatus(page: PaymentPageRow, now = new Date()): PageStatus {
  if (page.closedAt) return "closed";
  if (page.endsAt && page.endsAt <= now) return "ended";
  if (page.stock !== null && page.unitsTaken >= page.stock) return "sold_out";
  if (page.maxPayments !== null && page.paymentsTaken >= page.maxPayments) return "sold_out";
  return "open";
}

export type PagePaymentRow = {
  deposit: typeof deposits.$inferSelect;
  quantity: number;
  additionalInfo: { fieldName: string; value: string }[];
};

/** A page's payments, newest first (scoped by the page, itself scoped by the caller). */
export async function listPagePayments(auth: Pick<Auth, "accountId" | "mode">, pageId: string): Promise<PagePaymentRow[]> {
  const page = await getPaymentPageOrThrow(auth, pageId);
  const db = await getDb();
  return db
    .select({ deposit: deposits, quantity: paymentPagePayments.quantity, additionalInfo: paymentPagePayments.additionalInfo })
    .from(paymentPagePayments)
    .innerJoin(deposits, eq(deposits.id, paymentPagePayments.depositId))
    .where(and(ownedBy(paymentPagePayments, auth), eq(paymentPagePayments.paymentPageId, page.id)))
    .orderBy(desc(paymentPagePayments.createdAt), desc(paymentPagePayments.depositId));
}

/** The page a page payment's own link belongs to (the checkout sends its buyers there). */
export async function findPageOfGateway(gatewayId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ pageId: deposits.paymentPageId })
    .from(deposits)
    .where(eq(deposits.paymentGatewayId, gatewayId))
    .limit(1);
  return row?.pageId ?? undefined;
}

import { and, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { customers, deposits } from "@/lib/db/schema";
import { pageClauses } from "@/lib/http/pagination";
import type { CustomerListQuery } from "./schemas";

export type CustomerRow = typeof customers.$inferSelect;
export type Totals = { paymentsCount: number; amountPaid: number; amountRefunded: number; lastPaymentAt: Date | null };
export type CustomerWithTotals = CustomerRow & Totals & { currency: string };
export type PaymentRow = typeof deposits.$inferSelect;

type Owner = Pick<Auth, "accountId" | "mode" | "currency">;

/**
 * A customer's totals, read from its payments (deposits_customer_idx: only its own rows), never
 * stored: a merge moves payments and the totals follow; nothing can drift. Only successes are
 * booked to a customer. Amounts in another currency than the account's (a marketplace seller
 * abroad) count as payments but not in the sum.
 */
export function totalsOf(currency: string) {
  // the outer row spelled out: in a one-table select Drizzle leaves column names unqualified, and
  // inside the subquery an unqualified `id` would be the deposit's
  const mine = sql`${deposits.customerId} = "customers"."id"`;
  return {
    paymentsCount: sql<number>`(select count(*)::int from ${deposits} where ${mine})`.mapWith(Number),
    amountPaid: sql<number>`(select coalesce(sum(${deposits.amount}), 0)::bigint from ${deposits} where ${mine} and ${deposits.currency} = ${currency})`.mapWith(Number),
    amountRefunded: sql<number>`(select coalesce(sum(${deposits.refundedAmount}), 0)::bigint from ${deposits} where ${mine} and ${deposits.currency} = ${currency})`.mapWith(Number),
    lastPaymentAt: sql<Date | null>`(select max(${deposits.completedAt}) from ${deposits} where ${mine})`.mapWith((v) => (v === null ? null : new Date(v as string))),
  };
}

/** One of the caller's customers (account and mode), with its totals, or 404. */
export async function getCustomerOrThrow(auth: Owner, id: string): Promise<CustomerWithTotals> {
  const db = await getDb();
  const [row] = await db
    .select({ customer: customers, ...totalsOf(auth.currency) })
    .from(customers)
    .where(and(ownedBy(customers, auth), eq(customers.id, id)));
  if (!row) throw new ApiError("CUSTOMER_NOT_FOUND");
  return flatten(row, auth.currency);
}

/**
 * A page of the caller's book, newest first, merged and erased records left out. `q` is looked for
 * in the account's own customers only (the list index narrows to them; no other account's row is
 * read): a part of the name or e-mail, or digits anywhere in the number.
 */
export async function listCustomers(auth: Owner, query: CustomerListQuery): Promise<CustomerWithTotals[]> {
  const db = await getDb();
  const filters: SQL[] = [isNull(customers.mergedInto), isNull(customers.erasedAt)];
  if (query.q) {
    const literal = query.q.replace(/[\\%_]/g, (c) => `\\${c}`);
    const digits = query.q.replace(/[\s\-().+]/g, "");
    const either = [ilike(customers.name, `%${literal}%`), ilike(customers.email, `%${literal}%`)];
    if (/^\d{2,15}$/.test(digits)) either.push(sql`${customers.phoneNumber} like ${`%${digits.replace(/^0+/, "")}%`}`);
    filters.push(or(...either)!);
  }
  const clauses = pageClauses(customers, query, ownedBy(customers, auth), and(...filters));
  const rows = await db
    .select({ customer: customers, ...totalsOf(auth.currency) })
    .from(customers)
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit);
  return rows.map((row) => flatten(row, auth.currency));
}

/** A customer's payments, newest first (at most `limit`). */
export async function customerPayments(customerId: string, limit = 100): Promise<PaymentRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(deposits)
    .where(eq(deposits.customerId, customerId))
    .orderBy(sql`${deposits.completedAt} desc nulls last`, desc(deposits.id))
    .limit(limit);
}

function flatten({ customer, ...totals }: { customer: CustomerRow } & Totals, currency: string): CustomerWithTotals {
  return { ...customer, ...totals, currency };
}

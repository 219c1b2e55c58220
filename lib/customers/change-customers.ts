import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import { isCountry } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { isUniqueViolation } from "@/lib/db/errors";
import { cardPayers, customers, deposits, invoices, marketplaceTransactions, paymentRequests } from "@/lib/db/schema";
import { maskPhone } from "@/lib/runtime/log";
import { getCustomerOrThrow, type CustomerRow, type CustomerWithTotals } from "./queries";
import { NOT_A_NUMBER, type CreateCustomerBody, type UpdateCustomerBody } from "./schemas";

// The book's changes by hand. Each runs in its request's transaction (route(): every change does),
// so a merge or an erasure is whole or nothing.

/** POST /v1/customers: a payer who has not paid yet. Every problem of the body at once (422). */
export async function createCustomer(auth: Auth, body: CreateCustomerBody): Promise<CustomerWithTotals> {
  const problems: ValidationItem[] = [];
  const international = /^\s*(\+|00)/.test(body.phone_number);
  const country = body.country ?? (isCountry(auth.country) ? auth.country : undefined);
  const phone = international ? parsePhone(body.phone_number.replace(/^\s*00/, "+")) : parsePhone(body.phone_number, country);
  if (!phone) problems.push(valueError(["body", "phone_number"], NOT_A_NUMBER));
  else if (body.country && phone.country !== body.country) problems.push(valueError(["body", "phone_number"], `a number of ${phone.country}, not of ${body.country}`));
  if (problems.length) throw new ValidationError(problems);
  const db = await getDb();
  try {
    // in a savepoint: the unique index's refusal must not spoil the request's transaction
    const [row] = await db.transaction((savepoint) =>
      savepoint
        .insert(customers)
        .values({
          accountId: auth.accountId,
          mode: auth.mode,
          phoneNumber: phone!.digits,
          country: phone!.country,
          name: body.name || null,
          email: body.email.toLowerCase() || null,
          createdBy: "manual",
        })
        .returning(),
    );
    return getCustomerOrThrow(auth, row!.id);
  } catch (error) {
    if (isUniqueViolation(error, "customers_account_phone_key")) throw new ApiError("CUSTOMER_EXISTS");
    throw error;
  }
}

/** PATCH /v1/customers/{id}: the name or e-mail; "" clears one. */
export async function updateCustomer(auth: Auth, id: string, body: UpdateCustomerBody): Promise<CustomerWithTotals> {
  const [current] = await lockCustomers(auth, [id]);
  if (!current) throw new ApiError("CUSTOMER_NOT_FOUND");
  assertLive(current);
  const set: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) set.name = body.name || null;
  if (body.email !== undefined) set.email = body.email.toLowerCase() || null;
  const db = await getDb();
  await db.update(customers).set(set).where(eq(customers.id, id));
  return getCustomerOrThrow(auth, id);
}

/**
 * POST /v1/customers/{id}/merge: `otherId`'s payments move here, and it (and whatever was merged
 * into it) points here from now on, so its number's next payments are booked here too (bookCustomer
 * follows `merged_into`). Both rows are locked in one order (by id), so two merges of one pair at
 * once, either way round, run one after the other: the second finds its record merged (409) or,
 * the same merge again, nothing to do. A payment being booked to the other holds its row until it
 * commits; the merge then moves it too.
 */
export async function mergeCustomers(auth: Auth, id: string, otherId: string): Promise<CustomerWithTotals> {
  if (id === otherId) throw new ValidationError([valueError(["body", "customer_id"], "is this customer itself")]);
  const locked = await lockCustomers(auth, [id, otherId]);
  const survivor = locked.find((c) => c.id === id);
  const other = locked.find((c) => c.id === otherId);
  if (!survivor) throw new ApiError("CUSTOMER_NOT_FOUND");
  if (!other) throw new ApiError("CUSTOMER_NOT_FOUND");
  assertLive(survivor);
  if (other.mergedInto === id) return getCustomerOrThrow(auth, id); // merged already: the same answer
  assertLive(other);
  const db = await getDb();
  await db.update(deposits).set({ customerId: id }).where(eq(deposits.customerId, otherId));
  await db
    .update(customers)
    .set({ mergedInto: id, mergedAt: sql`coalesce(${customers.mergedAt}, now())`, updatedAt: new Date() })
    .where(and(ownedBy(customers, auth), or(eq(customers.id, otherId), eq(customers.mergedInto, otherId))));
  await db
    .update(customers)
    .set({ name: survivor.name ?? other.name, email: survivor.email ?? other.email, updatedAt: new Date() })
    .where(eq(customers.id, id));
  return getCustomerOrThrow(auth, id);
}

/**
 * POST /v1/customers/{id}/erase: the person's data goes, from the customer (and records merged into
 * it) and from its payments' payer fields: the deposit's number masked, a marketplace buyer's name,
 * e-mail and number emptied or masked, a request to pay's number masked, a card payer's details
 * emptied, and the invoices to its numbers lose the customer's name, number and e-mail (so no more
 * reminders reach them). Kept: amounts, currency,
 * country, operator, statuses, dates, track ids, receipt codes, the ledger. Erasing twice is once.
 */
export async function eraseCustomer(auth: Auth, id: string): Promise<CustomerWithTotals> {
  const [current] = await lockCustomers(auth, [id]);
  if (!current) throw new ApiError("CUSTOMER_NOT_FOUND");
  if (current.mergedInto) throw new ApiError("CUSTOMER_MERGED");
  const db = await getDb();
  const records = await db
    .select({ id: customers.id, phone: customers.phoneNumber })
    .from(customers)
    .where(and(ownedBy(customers, auth), or(eq(customers.id, id), eq(customers.mergedInto, id))))
    .for("update");
  const ids = records.map((r) => r.id);
  const phones = records.flatMap((r) => (r.phone ? [r.phone] : []));
  // its payments, and the attempts of its numbers that failed or expired (an attempt still pending
  // keeps its number until its provider answers; if it succeeds, it starts a new record)
  const paid = await db
    .select({ id: deposits.id, phone: deposits.phoneNumber, gatewayId: deposits.paymentGatewayId })
    .from(deposits)
    .where(
      or(
        eq(deposits.customerId, id),
        phones.length ? and(ownedBy(deposits, auth), inArray(deposits.phoneNumber, phones), ne(deposits.status, "pending")) : undefined,
      ),
    )
    .for("update");
  for (const payment of paid) {
    const masked = payment.phone.includes("*") ? payment.phone : maskPhone(payment.phone);
    await db.update(deposits).set({ phoneNumber: masked }).where(eq(deposits.id, payment.id));
    await db.update(marketplaceTransactions).set({ buyerFullName: "", buyerEmail: "", buyerPhone: masked }).where(eq(marketplaceTransactions.depositId, payment.id));
    if (payment.gatewayId) await db.update(paymentRequests).set({ phoneNumber: masked }).where(eq(paymentRequests.paymentGatewayId, payment.gatewayId));
    await db.update(cardPayers).set({ name: "", surname: "", email: "", address: "", city: "", state: "", zipCode: "" }).where(eq(cardPayers.depositId, payment.id));
  }
  if (phones.length) {
    await db.update(invoices).set({ customerName: "", customerPhone: "", customerEmail: "" }).where(and(ownedBy(invoices, auth), inArray(invoices.customerPhone, phones)));
  }
  await db
    .update(customers)
    .set({ phoneNumber: null, name: null, email: null, erasedAt: sql`coalesce(${customers.erasedAt}, now())`, updatedAt: new Date() })
    .where(inArray(customers.id, ids));
  return getCustomerOrThrow(auth, id);
}

/** The caller's customers among `ids`, locked FOR UPDATE in id order (one order: no deadlock). */
async function lockCustomers(auth: Pick<Auth, "accountId" | "mode">, ids: string[]): Promise<CustomerRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(customers)
    .where(and(ownedBy(customers, auth), inArray(customers.id, ids)))
    .orderBy(customers.id)
    .for("update");
}

function assertLive(customer: CustomerRow): void {
  if (customer.mergedInto) throw new ApiError("CUSTOMER_MERGED");
  if (customer.erasedAt) throw new ApiError("CUSTOMER_ERASED");
}

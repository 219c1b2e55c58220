import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { customers, deposits, marketplaceTransactions } from "@/lib/db/schema";
import { parsePhone } from "@/lib/countries/phones";

type Paid = { id: string; accountId: string; mode: "test" | "live"; phoneNumber: string; country: string };

/** A payer's number as the book keys it: E.164 digits (deposits keep them so; older rows may not). */
export function bookNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return parsePhone(`+${digits}`)?.digits ?? digits;
}

/**
 * Books a successful payment to its customer, in the success's own transaction (settleDeposit):
 * a payment and its customer never disagree, and a crash loses both or neither. One statement
 * finds or makes the customer: the unique index on (account, mode, number) makes 100 payments of
 * one number at once meet on one row (the conflict's update waits for the row, so a merge in
 * flight is seen once it commits), and a merged record answers with the record it went into.
 * A marketplace buyer's name and e-mail fill the customer's when it has none.
 */
export async function bookCustomer(tx: Db | Tx, deposit: Paid): Promise<string> {
  const [buyer] = await tx
    .select({ name: marketplaceTransactions.buyerFullName, email: marketplaceTransactions.buyerEmail })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.depositId, deposit.id));
  const [row] = await tx
    .insert(customers)
    .values({
      accountId: deposit.accountId,
      mode: deposit.mode,
      phoneNumber: bookNumber(deposit.phoneNumber),
      country: deposit.country,
      name: buyer?.name || null,
      email: buyer?.email || null,
      createdBy: "payment",
    })
    .onConflictDoUpdate({
      target: [customers.accountId, customers.mode, customers.phoneNumber],
      targetWhere: sql`${customers.erasedAt} is null`,
      set: {
        name: sql`coalesce(${customers.name}, excluded.name)`,
        email: sql`coalesce(${customers.email}, excluded.email)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: customers.id, mergedInto: customers.mergedInto });
  const customerId = row!.mergedInto ?? row!.id;
  // a number merged into another record: the name and e-mail it brings go to that record
  if (row!.mergedInto && (buyer?.name || buyer?.email)) {
    await tx
      .update(customers)
      .set({ name: sql`coalesce(${customers.name}, ${buyer.name || null})`, email: sql`coalesce(${customers.email}, ${buyer.email || null})`, updatedAt: sql`now()` })
      .where(eq(customers.id, customerId));
  }
  await tx.update(deposits).set({ customerId }).where(eq(deposits.id, deposit.id));
  return customerId;
}

type InvoiceCustomer = { accountId: string; mode: "test" | "live"; phone: string; country: string; name: string; email: string };

/**
 * Books an invoice's customer (who has a number) in the invoice's own transaction: found by the
 * number, or made with it; the invoice's name and e-mail fill the customer's when it has none. A
 * merged record answers with the record it went into. The customer's payments come with them.
 */
export async function bookInvoiceCustomer(tx: Db | Tx, who: InvoiceCustomer): Promise<string> {
  const [row] = await tx
    .insert(customers)
    .values({ accountId: who.accountId, mode: who.mode, phoneNumber: bookNumber(who.phone), country: who.country, name: who.name || null, email: who.email || null, createdBy: "invoice" })
    .onConflictDoUpdate({
      target: [customers.accountId, customers.mode, customers.phoneNumber],
      targetWhere: sql`${customers.erasedAt} is null`,
      set: { name: sql`coalesce(${customers.name}, excluded.name)`, email: sql`coalesce(${customers.email}, excluded.email)`, updatedAt: sql`now()` },
    })
    .returning({ id: customers.id, mergedInto: customers.mergedInto });
  return row!.mergedInto ?? row!.id;
}

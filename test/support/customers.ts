import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { customers, deposits, paymentGateways } from "@/lib/db/schema";
import { createDeposit, type DepositRow } from "@/lib/deposits/create-deposit";
import type { Auth } from "@/lib/core/auth";

// The customer book's tests: pending payments of a number made straight in the database (each on a
// payment link of its own, so many can be in flight at once), to be settled by the test.

export async function pendingPayments(auth: Pick<Auth, "accountId" | "mode">, phoneNumber: string, amounts: number[]): Promise<DepositRow[]> {
  const db = await getDb();
  const links = await db
    .insert(paymentGateways)
    .values(amounts.map((amount) => ({ accountId: auth.accountId, mode: auth.mode, amount, currency: "XAF", country: "CMR", shopName: "Boutique Awa" })))
    .returning({ id: paymentGateways.id, amount: paymentGateways.amount });
  const made: DepositRow[] = [];
  for (const link of links) {
    made.push(
      await createDeposit({
        accountId: auth.accountId,
        mode: auth.mode,
        amount: link.amount,
        currency: "XAF",
        country: "CMR",
        operator: "MTN_MOMO_CMR",
        phoneNumber,
        provider: "sandbox",
        paymentGatewayId: link.id,
      }),
    );
  }
  return made;
}

export async function customersOf(accountId: string) {
  const db = await getDb();
  return db.select().from(customers).where(eq(customers.accountId, accountId));
}

export async function depositRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row!;
}

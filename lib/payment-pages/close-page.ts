import { and, eq, isNull } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { paymentPages } from "@/lib/db/schema";
import { getPaymentPageOrThrow, type PaymentPageRow } from "./queries";

/**
 * Closes a page: no new payment starts once this commits (a payment's start re-checks `closed_at`
 * in its conditional update); payments in progress finish. A closed page stays closed.
 */
export async function closePaymentPage(auth: Auth, id: string): Promise<PaymentPageRow> {
  const db = await getDb();
  const [row] = await db
    .update(paymentPages)
    .set({ closedAt: new Date() })
    .where(and(ownedBy(paymentPages, auth), eq(paymentPages.id, id), isNull(paymentPages.closedAt)))
    .returning();
  return row ?? getPaymentPageOrThrow(auth, id);
}

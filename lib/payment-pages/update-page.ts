import { and, eq, isNotNull, lte, type SQL } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ValidationError, type ValidationItem } from "@/lib/core/errors";
import { item } from "@/lib/core/validation";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { paymentPages } from "@/lib/db/schema";
import { toFormBlocks } from "@/lib/marketplaces/form-blocks";
import { pageProblems } from "./create-page";
import { getPaymentPageOrThrow, type PaymentPageRow } from "./queries";
import type { CreatePaymentPageBody, UpdatePaymentPageBody } from "./schemas";

/**
 * PATCH /v1/payment-pages/{page_id}: the fields sent, on the page's own amount type. The amounts
 * are checked as the page will be (a new `min_amount` against the stored `max_amount`), against the
 * currency's bounds. A stock or cap below what is taken is refused by the update's own condition,
 * so a payment taking units at the same moment cannot slip under it.
 */
export async function updatePaymentPage(auth: Auth, id: string, body: UpdatePaymentPageBody): Promise<PaymentPageRow> {
  const page = await getPaymentPageOrThrow(auth, id);
  const fixed = page.amountType === "fixed";
  const minAmount = fixed ? null : (body.min_amount ?? page.minAmount);
  const maxAmount = fixed ? null : (body.max_amount ?? page.maxAmount);
  const problems: ValidationItem[] = [];
  // the bounds of the currency on the amounts sent, as at creation
  const sent = { amount_type: page.amountType, amount: fixed ? body.amount : undefined, min_amount: fixed ? undefined : body.min_amount, max_amount: fixed ? undefined : body.max_amount };
  problems.push(...pageProblems(sent as CreatePaymentPageBody, page.currency));
  // one bound sent: it must still sit on the right side of the stored other one
  const oneSent = (body.min_amount === undefined) !== (body.max_amount === undefined);
  if (!fixed && oneSent && minAmount !== null && maxAmount !== null && minAmount > maxAmount && !problems.length) {
    problems.push(body.min_amount !== undefined ? item(["body", "min_amount"], "less_than_equal", { le: maxAmount }) : item(["body", "max_amount"], "greater_than_equal", { ge: minAmount }));
  }
  if (problems.length) throw new ValidationError(problems);

  const changes: Partial<typeof paymentPages.$inferInsert> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (fixed && body.amount !== undefined) changes.amount = body.amount;
  if (fixed && body.max_quantity !== undefined) changes.maxQuantity = body.max_quantity;
  if (!fixed && body.min_amount !== undefined) changes.minAmount = body.min_amount;
  if (!fixed && body.max_amount !== undefined) changes.maxAmount = body.max_amount;
  if (body.stock !== undefined) changes.stock = body.stock;
  if (body.max_payments !== undefined) changes.maxPayments = body.max_payments;
  if (body.ends_at !== undefined) changes.endsAt = body.ends_at === null ? null : new Date(body.ends_at);
  if (body.closed_message !== undefined) changes.closedMessage = body.closed_message;
  if (body.form_blocks !== undefined) changes.formBlocks = toFormBlocks(body.form_blocks);
  if (body.success_url !== undefined) changes.successUrl = body.success_url;
  if (Object.keys(changes).length === 0) return page;

  const conditions: SQL[] = [ownedBy(paymentPages, auth), eq(paymentPages.id, id)];
  if (typeof body.stock === "number") conditions.push(lte(paymentPages.unitsTaken, body.stock));
  if (typeof body.max_payments === "number") conditions.push(lte(paymentPages.paymentsTaken, body.max_payments));
  const db = await getDb();
  const [row] = await db.update(paymentPages).set(changes).where(and(...conditions)).returning();
  if (row) return row;
  // refused by the counters (or gone): say the least each limit may be, as taken now
  const now = await getPaymentPageOrThrow(auth, id);
  const refused: ValidationItem[] = [];
  if (typeof body.stock === "number" && body.stock < now.unitsTaken) refused.push(item(["body", "stock"], "greater_than_equal", { ge: now.unitsTaken }));
  if (typeof body.max_payments === "number" && body.max_payments < now.paymentsTaken) refused.push(item(["body", "max_payments"], "greater_than_equal", { ge: now.paymentsTaken }));
  if (refused.length) throw new ValidationError(refused);
  return updatePaymentPage(auth, id, body); // the counters moved back between the two reads: try again
}

/** POST /v1/payment-pages/{page_id}/reopen: a page closed by its merchant takes payments again. */
export async function reopenPaymentPage(auth: Auth, id: string): Promise<PaymentPageRow> {
  const db = await getDb();
  const [row] = await db
    .update(paymentPages)
    .set({ closedAt: null })
    .where(and(ownedBy(paymentPages, auth), eq(paymentPages.id, id), isNotNull(paymentPages.closedAt)))
    .returning();
  return row ?? getPaymentPageOrThrow(auth, id);
}

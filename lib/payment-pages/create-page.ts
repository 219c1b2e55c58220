import type { Auth } from "@/lib/core/auth";
import { ValidationError, type ValidationItem } from "@/lib/core/errors";
import { item } from "@/lib/core/validation";
import type { Currency } from "@/lib/core/money";
import { amountBounds, assertCurrency } from "@/lib/countries";
import { getDb } from "@/lib/db/client";
import { paymentPages } from "@/lib/db/schema";
import { toFormBlocks } from "@/lib/marketplaces/form-blocks";
import type { PaymentPageRow } from "./queries";
import type { CreatePaymentPageBody } from "./schemas";

/** The bounds of the account's currency on every amount sent (the rules between fields are the schema's). */
export function pageProblems(body: CreatePaymentPageBody, currency: string): ValidationItem[] {
  const problems: ValidationItem[] = [];
  const { min, max } = amountBounds(currency as Currency);
  const fields = body.amount_type === "fixed" ? (["amount"] as const) : (["min_amount", "max_amount"] as const);
  for (const field of fields) {
    const value = body[field];
    if (value === undefined) continue;
    if (value < min) problems.push(item(["body", field], "greater_than_equal", { ge: min }));
    else if (value > max) problems.push(item(["body", field], "less_than_equal", { le: max }));
  }
  return problems;
}

/** POST /v1/payment-pages: a page in the caller's currency and country. */
export async function createPaymentPage(auth: Auth, body: CreatePaymentPageBody): Promise<PaymentPageRow> {
  const problems: ValidationItem[] = [];
  try {
    assertCurrency(body.currency, auth.currency);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    problems.push(...error.items);
  }
  problems.push(...pageProblems(body, auth.currency));
  if (problems.length) throw new ValidationError(problems);
  const bounds = amountBounds(auth.currency as Currency);
  const db = await getDb();
  const [row] = await db
    .insert(paymentPages)
    .values({
      accountId: auth.accountId,
      mode: auth.mode,
      title: body.title,
      description: body.description,
      currency: auth.currency,
      country: auth.country,
      amountType: body.amount_type,
      amount: body.amount_type === "fixed" ? body.amount! : null,
      minAmount: body.amount_type === "custom" ? (body.min_amount ?? bounds.min) : null,
      maxAmount: body.amount_type === "custom" ? (body.max_amount ?? bounds.max) : null,
      maxQuantity: body.amount_type === "fixed" ? body.max_quantity : 1,
      stock: body.stock ?? null,
      maxPayments: body.max_payments ?? null,
      endsAt: body.ends_at ? new Date(body.ends_at) : null,
      closedMessage: body.closed_message,
      formBlocks: toFormBlocks(body.form_blocks),
      successUrl: body.success_url,
    })
    .returning();
  return row!;
}

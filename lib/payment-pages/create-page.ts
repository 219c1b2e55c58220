import type { Auth } from "@/lib/core/auth";
import { ValidationError, type ValidationItem } from "@/lib/core/errors";
import { item, valueError } from "@/lib/core/validation";
import type { Currency } from "@/lib/core/money";
import { amountBounds, assertCurrency } from "@/lib/countries";
import { getDb } from "@/lib/db/client";
import { paymentPages } from "@/lib/db/schema";
import { toFormBlocks } from "@/lib/marketplaces/form-blocks";
import type { PaymentPageRow } from "./queries";
import type { CreatePaymentPageBody } from "./schemas";

/**
 * The rules between fields and those of the account's currency, every problem at once (the body's
 * types and lengths were checked by its schema): a fixed page has a price and no bounds, a custom
 * one two bounds (min ≤ max) and no price nor quantity; amounts within the currency's bounds; an end
 * date in the future.
 */
export function pageProblems(body: CreatePaymentPageBody, currency: string, now = new Date()): ValidationItem[] {
  const problems: ValidationItem[] = [];
  const { min, max } = amountBounds(currency as Currency);
  const inBounds = (field: "amount" | "min_amount" | "max_amount") => {
    const value = body[field];
    if (value === undefined) return;
    if (value < min) problems.push(item(["body", field], "greater_than_equal", { ge: min }));
    else if (value > max) problems.push(item(["body", field], "less_than_equal", { le: max }));
  };
  const needed = (field: "amount" | "min_amount" | "max_amount") => {
    if (body[field] === undefined) problems.push(item(["body", field], "missing"));
    else inBounds(field);
  };
  const unwanted = (field: "amount" | "min_amount" | "max_amount" | "max_quantity") => {
    problems.push(valueError(["body", field], `not for amount_type ${body.amount_type}`));
  };
  if (body.amount_type === "fixed") {
    needed("amount");
    if (body.min_amount !== undefined) unwanted("min_amount");
    if (body.max_amount !== undefined) unwanted("max_amount");
  } else {
    if (body.amount !== undefined) unwanted("amount");
    needed("min_amount");
    needed("max_amount");
    if (body.min_amount !== undefined && body.max_amount !== undefined && body.min_amount > body.max_amount) {
      problems.push(valueError(["body", "max_amount"], "must be at least min_amount"));
    }
    if (body.max_quantity !== 1) unwanted("max_quantity");
  }
  if (body.ends_at !== undefined && new Date(body.ends_at) <= now) problems.push(valueError(["body", "ends_at"], "must be in the future"));
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
      minAmount: body.amount_type === "custom" ? body.min_amount! : null,
      maxAmount: body.amount_type === "custom" ? body.max_amount! : null,
      maxQuantity: body.max_quantity,
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

import type { Auth } from "@/lib/core/auth";
import { ValidationError, type ValidationItem } from "@/lib/core/errors";
import { item, valueError } from "@/lib/core/validation";
import type { Currency } from "@/lib/core/money";
import { amountBounds, assertCurrency, isCountry } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { getDb } from "@/lib/db/client";
import { invoices } from "@/lib/db/schema";
import { bookInvoiceCustomer } from "@/lib/customers/book-customer";
import { insertEvent } from "@/lib/deposits/event-sequence";
import { invoiceEventData } from "@/lib/webhooks/event-data";
import { wakeJob } from "@/lib/runtime/wake";
import type { InvoiceRow } from "./queries";
import type { CreateInvoiceBody } from "./schemas";

/** The checks that need the account: its currency's bounds on prices, total and parts; the customer's number. */
export function invoiceProblems(body: CreateInvoiceBody, auth: Pick<Auth, "currency" | "country">): { problems: ValidationItem[]; phone: string; phoneCountry: string; total: number } {
  const problems: ValidationItem[] = [];
  const { min, max } = amountBounds(auth.currency as Currency);
  let total = 0;
  body.lines.forEach((line, i) => {
    if (line.unit_price > max) problems.push(item(["body", "lines", i, "unit_price"], "less_than_equal", { le: max }));
    total += line.quantity * line.unit_price;
  });
  if (total < min) problems.push(item(["body", "lines"], "value_error", { error: `the total must be at least ${min}` }));
  else if (total > max) problems.push(item(["body", "lines"], "value_error", { error: `the total must be at most ${max}` }));
  // `allow_partial` only: ignored otherwise, as documented
  if (body.allow_partial && body.min_part_amount !== undefined) {
    if (body.min_part_amount < min) problems.push(item(["body", "min_part_amount"], "greater_than_equal", { ge: min }));
    else if (body.min_part_amount > total) problems.push(item(["body", "min_part_amount"], "less_than_equal", { le: total }));
  }
  let phone = "";
  let phoneCountry = "";
  if (body.customer_phone) {
    const international = body.customer_phone.trim().startsWith("+") || body.customer_phone.trim().startsWith("00");
    const parsed = parsePhone(body.customer_phone, international || !isCountry(auth.country) ? undefined : auth.country);
    if (parsed) ({ digits: phone, country: phoneCountry } = parsed);
    else problems.push(valueError(["body", "customer_phone"], "not a valid mobile number"));
  }
  return { problems, phone, phoneCountry, total };
}

/** POST /v1/invoices: an invoice in the caller's currency and country. */
export async function createInvoice(auth: Auth, body: CreateInvoiceBody): Promise<InvoiceRow> {
  const problems: ValidationItem[] = [];
  try {
    assertCurrency(body.currency, auth.currency);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    problems.push(...error.items);
  }
  const checked = invoiceProblems(body, auth);
  problems.push(...checked.problems);
  if (problems.length) throw new ValidationError(problems);
  const { min } = amountBounds(auth.currency as Currency);
  const db = await getDb();
  // the invoice, its customer in the book and its `invoice.created` event: one transaction, or none
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(invoices)
      .values({
        accountId: auth.accountId,
        mode: auth.mode,
        reference: body.reference,
        customerName: body.customer_name,
        customerPhone: checked.phone,
        customerEmail: body.customer_email,
        language: body.language,
        currency: auth.currency,
        country: auth.country,
        lines: body.lines.map((l) => ({ label: l.label, quantity: l.quantity, unit_price: l.unit_price, amount: l.quantity * l.unit_price })),
        total: checked.total,
        memo: body.memo,
        dueDate: body.due_date,
        allowPartial: body.allow_partial,
        minPartAmount: body.allow_partial ? Math.min(body.min_part_amount ?? min, checked.total) : null,
        reminderDays: [...body.reminder_days].sort((a, b) => a - b),
      })
      .returning();
    // the customer who has a number is in the book from the invoice on
    if (checked.phone) {
      await bookInvoiceCustomer(tx, { accountId: auth.accountId, mode: auth.mode, phone: checked.phone, country: checked.phoneCountry, name: body.customer_name, email: body.customer_email });
    }
    await insertEvent(tx, { accountId: created!.accountId, mode: created!.mode, type: "invoice.created", data: invoiceEventData(created!, "open") }, null);
    return created!;
  });
  // a step may be due today already (e.g. 3 days before a due date 3 days away): the round looks now
  if (row.reminderDays.length) wakeJob("invoice-reminders");
  return row;
}

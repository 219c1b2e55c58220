import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { boolean, integer, optional } from "@/lib/core/lenient";
import { defineOperations, idempotencyErrors, keyErrors } from "@/lib/core/operation";
import { wholeListQuery } from "@/lib/core/page-query";
import { depositStatuses } from "@/lib/core/deposit-statuses";
import { languages } from "@/lib/core/languages";
import { amountRule, countryCodes } from "@/lib/countries";
import { currencyField } from "@/lib/gateways/schemas";

// Invoices: a payment request to one customer. Lines (label, quantity, unit price), a due date,
// whether it may be paid in parts (a deposit, then the balance), reminders on a schedule of days
// from the due date. Each payment is a deposit of its own; the invoice's amounts follow them in the
// database (lib/db/migrations: the invoice_payment_settled trigger).

export const invoiceStatuses = ["open", "partially_paid", "paid", "overdue", "cancelled"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const MAX_LINES = 50;
export const MAX_REMINDERS = 10;
/** Reminder steps reach at most this many days before or after the due date. */
export const REMINDER_REACH = 90;

const line = z.object({
  label: singleLine(200),
  quantity: integer((n) => n.min(1).max(10_000)),
  unit_price: integer((n) => n.min(1)).meta(amountRule("The price of one unit")),
});

export const createInvoiceBody = z
  .object({
    reference: optional(singleLine(40, { min: 0 }), "").describe("Your own reference, e.g. `F-2027-014` (shown to the customer); may be empty"),
    customer_name: singleLine(100).describe("Who the invoice is for"),
    customer_phone: optional(z.string().trim().max(32).meta({ examples: ["670000000", "+237 6 70 00 00 01"] }), "").describe("The customer's number, in your country's national form or international (`+237…`): SMS reminders. Empty: none"),
    customer_email: optional(z.union([z.literal(""), z.string().trim().toLowerCase().pipe(z.email().max(254))]).meta({ examples: ["awa@example.com", ""] }), "").describe("The customer's e-mail: e-mail reminders. Empty: none"),
    language: optional(z.enum(languages), "fr").describe("The language of the customer's page and reminders"),
    lines: z.array(line).min(1).max(MAX_LINES).describe("What is billed; the total is the sum of quantity × unit price"),
    memo: optional(z.string().max(1000), "").describe("A note shown on the invoice (terms, bank details…)"),
    due_date: z.iso.date().meta({ examples: ["2099-01-31"] }).describe("The day payment is due (YYYY-MM-DD, your country's calendar)"),
    allow_partial: optional(boolean(), false).describe("Whether the customer may pay in parts (a deposit, then the balance); each payment reduces what is due"),
    min_part_amount: optional(integer().meta(amountRule("`allow_partial` only (ignored otherwise): the least one part may be (the balance may always be paid whole); absent: the currency's least amount"))),
    reminder_days: optional(z.array(integer((n) => n.min(-REMINDER_REACH).max(REMINDER_REACH)).meta({ examples: [-3, 7] })).max(MAX_REMINDERS).meta({ examples: [[-3, 0, 7], []] }), []).describe(
      "When to remind the customer, in days from the due date: e.g. `[-3, 0, 7]` (3 days before, on the day, 7 days after). One reminder per step at most, by e-mail and SMS to what the customer has (none: the step is recorded with no message), none once paid or cancelled. A step whose day has passed when the round first sees it is skipped for the latest one due: reminders are never sent in a burst",
    ),
    currency: currencyField,
  })
  // checked even when other fields failed theirs (`when`): one answer names every problem
  .superRefine(
    (body, ctx) => {
      const raw = body as Record<string, unknown>;
      if (Array.isArray(raw.reminder_days)) {
        const days = raw.reminder_days.filter((d) => typeof d === "number");
        if (new Set(days).size !== days.length) ctx.addIssue({ code: "custom", path: ["reminder_days"], message: "must not repeat a day" });
      }
    },
    { when: () => true },
  );
export type CreateInvoiceBody = z.output<typeof createInvoiceBody>;

export const invoiceView = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    customer: z.object({ name: z.string(), phone: z.string().describe("E.164 digits without `+`, or empty"), email: z.string() }),
    language: z.enum(languages),
    currency: z.string(),
    lines: z.array(z.object({ label: z.string(), quantity: z.int(), unit_price: z.int(), amount: z.int().describe("quantity × unit_price") })),
    total: z.int(),
    amount_paid: z.int().describe("What successful payments brought"),
    amount_pending: z.int().describe("What payments in progress hold: no other payment may take it until they fail or expire"),
    balance_due: z.int().describe("`total` − `amount_paid`, never below 0"),
    due_date: z.iso.date(),
    allow_partial: z.boolean(),
    min_part_amount: z.int().nullable().describe("The least one part may be; null when the invoice is paid whole"),
    reminder_days: z.array(z.int()),
    memo: z.string(),
    status: z.enum(invoiceStatuses).describe("`open`, `partially_paid`, `paid`, `overdue` (past its due date, not paid: what is paid shows in `amount_paid`), `cancelled`"),
    link: z.string().describe("The customer's page: the invoice and its pay form (works without JavaScript)"),
    print_link: z.string().describe("The invoice to print, with your business's details"),
    creation_date: z.iso.datetime(),
    paid_at: z.iso.datetime().nullable(),
    cancelled_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Invoice" });

export const invoicePayment = z
  .object({
    track_id: z.string(),
    amount: z.int(),
    currency: z.string(),
    status: z.enum(depositStatuses),
    phone_number: z.string(),
    operator: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "InvoicePayment" });

export const invoiceReminder = z.object({ step: z.int().describe("Days from the due date"), sent_at: z.iso.datetime(), messages: z.int().describe("E-mails and SMS written") }).meta({ id: "InvoiceReminder" });

export const invoiceParams = z.object({ invoice_id: z.uuid() });

export const invoiceOperations = defineOperations("Invoices", {
  create: {
    method: "POST",
    path: "/v1/invoices",
    summary: "Create an invoice",
    description: "A payment request to one customer, with its lines, due date and reminders. Every problem of the body is answered at once (422).",
    auth: "key",
    body: createInvoiceBody,
    example: {
      reference: "F-2027-014",
      customer_name: "Awa Ndiaye",
      customer_phone: "670000000",
      customer_email: "awa@example.com",
      lines: [{ label: "Livraison de riz (sac 50 kg)", quantity: 4, unit_price: 25000 }],
      due_date: "2099-01-31",
      allow_partial: true,
      min_part_amount: 20000,
      reminder_days: [-3, 0, 7],
    },
    response: invoiceView,
    errors: [...keyErrors, ...idempotencyErrors],
  },
  list: {
    method: "GET",
    path: "/v1/invoices",
    summary: "List your invoices, newest first",
    auth: "key",
    query: wholeListQuery,
    response: z.array(invoiceView),
    errors: [...keyErrors],
    paged: "whole",
  },
  get: {
    method: "GET",
    path: "/v1/invoices/{invoice_id}",
    summary: "Get an invoice",
    auth: "key",
    params: invoiceParams,
    response: invoiceView,
    errors: [...keyErrors, "INVOICE_NOT_FOUND"],
  },
  cancel: {
    method: "POST",
    path: "/v1/invoices/{invoice_id}/cancel",
    summary: "Cancel an invoice",
    description: "It then takes no payment and sends no reminder (reminders not yet sent are withdrawn); payments in progress finish. A paid invoice cannot be cancelled (409); cancelling a cancelled one returns it unchanged.",
    auth: "key",
    params: invoiceParams,
    response: invoiceView,
    errors: [...keyErrors, "INVOICE_NOT_FOUND", "INVOICE_PAID", ...idempotencyErrors],
  },
  payments: {
    method: "GET",
    path: "/v1/invoices/{invoice_id}/payments",
    summary: "An invoice's payments, newest first",
    auth: "key",
    params: invoiceParams,
    response: z.array(invoicePayment),
    errors: [...keyErrors, "INVOICE_NOT_FOUND"],
  },
  reminders: {
    method: "GET",
    path: "/v1/invoices/{invoice_id}/reminders",
    summary: "The reminders an invoice's customer was sent, by step",
    auth: "key",
    params: invoiceParams,
    response: z.array(invoiceReminder),
    errors: [...keyErrors, "INVOICE_NOT_FOUND"],
  },
});

/** What a customer submits on the invoice's page: the checkout's fields, and the amount (a part, or the balance). */
export const payInvoiceInput = z.object({
  country: z.enum(countryCodes),
  operator: z.string().min(1).max(40),
  phone: z.string().trim().min(1).max(32),
  client_token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  amount: optional(integer()),
  lang: z.enum(["fr", "en"]).optional(),
});
export type PayInvoiceInput = z.input<typeof payInvoiceInput>;

import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { integer, optional } from "@/lib/core/lenient";
import { defineOperations, idempotencyErrors, keyErrors } from "@/lib/core/operation";
import { wholeListQuery } from "@/lib/core/page-query";
import { depositStatuses } from "@/lib/core/deposit-statuses";
import { amountRule, countryCodes } from "@/lib/countries";
import { formBlock } from "@/lib/core/form-block-shape";
import { currencyField, httpUrl } from "@/lib/gateways/schemas";
import { blockInput } from "@/lib/marketplaces/schemas";

// Payment pages: one link many buyers pay, a fixed price (with a quantity) or an amount the buyer
// chooses between two bounds; an optional stock or cap on payments, an end date, the marketplace's
// kind of questions, a success URL. Each buyer's payment is a deposit of its own.

export const amountTypes = ["fixed", "custom"] as const;
export const pageStatuses = ["open", "closed", "ended", "sold_out"] as const;
export type PageStatus = (typeof pageStatuses)[number];

/** The most units one payment may buy, and the largest stock or cap a page may set. */
export const MAX_QUANTITY_LIMIT = 100;
const COUNT_LIMIT = 1_000_000;

export const createPaymentPageBody = z.object({
  title: singleLine(100).describe("What the buyer sees first: the product, the cause, the bill"),
  description: optional(z.string().max(1000), ""),
  amount_type: z.enum(amountTypes).describe("`fixed`: `amount` per unit, the buyer picks a quantity up to `max_quantity`; `custom`: the buyer types an amount between `min_amount` and `max_amount`"),
  // not nullable: a fixed page needs it, and null is no price
  amount: integer().meta(amountRule("`fixed` only (required there): the unit price")).optional(),
  min_amount: optional(integer().meta(amountRule("`custom` only: the least the buyer may pay; absent: the currency's least amount"))),
  max_amount: optional(integer().meta(amountRule("`custom` only: the most the buyer may pay (at least `min_amount`); absent: the currency's most"))),
  max_quantity: optional(
    integer((n) => n.min(1).max(MAX_QUANTITY_LIMIT)),
    1,
  ).describe("`fixed` only: the most units one payment may buy (1: the buyer does not choose)"),
  stock: optional(integer((n) => n.min(1).max(COUNT_LIMIT))).describe(
    "Units for sale in all (a `custom` payment is one unit); absent: no limit. A payment in progress holds its units until it fails or expires.",
  ),
  max_payments: optional(integer((n) => n.min(1).max(COUNT_LIMIT))).describe("Payments taken in all; absent: no limit"),
  ends_at: optional(z.iso.datetime({ offset: true }).meta({ examples: ["2099-12-31T23:59:59Z"] })).describe("When the page stops taking payments (ISO 8601, in the future); absent: never"),
  closed_message: optional(z.string().max(500), "").describe("Shown instead of the form once the page is closed, past its end or sold out"),
  form_blocks: optional(z.array(blockInput).max(20), []).describe("Questions the buyer answers, as a marketplace's `form_blocks` blocks"),
  success_url: optional(httpUrl, ""),
  currency: currencyField,
})
  // The rules between fields, checked even when other fields failed theirs (`when`), so that one
  // answer names every problem; the values may then be raw input, hence the typeof checks. The
  // bounds of the account's currency are the page's own check (create-page.ts). Fields of the other
  // amount type are ignored, as documented.
  .superRefine(
    (body, ctx) => {
      const raw = body as Record<string, unknown>;
      if (raw.amount_type === "fixed" && (raw.amount === undefined || raw.amount === null)) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: "Field required", params: { type: "missing" } });
      }
      if (raw.amount_type === "custom" && typeof raw.min_amount === "number" && typeof raw.max_amount === "number" && raw.min_amount > raw.max_amount) {
        ctx.addIssue({ code: "custom", path: ["max_amount"], message: "must be at least min_amount" });
      }
      if (typeof raw.ends_at === "string" && !Number.isNaN(Date.parse(raw.ends_at)) && Date.parse(raw.ends_at) <= Date.now()) {
        ctx.addIssue({ code: "custom", path: ["ends_at"], message: "must be in the future" });
      }
    },
    { when: () => true },
  )
  // the first rule above for the reference
  .meta({ if: { properties: { amount_type: { const: "fixed" } } }, then: { required: ["amount"] } });
export type CreatePaymentPageBody = z.output<typeof createPaymentPageBody>;

/**
 * PATCH /v1/payment-pages/{page_id}: only the fields sent change. The amount type is the page's for
 * good (its payments were taken under it): the fields of the other type are ignored, as at creation.
 * `null` removes a limit or the end date; the page's other optional fields are emptied with "".
 */
export const updatePaymentPageBody = z
  .object({
    title: optional(singleLine(100)),
    description: optional(z.string().max(1000)),
    amount: optional(integer().meta(amountRule("`fixed` pages: the unit price, for the payments that start from now"))),
    min_amount: optional(integer().meta(amountRule("`custom` pages: the least the buyer may pay"))),
    max_amount: optional(integer().meta(amountRule("`custom` pages: the most the buyer may pay (at least `min_amount`)"))),
    max_quantity: optional(integer((n) => n.min(1).max(MAX_QUANTITY_LIMIT))).describe("`fixed` pages: the most units one payment may buy"),
    stock: integer((n) => n.min(1).max(COUNT_LIMIT))
      .nullable()
      .optional()
      .describe("Units for sale in all, at least the units already taken; `null`: no limit. More stock reopens a sold-out page."),
    max_payments: integer((n) => n.min(1).max(COUNT_LIMIT))
      .nullable()
      .optional()
      .describe("Payments taken in all, at least those already taken; `null`: no limit"),
    ends_at: z.iso
      .datetime({ offset: true })
      .meta({ examples: ["2099-12-31T23:59:59Z"] })
      .nullable()
      .optional()
      .describe("When the page stops taking payments (in the future); `null`: never. A later date reopens an ended page."),
    closed_message: optional(z.string().max(500)),
    form_blocks: optional(z.array(blockInput).max(20)).describe("The questions, all of them (the list sent replaces the page's); payments taken keep their answers"),
    success_url: optional(httpUrl),
  })
  .superRefine(
    (body, ctx) => {
      const raw = body as Record<string, unknown>;
      if (typeof raw.min_amount === "number" && typeof raw.max_amount === "number" && raw.min_amount > raw.max_amount) {
        ctx.addIssue({ code: "custom", path: ["max_amount"], message: "must be at least min_amount" });
      }
      if (typeof raw.ends_at === "string" && !Number.isNaN(Date.parse(raw.ends_at)) && Date.parse(raw.ends_at) <= Date.now()) {
        ctx.addIssue({ code: "custom", path: ["ends_at"], message: "must be in the future" });
      }
    },
    { when: () => true },
  );
export type UpdatePaymentPageBody = z.output<typeof updatePaymentPageBody>;

export const paymentPageView = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    currency: z.string(),
    amount_type: z.enum(amountTypes),
    amount: z.int().nullable(),
    min_amount: z.int().nullable(),
    max_amount: z.int().nullable(),
    max_quantity: z.int(),
    stock: z.int().nullable(),
    max_payments: z.int().nullable(),
    units_taken: z.int().describe("Units held by payments that succeeded or are in progress"),
    payments_taken: z.int().describe("Payments that succeeded or are in progress"),
    units_left: z.int().nullable().describe("`stock` − `units_taken`; null without a stock"),
    ends_at: z.iso.datetime().nullable(),
    closed_message: z.string(),
    form_blocks: z.array(formBlock),
    success_url: z.string(),
    status: z.enum(pageStatuses).describe("`open`, or why it takes no payment: `closed` (by you), `ended` (past `ends_at`), `sold_out`"),
    link: z.string(),
    creation_date: z.iso.datetime(),
    closed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "PaymentPage" });

export const paymentPagePayment = z
  .object({
    track_id: z.string(),
    gateway_id: z.uuid().describe("The payment's own link (its `gateway_id` in webhooks)"),
    amount: z.int(),
    currency: z.string(),
    quantity: z.int(),
    status: z.enum(depositStatuses),
    phone_number: z.string(),
    operator: z.string(),
    additional_info: z.array(z.object({ fieldName: z.string(), value: z.string() })),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "PaymentPagePayment" });

export const pageParams = z.object({ page_id: z.uuid() });
export const pageListQuery = wholeListQuery;

export const paymentPageOperations = defineOperations("Payment pages", {
  create: {
    method: "POST",
    path: "/v1/payment-pages",
    summary: "Create a payment page",
    description: "A link many buyers pay: a fixed price with a quantity, or an amount the buyer chooses. Every problem of the body is answered at once (422); the amounts are checked against your currency's bounds once the body keeps its own rules. Fields of the other amount type are ignored.",
    auth: "key",
    body: createPaymentPageBody,
    example: { title: "Cotisation 2027", amount_type: "custom", min_amount: 1000, max_amount: 50000, closed_message: "Les cotisations sont closes." },
    response: paymentPageView,
    errors: [...keyErrors, ...idempotencyErrors],
  },
  list: {
    method: "GET",
    path: "/v1/payment-pages",
    summary: "List your payment pages, newest first",
    auth: "key",
    query: pageListQuery,
    response: z.array(paymentPageView),
    errors: [...keyErrors],
    paged: "whole",
  },
  get: {
    method: "GET",
    path: "/v1/payment-pages/{page_id}",
    summary: "Get a payment page",
    auth: "key",
    params: pageParams,
    response: paymentPageView,
    errors: [...keyErrors, "PAYMENT_PAGE_NOT_FOUND"],
  },
  close: {
    method: "POST",
    path: "/v1/payment-pages/{page_id}/close",
    summary: "Close a payment page",
    description: "It then shows its `closed_message` and takes no new payment; payments in progress finish. Closing a closed page returns it unchanged.",
    auth: "key",
    params: pageParams,
    response: paymentPageView,
    errors: [...keyErrors, "PAYMENT_PAGE_NOT_FOUND", ...idempotencyErrors],
  },
  update: {
    method: "PATCH",
    path: "/v1/payment-pages/{page_id}",
    summary: "Change a payment page",
    description:
      "Only the fields sent change; payments in progress keep their amount. The amount type stays the page's (fields of the other type are ignored). A stock or cap of payments below what is already taken is refused (422, with the least it may be). A later `ends_at` or a larger `stock` reopens an ended or sold-out page; a page you closed reopens with `POST /v1/payment-pages/{page_id}/reopen`.",
    auth: "key",
    params: pageParams,
    body: updatePaymentPageBody,
    example: { title: "Cotisation 2027 (prolongée)", ends_at: "2099-12-31T23:59:59Z", stock: null },
    response: paymentPageView,
    errors: [...keyErrors, "PAYMENT_PAGE_NOT_FOUND", ...idempotencyErrors],
  },
  reopen: {
    method: "POST",
    path: "/v1/payment-pages/{page_id}/reopen",
    summary: "Reopen a closed payment page",
    description: "Undoes `close`: the page takes payments again (unless it is past its `ends_at` or sold out: change those with PATCH). Reopening an open page returns it unchanged.",
    auth: "key",
    params: pageParams,
    response: paymentPageView,
    errors: [...keyErrors, "PAYMENT_PAGE_NOT_FOUND", ...idempotencyErrors],
  },
  payments: {
    method: "GET",
    path: "/v1/payment-pages/{page_id}/payments",
    summary: "A payment page's payments, newest first",
    description: "Every buyer's payment (each a deposit with its own `track_id`), with its quantity and answers.",
    auth: "key",
    params: pageParams,
    response: z.array(paymentPagePayment),
    errors: [...keyErrors, "PAYMENT_PAGE_NOT_FOUND"],
  },
});

/** What a buyer submits on a page: the checkout's fields, and the quantity or the amount chosen. */
export const payPageInput = z.object({
  country: z.enum(countryCodes),
  operator: z.string().min(1).max(40),
  phone: z.string().trim().min(1).max(32),
  client_token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  quantity: optional(integer()),
  amount: optional(integer()),
  answers: z.record(z.string(), z.string().max(2000)).default({}),
  lang: z.enum(["fr", "en"]).optional(),
});
export type PayPageInput = z.input<typeof payPageInput>;

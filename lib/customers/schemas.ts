import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { optional } from "@/lib/core/lenient";
import { defineOperations, idempotencyErrors, keyErrors } from "@/lib/core/operation";
import { wholeListQuery } from "@/lib/core/page-query";
import { depositStatuses } from "@/lib/core/deposit-statuses";
import { countryCodes } from "@/lib/countries";

// The customer book: the merchant's payers, one per number (E.164 digits) per account and mode,
// made by their first successful payment or by hand. Browser-safe: the dashboard's forms use these.

export const NOT_A_NUMBER = "not a valid mobile number (international form, or national form of `country`)";
const PLAUSIBLE_NUMBER = /^(\+|00)?\d{6,15}$/;

export const customerOrigins = ["payment", "manual", "invoice"] as const;

// kept as sent but for case (lower-cased by the verbs); empty: none
const email = z.union([z.literal(""), z.email().max(254)]);

export const createCustomerBody = z.object({
  phone_number: z
    .string()
    .max(32)
    .describe("The payer's mobile number: international (`+237 6 70 00 00 00`, `00237…`), or national in `country`"),
  country: optional(z.enum(countryCodes)).describe("The country of a national number; absent: your account's"),
  name: optional(singleLine(100, { min: 0 }), ""),
  email: optional(email, "").describe("An e-mail address, or empty"),
})
  // a number that cannot be one whatever the country, said with the other fields' problems (the
  // whole check, which needs the account's country, is the verb's)
  .superRefine(
    (body, ctx) => {
      const raw = (body as { phone_number?: unknown }).phone_number;
      if (typeof raw === "string" && !PLAUSIBLE_NUMBER.test(raw.replace(/[\s\-().]/g, ""))) {
        ctx.addIssue({ code: "custom", path: ["phone_number"], message: NOT_A_NUMBER });
      }
    },
    { when: () => true },
  );
export type CreateCustomerBody = z.output<typeof createCustomerBody>;

export const updateCustomerBody = z.object({
  name: optional(singleLine(100, { min: 0 })).describe("Empty: no name"),
  email: optional(email).describe("Empty: no e-mail"),
});
export type UpdateCustomerBody = z.output<typeof updateCustomerBody>;

export const mergeCustomerBody = z.object({
  customer_id: z.uuid().describe("The other record of the same person: its payments move to this one, and it is marked merged into this one"),
});

const totals = {
  payments_count: z.int().describe("Successful payments booked to this customer"),
  amount_paid: z.int().describe("Their sum in your account's currency (minor units), refunds not deducted"),
  amount_refunded: z.int().describe("What refunds took back of them"),
  currency: z.string(),
  last_payment_at: z.iso.datetime().nullable(),
};

const base = {
  id: z.uuid(),
  phone_masked: z.string().nullable().describe("The number with its middle hidden (`237*******00`); null once erased"),
  country: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  created_by: z.enum(customerOrigins).describe("`payment`: its first successful payment; `manual`: made by hand; `invoice`: the customer of an invoice (its number, name and e-mail)"),
  merged_into: z.uuid().nullable().describe("Set once merged: the record that holds its payments now"),
  erased_at: z.iso.datetime().nullable().describe("Set once its personal data was erased"),
  creation_date: z.iso.datetime(),
  ...totals,
};

export const customerSummary = z.object(base).meta({ id: "CustomerSummary" });

export const customerPayment = z
  .object({
    track_id: z.string(),
    amount: z.int(),
    currency: z.string(),
    status: z.enum(depositStatuses),
    phone_number: z.string().describe("The number that paid (masked once the customer was erased)"),
    operator: z.string(),
    payment_gateway_id: z.uuid().nullable(),
    marketplace_gateway_id: z.uuid().nullable(),
    refunded_amount: z.int(),
    completed_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "CustomerPayment" });

export const customerView = z
  .object({
    ...base,
    phone_number: z.string().nullable().describe("The whole number (E.164 digits); null once erased"),
    payments: z.array(customerPayment).describe("Its successful payments, newest first (the latest 100)"),
  })
  .meta({ id: "Customer" });

export const customerParams = z.object({ customer_id: z.uuid() });
export const customerListQuery = wholeListQuery.extend({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("Search, case-insensitive: a part of the name or the e-mail, or digits of the number"),
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

export const customerOperations = defineOperations("Customers", {
  list: {
    method: "GET",
    path: "/v1/customers",
    summary: "List your customers, newest first",
    description: "Numbers are masked here; a customer's own page (`GET /v1/customers/{customer_id}`) shows the whole number. Merged and erased records are left out.",
    auth: "key",
    query: customerListQuery,
    response: z.array(customerSummary),
    errors: [...keyErrors],
    paged: "whole",
  },
  create: {
    method: "POST",
    path: "/v1/customers",
    summary: "Add a customer by hand",
    description: "Payers are added by their first successful payment anyway; this is for someone who has not paid yet. A number already in the book is `409 CUSTOMER_EXISTS`.",
    auth: "key",
    body: createCustomerBody,
    example: { phone_number: "+237 6 70 00 00 42", name: "Awa Ndiaye", email: "awa@example.com" },
    response: customerView,
    errors: [...keyErrors, "CUSTOMER_EXISTS", ...idempotencyErrors],
  },
  get: {
    method: "GET",
    path: "/v1/customers/{customer_id}",
    summary: "Get a customer, whole number and payments",
    auth: "key",
    params: customerParams,
    response: customerView,
    errors: [...keyErrors, "CUSTOMER_NOT_FOUND"],
  },
  update: {
    method: "PATCH",
    path: "/v1/customers/{customer_id}",
    summary: "Change a customer's name or e-mail",
    description: "Only the fields sent change. The number does not: it is what the customer is.",
    auth: "key",
    params: customerParams,
    body: updateCustomerBody,
    example: { name: "Awa Ndiaye", email: "awa.ndiaye@example.com" },
    response: customerView,
    errors: [...keyErrors, "CUSTOMER_NOT_FOUND", "CUSTOMER_MERGED", "CUSTOMER_ERASED", ...idempotencyErrors],
  },
  merge: {
    method: "POST",
    path: "/v1/customers/{customer_id}/merge",
    summary: "Merge another record of the same person into this one",
    description:
      "Another record of the caller's (else `404 CUSTOMER_NOT_FOUND`): its payments move to this one (totals follow), it is marked `merged_into` this one, and later payments from its number are booked here. Merging again the same pair answers the same. Name and e-mail this one lacks are taken from the other.",
    auth: "key",
    params: customerParams,
    body: mergeCustomerBody,
    example: { customer_id: "6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f" },
    response: customerView,
    errors: [...keyErrors, "CUSTOMER_NOT_FOUND", "CUSTOMER_MERGED", "CUSTOMER_ERASED", ...idempotencyErrors],
  },
  erase: {
    method: "POST",
    path: "/v1/customers/{customer_id}/erase",
    summary: "Erase a customer's personal data",
    description:
      "On the customer's request: its number, name and e-mail are removed, and so are the payer fields of its payments (the number masked, a marketplace buyer's name and e-mail emptied), and of the records merged into it. The payments stay, with their amounts, dates, statuses, track ids and receipts, and the books are unchanged. A later payment from the number starts a new record. Erasing again answers the same.",
    auth: "key",
    params: customerParams,
    response: customerView,
    errors: [...keyErrors, "CUSTOMER_NOT_FOUND", ...idempotencyErrors],
  },
});

import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { isHttpUrl } from "@/lib/core/http-url";
import { amountRule, currencyCodes } from "@/lib/countries";
import { depositStatuses } from "@/lib/core/deposit-statuses";
import { integer, optional } from "@/lib/core/lenient";
import { defineOperations, keyErrors } from "@/lib/core/operation";
import { queryBoolean, wholeListQuery } from "@/lib/core/page-query";

// Payment gateways (payment links): interface §2.1 and §4.1, DESIGN §3.

export const httpUrl = z
  .string()
  .max(2048)
  // the URL parser drops CR, LF and tabs silently: refuse them (and spaces) rather than store them
  .refine((v) => !/[\s\p{Cc}]/u.test(v), { message: "must not contain spaces or control characters" })
  .refine((v) => v === "" || isHttpUrl(v), { message: "must be empty or an absolute http(s) URL" })
  // the rule above for the reference (test/api/openapi.test.ts tries both on the same values)
  .meta({
    pattern: "^(https?://[^\\s/?#]+[^\\s]*)?$",
    // said twice: the pattern for validators, `format: uri` for readers and generators of examples
    anyOf: [{ const: "" }, { format: "uri", pattern: "^https?://" }],
    description: "Empty, or an absolute http(s) URL of at most 2048 characters, without spaces or control characters",
  });

const shopName = singleLine(100);
const message = z.string().max(500);

/** Optional in create bodies: the account's currency (any case); another one is a 422 naming it. */
export const currencyField = optional(z.string().trim().max(3).meta({ enum: currencyCodes })).describe(
  "Optional: your account's currency (ISO 4217, any case; GET /v1/account says which). The link is always in it; another currency, even one Kola knows, is refused (422).",
);

export const createGatewayBody = z.object({
  amount: integer().meta(amountRule("What the buyer pays")),
  shop_name: shopName,
  message: optional(message, ""),
  order_id: optional(
    z
      .string()
      .max(100)
      .regex(/^[^/\p{Cc}]*$/u, { message: "must be printable characters without '/'" }),
    "",
  ).describe("Your reference; when not empty, held by one live link per account and mode (archiving frees it)"),
  success_url: optional(httpUrl, ""),
  failure_url: optional(httpUrl, ""),
  currency: currencyField,
});
export type CreateGatewayBody = z.output<typeof createGatewayBody>;

export const updateGatewayBody = z.object({
  amount: optional(integer().meta(amountRule("The new amount (not once the link is paid)"))),
  shop_name: optional(shopName),
  message: optional(message),
  success_url: optional(httpUrl),
  failure_url: optional(httpUrl),
});
export type UpdateGatewayBody = z.output<typeof updateGatewayBody>;

export const countryObject = z.object({ name: z.string(), iso_code: z.string() }).meta({ id: "Country" });

const gatewayBase = {
  id: z.uuid(),
  amount: z.int(),
  currency: z.string(),
  shop_name: z.string(),
  creation_date: z.iso.datetime(),
  link: z.string(),
  message: z.string(),
  order_id: z.string(),
  success_url: z.string(),
  failure_url: z.string(),
};
export const gatewayCreated = z.object({ ...gatewayBase, user_id: z.uuid() }).meta({ id: "PaymentGatewayCreated" });
export const gatewayView = z.object({ ...gatewayBase, user_country: countryObject }).meta({ id: "PaymentGateway" });

export const gatewayParams = z.object({ gateway_id: z.uuid() });
export const payinParams = z.object({ order_id: z.string().min(1).max(100) });
export const payinStatus = z
  .object({ order_id: z.string(), status: z.enum(depositStatuses) })
  .meta({ id: "PayinStatus" });
export const gatewayListQuery = wholeListQuery.extend({
  q: z.string().trim().max(100).optional().describe("Search, case-insensitive: a word anywhere in shop_name or message, or the beginning of an order_id"),
  paid: queryBoolean.optional().describe("`true`: only links paid successfully; `false`: only links not paid yet"),
  archived: queryBoolean
    .default(false)
    .describe("`true`: the archived links instead of the live ones (archived links answer 404 everywhere else)"),
  include: z
    .enum(["payment_status"])
    .optional()
    .describe("`payment_status`: add each link's `payment_status` (the payin status rule) and `attempted` to the items"),
});
export type GatewayListQuery = z.output<typeof gatewayListQuery>;

const paymentStatusField = payinStatus.shape.status
  .optional()
  .describe("Only with `include=payment_status`: `success` once paid, else the latest attempt's status, or `pending`");

const attemptedField = z
  .boolean()
  .optional()
  .describe("Only with `include=payment_status`: whether anyone has tried to pay the link; `false` means nobody has (its `payment_status` is then `pending`)");

export const gatewayListItem = gatewayView
  .extend({ payment_status: paymentStatusField, attempted: attemptedField })
  .meta({ id: "PaymentGatewayListItem" });

const gatewayGetQuery = z.object({
  include: z
    .enum(["payment_status"])
    .optional()
    .describe("`payment_status`: add the link's `payment_status` and `attempted`; only the owner may ask (API key or dashboard session)"),
});
export const gatewayWithStatus = gatewayView
  .extend({
    payment_status: paymentStatusField,
    attempted: attemptedField,
    archived_at: z.iso
      .datetime()
      .nullable()
      .optional()
      .describe("Only with `include=payment_status` (the owner's read, which also finds archived links): when the link was archived, or null"),
  })
  .meta({ id: "PaymentGatewayWithStatus" });

export const gatewayDeleted = z.object({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: "PaymentGatewayDeleted" });

export const gatewayOperations = defineOperations("Payment gateways", {
  create: {
    method: "POST",
    path: "/v1/gateway",
    summary: "Create a payment link",
    description:
      "Re-posting the same body with the same non-empty `order_id` returns the existing link (safe retry); another body with a used `order_id` is 409. Archiving a link (`DELETE`) frees its `order_id` for a new link.",
    auth: "key",
    body: createGatewayBody,
    example: {
      amount: 5000,
      shop_name: "Ma boutique",
      message: "Commande n°42",
      order_id: "ORD-2026-0042",
      success_url: "https://shop.example/merci",
      failure_url: "https://shop.example/echec",
    },
    response: gatewayCreated,
    errors: [...keyErrors, "ORDER_ID_CONFLICT", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"],
  },
  list: {
    method: "GET",
    path: "/v1/gateway",
    summary: "List your payment links, newest first",
    description:
      "Items have the shape of GET /v1/gateway/{gateway_id}. Optional filters `q`, `paid`, `archived`; `include=payment_status` adds each link's payment status and whether anyone tried to pay it.",
    auth: "key",
    query: gatewayListQuery,
    response: z.array(gatewayListItem),
    errors: [...keyErrors],
    paged: "whole",
  },
  get: {
    method: "GET",
    path: "/v1/gateway/{gateway_id}",
    summary: "Get a payment link (no API key)",
    description:
      "Public: the checkout page and buyers' browsers read it; an archived link is 404. With `include=payment_status` it is the owner's read: it needs the link's API key (or the dashboard's session), adds `payment_status`, `attempted` and `archived_at`, and also finds an archived link.",
    auth: "none",
    params: gatewayParams,
    query: gatewayGetQuery,
    response: gatewayWithStatus,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND"],
  },
  update: {
    method: "PUT",
    path: "/v1/gateway/{gateway_id}",
    summary: "Update a payment link",
    description: "Changes only the fields sent. The amount of a paid link cannot change.",
    auth: "key",
    params: gatewayParams,
    body: updateGatewayBody,
    example: { amount: 7500, message: "Nouveau prix" },
    response: gatewayView,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND", "GATEWAY_ALREADY_PAID", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"],
  },
  archive: {
    method: "DELETE",
    path: "/v1/gateway/{gateway_id}",
    summary: "Archive a payment link",
    description: "Its link then shows “no longer available”; past payments stay readable; its `order_id` is free for a new link.",
    auth: "key",
    params: gatewayParams,
    response: gatewayDeleted,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"],
  },
  unarchive: {
    method: "POST",
    path: "/v1/gateway/{gateway_id}/unarchive",
    summary: "Unarchive a payment link",
    description:
      "Its link takes payments again (a paid link shows its receipt again). Unarchiving a link that is not archived returns it unchanged. Answers the owner's read (`payment_status`, `archived_at` null).",
    auth: "key",
    params: gatewayParams,
    response: gatewayWithStatus,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND", "ORDER_ID_CONFLICT", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"],
  },
  payin: {
    method: "GET",
    path: "/v1/gateway/payin/{order_id}",
    summary: "Payment status of a link by your order_id",
    description:
      "`success` once any attempt succeeded, otherwise the latest attempt's status, or `pending` when there is none. The link is the live one holding `order_id`; when none does, the one archived last (archiving frees an `order_id`, so several links may have carried it).",
    auth: "key",
    params: payinParams,
    response: payinStatus,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND"],
  },
});

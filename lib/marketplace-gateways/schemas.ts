import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { amountRule, countryCodes } from "@/lib/countries";
import { amountField } from "@/lib/countries/amount-limit";
import { depositStatuses } from "@/lib/core/deposit-statuses";
import { countryObject, currencyField } from "@/lib/gateways/schemas";
import { integer, optional } from "@/lib/core/lenient";
import { defineOperations, idempotencyErrors, keyErrors } from "@/lib/core/operation";
import { pageQuery, queryBoolean, wholeListQuery } from "@/lib/core/page-query";
import { formBlock } from "@/lib/marketplaces/schemas";

// Marketplace gateways and their buyers' transactions: interface §2.3, §2.5, §4.2, DESIGN §5.

export const createMarketplaceGatewayBody = z.object({
  amount: integer().meta(amountRule("The product price (what the seller gets)")),
  shop_name: singleLine(100).describe("The seller"),
  phone_number: z
    .string()
    .max(32)
    // libphonenumber's rule (lib/countries/phones.ts) has no JSON Schema: examples of numbers it takes
    .meta({ examples: ["+237 6 70 00 00 00", "237670000000", "00221 77 000 00 00"] })
    .describe(
      `The seller's payout wallet: a mobile number (not a landline) of a supported country (${countryCodes.join(", ")}), in international form: \`+237 6 70 00 00 00\`, \`237670000000\` or \`00237670000000\`; spaces, dashes, dots and brackets are ignored. Its country sets the link's \`country\` and \`currency\`.`,
    ),
  fee: optional(amountField(0)).describe(
    "The marketplace's commission on this link, in minor units; default round(amount × marketplace fee / 100). The buyer pays amount + fee, which must stay within the currency's amount bounds.",
  ),
  message: optional(z.string().max(500), ""),
  currency: currencyField.describe(
    "Optional: the currency of the seller phone's country (ISO 4217, any case), which the link is in; another currency is refused (422).",
  ),
});
export type CreateMarketplaceGatewayBody = z.output<typeof createMarketplaceGatewayBody>;

// The favicon's rule as the reference states it, and the server's, one text: `https://`, a host, no
// white space or control character (named, not `\s` alone: JavaScript and Python disagree on it),
// not trimmed. Beyond it, the server asks the URL parser.
const NOT_BLANK = "^\\s\\u0000-\\u001f\\u007f-\\u009f\\ufeff";
const FAVICON_PATTERN = `^(https://[${NOT_BLANK}/?#]+[${NOT_BLANK}]*)?$`;
const favicon = new RegExp(FAVICON_PATTERN);

function isHttpsUrl(value: string): boolean {
  return favicon.test(value) && URL.canParse(value) && new URL(value).protocol === "https:";
}

export const updateMarketplaceGatewayBody = z.object({
  amount: optional(createMarketplaceGatewayBody.shape.amount),
  shop_name: optional(createMarketplaceGatewayBody.shape.shop_name),
  phone_number: optional(createMarketplaceGatewayBody.shape.phone_number).describe("The seller's payout wallet; a number of a country paying in the link's currency"),
  fee: optional(amountField(0)).describe("Kept as it is unless sent (changing `amount` does not recompute it)"),
  message: optional(z.string().max(500)),
  favicon: z
    .string()
    .max(2048)
    .refine((v) => v === "" || isHttpsUrl(v), { message: "must be an https URL, or empty to remove it" })
    .meta({ pattern: FAVICON_PATTERN, anyOf: [{ const: "" }, { format: "uri", pattern: "^https://" }] })
    .optional()
    .describe("The link's own favicon (an https URL); `\"\"` removes it and the marketplace's shows again"),
});
export type UpdateMarketplaceGatewayBody = z.output<typeof updateMarketplaceGatewayBody>;

export const marketplaceGatewayListQuery = wholeListQuery.extend({
  archived: queryBoolean
    .default(false)
    .describe("`true`: the archived links instead of the live ones (archived links answer 404 everywhere else)"),
});
export type MarketplaceGatewayListQuery = z.output<typeof marketplaceGatewayListQuery>;
export const marketplaceGatewayParams = z.object({ gateway_id: z.uuid() });
export const marketplaceGatewayDeleted = z
  .object({ id: z.uuid(), deleted: z.literal(true) })
  .meta({ id: "MarketplaceGatewayDeleted" });

export const marketplaceGateway = z
  .object({
    id: z.uuid(),
    amount: z.int(),
    currency: z.string(),
    country: z.string(),
    fee: z.int(),
    shop_name: z.string(),
    phone_number: z.string(),
    marketplace_id: z.uuid(),
    link: z.string(),
    creation_date: z.iso.datetime(),
    marketplace_logo: z.string(),
    marketplace_color: z.string(),
    message: z.string(),
    favicon: z.string(),
    form_blocks: z.array(formBlock),
    marketplace_favicon: z.string(),
  })
  .meta({ id: "MarketplaceGateway" });

export const marketplaceTransaction = z
  .object({
    transaction_id: z.uuid(),
    track_id: z.string().describe("The deposit (payment attempt) of this transaction: GET /v1/deposits/{track_id}"),
    status: z.enum(depositStatuses),
    creation_date: z.iso.datetime(),
    buyer_price: z.number(),
    product_price: z.number(),
    buyer: z.object({
      buyer_id: z.uuid(),
      full_name: z.string(),
      email: z.string(),
      phone_number: z.string(),
      country: countryObject,
      operator: z.object({ name: z.string(), value: z.string() }),
    }),
    additional_info: z.array(z.object({ fieldName: z.string(), value: z.string() })),
  })
  .meta({ id: "MarketplaceTransaction" });

export const marketplaceGatewayOperations = defineOperations("Marketplace gateways", {
  create: {
    method: "POST",
    path: "/v1/api/marketplace/gateway",
    summary: "Create a marketplace link for a seller",
    description:
      "A reusable product link: many buyers can pay it. Copies the marketplace's colour, logo, favicon and form blocks. Needs an active marketplace.",
    auth: "key",
    body: createMarketplaceGatewayBody,
    example: { amount: 15000, shop_name: "Boutique Awa", phone_number: "+237 6 70 00 00 00", message: "Sac en raphia" },
    response: marketplaceGateway,
    errors: [...keyErrors, "MARKETPLACE_NOT_FOUND", "MARKETPLACE_INACTIVE", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"],
  },
  list: {
    method: "GET",
    path: "/v1/api/marketplace/gateway",
    summary: "List your marketplace links, newest first",
    description: "The live links; `archived=true` lists the archived ones instead.",
    auth: "key",
    query: marketplaceGatewayListQuery,
    response: z.array(marketplaceGateway),
    errors: [...keyErrors],
    paged: "whole",
  },
  get: {
    method: "GET",
    path: "/v1/api/marketplace/gateway/{gateway_id}",
    summary: "Get one of your marketplace links",
    description: "The link as its creation returned it (its branding and form blocks are the ones copied then).",
    auth: "key",
    params: marketplaceGatewayParams,
    response: marketplaceGateway,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND"],
  },
  update: {
    method: "PUT",
    path: "/v1/api/marketplace/gateway/{gateway_id}",
    summary: "Update a marketplace link",
    description:
      "Changes only the fields sent; the answer is the link as GET shows it. New buyers pay the new price; attempts already started keep theirs. A new `phone_number` must be of a country paying in the link's currency (the link's `country` follows it). An archived link answers 404: unarchive it first.",
    auth: "key",
    params: marketplaceGatewayParams,
    body: updateMarketplaceGatewayBody,
    example: { amount: 17500, message: "Sac en raphia, grand modèle" },
    response: marketplaceGateway,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND", ...idempotencyErrors],
  },
  archive: {
    method: "DELETE",
    path: "/v1/api/marketplace/gateway/{gateway_id}",
    summary: "Archive a marketplace link",
    description:
      "Its page then tells new buyers the link is no longer available; attempts already started finish, and past transactions stay readable (list with `archived=true`). Undo with POST …/unarchive.",
    auth: "key",
    params: marketplaceGatewayParams,
    response: marketplaceGatewayDeleted,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND", ...idempotencyErrors],
  },
  unarchive: {
    method: "POST",
    path: "/v1/api/marketplace/gateway/{gateway_id}/unarchive",
    summary: "Unarchive a marketplace link",
    description: "The link takes payments again (if its marketplace is active). A live link is returned as it is.",
    auth: "key",
    params: marketplaceGatewayParams,
    response: marketplaceGateway,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND", ...idempotencyErrors],
  },
  transactions: {
    method: "GET",
    path: "/v1/api/marketplace/gateway/{gateway_id}/transactions",
    summary: "Buyers' payment attempts on a marketplace link, newest first",
    auth: "key",
    params: marketplaceGatewayParams,
    query: pageQuery,
    response: z.array(marketplaceTransaction),
    errors: [...keyErrors, "GATEWAY_NOT_FOUND"],
    paged: true,
  },
});

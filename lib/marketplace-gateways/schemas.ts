import { z } from "zod";
import { depositStatuses } from "@/lib/deposits/statuses";
import { countryObject } from "@/lib/gateways/schemas";
import { defineOperation } from "@/lib/http/operation";
import { pageQuery } from "@/lib/http/page-query";
import { formBlock } from "@/lib/marketplaces/schemas";

// Marketplace gateways and their buyers' transactions: interface §2.3, §2.5, §4.2, DESIGN §5.

export const createMarketplaceGatewayBody = z.object({
  amount: z.int().describe("The product price, in the currency's minor unit"),
  shop_name: z.string().trim().min(1).max(100).describe("The seller"),
  phone_number: z
    .string()
    .max(32)
    .describe("The seller's payout wallet, international format (+237 6 70 00 00 00 or 237670000000)"),
  fee: z.int().min(0).optional().describe("Default: round(amount × marketplace fee / 100)"),
  message: z.string().max(500).default(""),
});
export type CreateMarketplaceGatewayBody = z.output<typeof createMarketplaceGatewayBody>;

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

const tag = "Marketplace gateways";
const keyErrors = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND"] as const;

export const marketplaceGatewayOperations = {
  create: defineOperation({
    method: "POST",
    path: "/v1/api/marketplace/gateway",
    tag,
    summary: "Create a marketplace link for a seller",
    description:
      "A reusable product link: many buyers can pay it. Copies the marketplace's colour, logo, favicon and form blocks. Needs an active marketplace.",
    auth: "key",
    body: createMarketplaceGatewayBody,
    response: marketplaceGateway,
    errors: [...keyErrors, "MARKETPLACE_NOT_FOUND", "MARKETPLACE_INACTIVE", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"],
  }),
  list: defineOperation({
    method: "GET",
    path: "/v1/api/marketplace/gateway",
    tag,
    summary: "List your marketplace links, newest first",
    auth: "key",
    query: pageQuery,
    response: z.array(marketplaceGateway),
    errors: [...keyErrors],
    paged: true,
  }),
  get: defineOperation({
    method: "GET",
    path: "/v1/api/marketplace/gateway/{gateway_id}",
    tag,
    summary: "Get one of your marketplace links",
    description: "The link as its creation returned it (its branding and form blocks are the ones copied then).",
    auth: "key",
    params: z.object({ gateway_id: z.uuid() }),
    response: marketplaceGateway,
    errors: [...keyErrors, "GATEWAY_NOT_FOUND"],
  }),
  transactions: defineOperation({
    method: "GET",
    path: "/v1/api/marketplace/gateway/{gateway_id}/transactions",
    tag,
    summary: "Buyers' payment attempts on a marketplace link, newest first",
    auth: "key",
    params: z.object({ gateway_id: z.uuid() }),
    query: pageQuery,
    response: z.array(marketplaceTransaction),
    errors: [...keyErrors, "GATEWAY_NOT_FOUND"],
    paged: true,
  }),
};

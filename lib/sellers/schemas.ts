import { z } from "zod";
import { boolean, optional } from "@/lib/core/lenient";
import { defineOperations, idempotencyErrors, keyErrors } from "@/lib/core/operation";
import { pageQuery } from "@/lib/core/page-query";
import { trackId } from "@/lib/deposits/track-id";

// Marketplace sellers: parties with money of their own, found by their payout phone.

export const sellerBalance = z
  .object({
    pending: z.int().describe("Shares of its sales still in their payout hold (`seller_payout_delay_days`); a refund can still take them back"),
    available: z
      .int()
      .describe(
        "Due to the seller and not paid out yet: shares whose hold is over (paid out within seconds unless the seller is on hold) and failed payouts waiting to be sent again. Below zero: what the seller owes you after a `debit_seller` refund, netted from its next sales before any new payout",
      ),
    in_flight: z.int().describe("Payouts handed to the provider, not confirmed yet"),
    paid_out: z.int().describe("Everything paid out to the seller so far (successful payouts)"),
  })
  .meta({ id: "SellerBalance" });

export const sellerView = z
  .object({
    id: z.uuid().describe("Pass it as `starting_after` for the next page"),
    marketplace_id: z.uuid(),
    name: z.string().describe("The `shop_name` of the marketplace link it last sold through"),
    phone_number: z.string().describe("Its payout phone, E.164 digits without `+`: what identifies it in the marketplace"),
    country: z.string().describe("ISO 3166 alpha-3 of the phone"),
    currency: z.string().describe("The currency it is paid in: the phone's country's"),
    on_hold: z.boolean().describe("Its payouts are stopped (PATCH /v1/sellers/{seller_id}); its money waits in `available`"),
    hold_reason: z.string(),
    held_at: z.iso.datetime().nullable(),
    balance: sellerBalance,
    created_at: z.iso.datetime().describe("Its first sale's submit"),
  })
  .meta({ id: "Seller" });
export type SellerView = z.output<typeof sellerView>;

export const saleStates = ["held", "due", "paying", "paid", "failed", "closed"] as const;

export const sellerSale = z
  .object({
    id: z.uuid().describe("The sale's deposit id; pass it as `starting_after` for the next page"),
    track_id: z.string(),
    transaction_id: z.uuid().describe("The marketplace transaction"),
    marketplace_gateway_id: z.uuid(),
    buyer_price: z.int().describe("What the buyer paid"),
    share: z.int().describe("The seller's share, as fixed when the buyer submitted"),
    fee: z.int().describe("Your fee: `buyer_price` − `share`"),
    refunded: z.int().describe("The seller's part of the sale's refunds (whoever bore it)"),
    held: z.int().describe("Of the share, still in its payout hold"),
    owed: z.int().describe("Of the share, released and not paid out yet"),
    state: z
      .enum(saleStates)
      .describe(
        "`held`: in its payout hold; `due`: released, to be paid out (after the outcome of a refund under way that would change the amount); `paying`: its payout is under way; `paid`; `failed`: its payout failed (retry it, or give it a new phone with PATCH /v1/payouts/{payout_id}); `closed`: nothing left to pay: its share taken back by refunds (at once, even within its hold), or netted against the seller's debt. A refund that fails gives the share back: the state follows",
      ),
    release_at: z.iso.datetime().describe("When its hold ends (or ended)"),
    released_at: z.iso.datetime().nullable(),
    payout_id: z.uuid().nullable().describe("Its latest payout"),
    created_at: z.iso.datetime().describe("When the sale succeeded"),
  })
  .meta({ id: "SellerSale" });
export type SellerSale = z.output<typeof sellerSale>;

export const sellerParams = z.object({ seller_id: z.uuid() });
export const sellerListQuery = pageQuery.extend({
  on_hold: optional(boolean()).describe("Only the sellers on hold (true) or not (false)"),
});
export type SellerListQuery = z.output<typeof sellerListQuery>;

export const updateSellerBody = z.object({
  on_hold: boolean().describe("`true` stops the seller's payouts (suspected fraud); `false` clears the hold and its due shares are paid out"),
  hold_reason: optional(z.string().trim().max(500), "").describe("Your note, kept while on hold"),
});
export type UpdateSellerBody = z.output<typeof updateSellerBody>;

export const releaseSellerBody = z.object({
  track_id: optional(trackId).describe("Only this sale's share; omitted: every share of the seller still held"),
});
export type ReleaseSellerBody = z.output<typeof releaseSellerBody>;

export const sellerOperations = defineOperations("Sellers", {
  list: {
    method: "GET",
    path: "/v1/sellers",
    summary: "List your marketplace's sellers, newest first, with their balances",
    description: "A seller is made by its first sale: the marketplace link's payout phone identifies it.",
    auth: "key",
    query: sellerListQuery,
    response: z.array(sellerView),
    errors: [...keyErrors],
    paged: true,
  },
  get: {
    method: "GET",
    path: "/v1/sellers/{seller_id}",
    summary: "Get a seller and its balance",
    auth: "key",
    params: sellerParams,
    response: sellerView,
    errors: [...keyErrors, "SELLER_NOT_FOUND"],
  },
  update: {
    method: "PATCH",
    path: "/v1/sellers/{seller_id}",
    summary: "Hold a seller's payouts, or clear the hold",
    description:
      "On hold, the seller's shares still leave their payout hold but are not paid out, and its failed payouts cannot be sent again; clearing the hold pays out what is due.",
    auth: "key",
    params: sellerParams,
    body: updateSellerBody,
    example: { on_hold: true, hold_reason: "Commandes contestées" },
    response: sellerView,
    errors: [...keyErrors, "SELLER_NOT_FOUND", ...idempotencyErrors],
  },
  release: {
    method: "POST",
    path: "/v1/sellers/{seller_id}/release",
    summary: "End the payout hold of a seller's shares now",
    description:
      "The shares leave `pending` for `available` at once, and are paid out like any share whose hold ended (unless the seller is on hold). Releasing a share already released changes nothing.",
    auth: "key",
    params: sellerParams,
    body: releaseSellerBody,
    example: {},
    response: sellerView,
    errors: [...keyErrors, "SELLER_NOT_FOUND", "DEPOSIT_NOT_FOUND", ...idempotencyErrors],
  },
  sales: {
    method: "GET",
    path: "/v1/sellers/{seller_id}/sales",
    summary: "A seller's sales and where each share is, newest first",
    auth: "key",
    params: sellerParams,
    query: pageQuery,
    response: z.array(sellerSale),
    errors: [...keyErrors, "SELLER_NOT_FOUND"],
    paged: true,
  },
});

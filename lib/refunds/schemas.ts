import { z } from "zod";
import { currencyCodes } from "@/lib/countries";
import { amountField } from "@/lib/countries/amount-limit";
import { optional } from "@/lib/core/lenient";
import { defineOperations, keyErrors } from "@/lib/core/operation";
import { pageQuery } from "@/lib/core/page-query";
import { TRACK_ID_EXAMPLE, trackId, trackIdFilter } from "@/lib/deposits/track-id";
import { disbursementStatuses, sellerShareModes } from "@/lib/core/ledger-kinds";

// Refunds of successful payments: full or partial, never more than what remains.

export const disbursementStatus = z
  .enum(disbursementStatuses)
  .describe("`pending`: recorded, not yet taken by the provider; `processing`: the provider has it; then `success` or `failed`");

const sellerShare = z
  .enum(sellerShareModes)
  .describe(
    "Marketplace sales only: who bears the seller's part of the refund (the seller's share in proportion to the refund). `reverse`: taken back from the seller's share while Kola still holds it (in its payout hold, or released and not paid out); you return only your fee's part. `merchant`: you bear all of it; the seller keeps its share. `debit_seller`: taken from the seller's balance, which may go below zero: you advance that debt and get it back from the seller's next sales before any new payout. Default: `reverse` while the share is held, else `merchant`",
  );

export const createRefundBody = z.object({
  track_id: trackId.describe("The successful deposit (payment) to refund (case-insensitive)"),
  amount: optional(amountField(1)).describe("In the currency's minor unit; omitted: everything that remains to refund of the payment"),
  currency: optional(z.string().length(3).meta({ enum: currencyCodes })).describe(
    "Default: the payment's currency, which it must be: a refund is paid in the payment's currency (another is refused, 422)",
  ),
  reason: optional(z.string().trim().max(500), "").describe("Your note, kept with the refund"),
  seller_share: optional(sellerShare),
});
export type CreateRefundBody = z.output<typeof createRefundBody>;

export const refundSplit = z
  .object({
    seller_id: z.uuid().describe("The sale's seller (GET /v1/sellers/{seller_id})"),
    share_part: z.int().describe("The seller's share in this refund: the share in proportion to the refund of what the buyer paid"),
    seller_amount: z.int().describe("What the seller's balance pays: `share_part` (reverse, debit_seller) or 0 (merchant)"),
    merchant_amount: z.int().describe("What your available balance pays: `amount` − `seller_amount`"),
  })
  .meta({ id: "RefundSplit" });

export const refundView = z
  .object({
    id: z.uuid(),
    track_id: z.string().describe("The deposit refunded"),
    amount: z.int(),
    currency: z.string(),
    status: disbursementStatus,
    reason: z.string().describe("Your note; `duplicate_payment` for an automatic refund"),
    automatic: z
      .boolean()
      .describe("Made by Kola itself: a second success on a payment link already paid (DESIGN §3) is refunded in full"),
    failure_reason: z.string().nullable().describe("Why it failed, in the provider's words; the money is then back where it came from"),
    seller_share: z.enum(sellerShareModes).nullable().describe("A marketplace sale's refund: who bore the seller's part (see POST /v1/refunds); null for a payment link"),
    split: refundSplit.nullable().describe("A marketplace sale's refund: who pays what; null for a payment link"),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Refund" });
export type RefundView = z.output<typeof refundView>;

export const refundParams = z.object({ refund_id: z.uuid() });
export const refundListQuery = pageQuery.extend({
  track_id: trackIdFilter.optional().describe("Only the refunds of this deposit (case-insensitive)"),
  seller_id: z.uuid().optional().describe("Only the refunds of this marketplace seller's sales"),
  marketplace_gateway_id: z.uuid().optional().describe("Only the refunds of this marketplace link's sales"),
  status: z.enum(disbursementStatuses).optional().describe("Only refunds in this status"),
});
export type RefundListQuery = z.output<typeof refundListQuery>;

export const refundPreviewQuery = z.object({
  track_id: createRefundBody.shape.track_id,
  amount: createRefundBody.shape.amount,
});
export type RefundPreviewQuery = z.output<typeof refundPreviewQuery>;

export const refundPreview = z
  .object({
    track_id: z.string(),
    currency: z.string(),
    amount: z.int().describe("The refund's amount: the one asked, or all that remains"),
    refundable: z.int().describe("What remains to refund of the payment, before this refund"),
    share_part: z.int().nullable().describe("A marketplace sale: the seller's share in this refund, in proportion; null for a payment link"),
    default_seller_share: z.enum(sellerShareModes).nullable().describe("What POST /v1/refunds does without `seller_share`"),
    options: z
      .array(
        z.object({
          seller_share: z.enum(sellerShareModes),
          allowed: z.boolean().describe("`reverse` is refused once the share is no longer held (`SELLER_SHARE_PAID_OUT`)"),
          seller_amount: z.int().describe("What the seller's balance would pay"),
          merchant_amount: z.int().describe("Your part of the refund: `amount` − `seller_amount`"),
          seller_available_after: z.int().describe("The seller's available balance after it; below zero, a debt"),
          advanced: z.int().describe("The seller's new debt, which your available balance advances too (you get it back from the seller's next sales)"),
          merchant_pays: z.int().describe("What leaves your available balance in all: `merchant_amount` + `advanced`"),
        }),
      )
      .describe("A marketplace sale: each `seller_share` and what it would do now; empty for a payment link"),
  })
  .meta({ id: "RefundPreview" });
export type RefundPreview = z.output<typeof refundPreview>;

export const refundOperations = defineOperations("Refunds", {
  create: {
    method: "POST",
    path: "/v1/refunds",
    summary: "Refund a payment, in full or in part",
    description:
      "Sends money back to the phone that paid, through the provider that collected it. The amount leaves your available balance at once (`INSUFFICIENT_BALANCE` otherwise) and comes back if the refund fails. All refunds of a payment together never exceed it (`REFUND_EXCEEDS_REMAINING`). A marketplace sale's refund is split: the seller's share in proportion to the refund (`split.share_part`) is borne as `seller_share` says, the rest (your fee's part) by you; GET /v1/refunds/preview shows the split before you refund. A refund that fails gives each part back where it came from. A card payment (operator `CARD`) is refused with `CARD_REFUND_UNAVAILABLE`: CinetPay publishes no refund API, and the money cannot go back to a phone that never paid. Follow it with GET /v1/refunds/{refund_id} or the `refund.succeeded` / `refund.failed` events. Send an `Idempotency-Key` so a retry never refunds twice.",
    auth: "key",
    body: createRefundBody,
    example: { track_id: TRACK_ID_EXAMPLE, amount: 2500, reason: "Article retourné" },
    response: refundView,
    errors: [
      ...keyErrors,
      "DEPOSIT_NOT_FOUND",
      "DEPOSIT_NOT_REFUNDABLE",
      "REFUND_EXCEEDS_REMAINING",
      "SELLER_SHARE_PAID_OUT",
      "INSUFFICIENT_BALANCE",
      "MONEY_OUT_UNAVAILABLE",
      "CARD_REFUND_UNAVAILABLE",
      "IDEMPOTENCY_KEY_REUSED",
      "IDEMPOTENCY_KEY_IN_USE",
    ],
  },
  list: {
    method: "GET",
    path: "/v1/refunds",
    summary: "List your refunds, newest first",
    auth: "key",
    query: refundListQuery,
    response: z.array(refundView),
    errors: [...keyErrors],
    paged: true,
  },
  preview: {
    method: "GET",
    path: "/v1/refunds/preview",
    summary: "What a refund would take from whom, before you make it",
    description:
      "Reads only: the amount POST /v1/refunds would refund and, for a marketplace sale, what each `seller_share` would take from the seller's balance and from yours now. The refund itself decides again at the moment it is made.",
    auth: "key",
    query: refundPreviewQuery,
    response: refundPreview,
    errors: [...keyErrors, "DEPOSIT_NOT_FOUND", "DEPOSIT_NOT_REFUNDABLE", "REFUND_EXCEEDS_REMAINING"],
  },
  get: {
    method: "GET",
    path: "/v1/refunds/{refund_id}",
    summary: "Get a refund",
    auth: "key",
    params: refundParams,
    response: refundView,
    errors: [...keyErrors, "REFUND_NOT_FOUND"],
  },
});

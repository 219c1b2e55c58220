import { z } from "zod";
import { amountField } from "@/lib/countries/amount-limit";
import { optional } from "@/lib/core/lenient";
import { defineOperations, idempotencyErrors, keyErrors } from "@/lib/core/operation";
import { pageQuery } from "@/lib/core/page-query";
import { currencyCodes, operatorCodes } from "@/lib/countries";
import { disbursementStatuses, payoutKinds } from "@/lib/core/ledger-kinds";
import { disbursementStatus } from "@/lib/refunds/schemas";
import { trackIdFilter } from "@/lib/deposits/track-id";

// Payouts: sellers' shares of marketplace sales, and merchants' withdrawals.

export const createPayoutBody = z.object({
  amount: amountField(1).describe("In the currency's minor unit; at most your available balance"),
  currency: optional(z.string().length(3).meta({ enum: currencyCodes })).describe(
    "Default: the currency of the phone's country, which must be this one and your account's (another is refused, 422)",
  ),
  operator: optional(z.string().min(1).max(40).meta({ enum: operatorCodes })).describe(
    "The receiving wallet's operator code, e.g. `MTN_MOMO_CMR`: an operator of the phone's country, and the number's own where its prefix tells it for certain (an `ORANGE_MONEY_CMR` payout to an MTN number is refused, 422). Wave (`WAVE_CIV`, `WAVE_SEN`) is a wallet on a number of any network: give it explicitly. Default: the number's operator by its prefix (the national numbering plan); a number whose prefix does not tell is refused (422 on `operator`)",
  ),
  phone_number: z
    .string()
    .min(6)
    .max(24)
    .meta({ examples: ["+237 6 70 00 00 00", "237670000000"] })
    .describe("Your mobile-money number: a mobile number of the operator's country, international or national form (international when `operator` is not given)"),
});
export type CreatePayoutBody = z.output<typeof createPayoutBody>;

export const redirectPayoutBody = z.object({
  operator: createPayoutBody.shape.operator.describe(
    "The seller's wallet's operator code, e.g. `ORANGE_MONEY_CMR`: a wallet paid in the payout's currency, the number's own where its prefix tells it for certain. Default: the number's operator by its prefix; refused (422) when the prefix does not tell",
  ),
  phone_number: z.string().min(6).max(24).describe("The seller's corrected mobile-money number, international or national form (international when `operator` is not given)"),
});
export type RedirectPayoutBody = z.output<typeof redirectPayoutBody>;

export const saleSplit = z
  .object({
    buyer_price: z.int().describe("What the buyer paid"),
    seller_share: z.int().describe("The seller's share, fixed when the buyer submitted"),
    fee: z.int().describe("Your fee: `buyer_price` − `seller_share`"),
    refunded: z.int().describe("The seller's part of the sale's refunds so far (whoever bore it)"),
  })
  .meta({ id: "SaleSplit" });

export const payoutView = z
  .object({
    id: z.uuid(),
    kind: z.enum(payoutKinds).describe("`seller`: a marketplace seller's share of a sale; `withdrawal`: your money to your phone"),
    status: disbursementStatus,
    amount: z.int(),
    currency: z.string(),
    country: z.string().describe("ISO 3166 alpha-3 of the receiving phone"),
    operator: z.string(),
    phone_number: z.string().describe("The receiving number, E.164 digits without `+`"),
    track_id: z.string().nullable().describe("Seller payouts: the sale (deposit) paid for"),
    transaction_id: z.uuid().nullable().describe("Seller payouts: the marketplace transaction"),
    marketplace_gateway_id: z.uuid().nullable().describe("Seller payouts: the marketplace link sold"),
    seller_id: z.uuid().nullable().describe("Seller payouts: the seller paid (GET /v1/sellers/{seller_id})"),
    split: saleSplit
      .nullable()
      .describe("Seller payouts: the sale's split. `amount` is what was owed of the share: less than `seller_share` when a refund took part of it back or the seller's debt was netted from it"),
    retry_of: z.uuid().nullable().describe("The failed payout this one retries"),
    retried_by: z.uuid().nullable().describe("The payout that retried this failed one"),
    failure_reason: z
      .string()
      .nullable()
      .describe("Why it failed; the money is then back where it came from. `operator_unknown`: the seller's number does not tell its operator (send it with one: PATCH /v1/payouts/{payout_id})"),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Payout" });
export type PayoutView = z.output<typeof payoutView>;

export const payoutParams = z.object({ payout_id: z.uuid() });
export const payoutListQuery = pageQuery.extend({
  kind: z.enum(payoutKinds).optional().describe("Only seller payouts or only withdrawals"),
  status: z.enum(disbursementStatuses).optional().describe("Only payouts in this status"),
  marketplace_gateway_id: z.uuid().optional().describe("Only the seller payouts of this marketplace link"),
  track_id: trackIdFilter.optional().describe("Only the seller payouts of this sale (case-insensitive)"),
  seller_id: z.uuid().optional().describe("Only the payouts of this seller"),
});
export type PayoutListQuery = z.output<typeof payoutListQuery>;

export const payoutOperations = defineOperations("Payouts", {
  create: {
    method: "POST",
    path: "/v1/payouts",
    summary: "Withdraw available balance to your mobile-money number",
    description:
      "The amount leaves your available balance at once, never more than it (`INSUFFICIENT_BALANCE`: even many requests at the same time cannot overdraw it), and comes back if the payout fails. Follow it with GET /v1/payouts/{payout_id} or the `payout.succeeded` / `payout.failed` events. Send an `Idempotency-Key` so a retry never withdraws twice.",
    auth: "key",
    body: createPayoutBody,
    example: { amount: 10000, operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 00" },
    response: payoutView,
    errors: [...keyErrors, "INSUFFICIENT_BALANCE", "MONEY_OUT_UNAVAILABLE", ...idempotencyErrors],
  },
  list: {
    method: "GET",
    path: "/v1/payouts",
    summary: "List payouts (seller payouts and withdrawals), newest first",
    auth: "key",
    query: payoutListQuery,
    response: z.array(payoutView),
    errors: [...keyErrors],
    paged: true,
  },
  get: {
    method: "GET",
    path: "/v1/payouts/{payout_id}",
    summary: "Get a payout",
    auth: "key",
    params: payoutParams,
    response: payoutView,
    errors: [...keyErrors, "PAYOUT_NOT_FOUND"],
  },
  redirect: {
    method: "PATCH",
    path: "/v1/payouts/{payout_id}",
    summary: "Send a failed seller payout to a corrected phone",
    description:
      "Failed seller payouts only, once each (`PAYOUT_NOT_REDIRECTABLE` otherwise): what the sale's share still owes is sent to the new wallet as a new payout (`retry_of` the failed one), and the ledger records it as `payout_redirected`. The failed payout keeps the phone it failed on. Refused while the seller is on hold, and for now (`PAYOUT_NOT_REDIRECTABLE`, saying so) while a refund under way would change what it pays: one of this sale taken from the share (`reverse`), or one the seller bears (`debit_seller`) that the payout would be netted against.",
    auth: "key",
    params: payoutParams,
    body: redirectPayoutBody,
    example: { operator: "ORANGE_MONEY_CMR", phone_number: "+237 6 55 00 00 00" },
    response: payoutView,
    errors: [...keyErrors, "PAYOUT_NOT_FOUND", "PAYOUT_NOT_REDIRECTABLE", "SELLER_ON_HOLD", "MONEY_OUT_UNAVAILABLE", ...idempotencyErrors],
  },
  retry: {
    method: "POST",
    path: "/v1/payouts/{payout_id}/retry",
    summary: "Retry a failed payout",
    description:
      "Sends it to the same phone again, as a new payout (`retry_of` the failed one). A failed withdrawal's amount is back in your available balance, which must still cover it. A failed seller payout's money waits in the seller's available balance: the retry sends what the sale's share still owes (a refund may have taken part back). Once per failed payout (`PAYOUT_NOT_RETRYABLE` otherwise); refused while the seller is on hold, and for now (`PAYOUT_NOT_RETRYABLE`, saying so) while a refund under way would change what it pays: one of this sale taken from the share (`reverse`), or one the seller bears (`debit_seller`) that the payout would be netted against.",
    auth: "key",
    params: payoutParams,
    response: payoutView,
    errors: [...keyErrors, "PAYOUT_NOT_FOUND", "PAYOUT_NOT_RETRYABLE", "INSUFFICIENT_BALANCE", "SELLER_ON_HOLD", "MONEY_OUT_UNAVAILABLE", ...idempotencyErrors],
  },
});

import { z } from "zod";
import { optional } from "@/lib/core/lenient";
import { defineOperations, keyErrors } from "@/lib/core/operation";
import { countryCodes } from "@/lib/countries";
import { singleLine } from "@/lib/core/single-line";
import { createPayoutBody } from "./schemas";

// Saved payout numbers: the merchant's own wallets, picked when withdrawing (the balance page's
// withdrawal dialog). Per account and mode; reading is a viewer's, saving and removing an admin's
// (the methods' default roles, lib/core/roles.ts). A list shows each number masked; one number read
// by its id shows it whole, for the withdrawal that sends money to it.

export const PAYOUT_NUMBER_LIMIT = 20;

const common = {
  id: z.uuid(),
  label: z.string().describe("The merchant's name for it (« Mon Orange Money »); empty: none"),
  country: z.enum(countryCodes).describe("ISO 3166 alpha-3 of the number"),
  operator: z.string().describe("The wallet's operator code, e.g. `ORANGE_MONEY_CMR`"),
  phone_number_masked: z.string().describe("The number with all but its last two digits hidden: `+237 •••••••12`"),
  created_at: z.iso.datetime(),
};

export const payoutNumberItem = z.object(common).meta({ id: "PayoutNumberListItem" });
export const payoutNumberView = z
  .object({ ...common, phone_number: z.string().describe("The number, E.164 digits without `+`") })
  .meta({ id: "PayoutNumber" });
export type PayoutNumberView = z.output<typeof payoutNumberView>;
export type PayoutNumberItem = z.output<typeof payoutNumberItem>;

export const savePayoutNumberBody = z.object({
  label: optional(singleLine(60, { min: 0 })).describe("A name for it (default: none)"),
  operator: createPayoutBody.shape.operator.describe(
    "The wallet's operator code: an operator of the number's country, and the number's own where its prefix tells it for certain (an `ORANGE_MONEY_CMR` wallet on an MTN number is refused, 422). Default: the number's operator by its prefix",
  ),
  phone_number: createPayoutBody.shape.phone_number,
});
export type SavePayoutNumberBody = z.output<typeof savePayoutNumberBody>;

const params = z.object({ payout_number_id: z.uuid() });

export const payoutNumberOperations = defineOperations("Payouts", {
  list: {
    method: "GET",
    path: "/v1/payout-numbers",
    summary: "Your saved payout numbers, the oldest first (masked)",
    auth: "key",
    response: z.array(payoutNumberItem),
    errors: [...keyErrors],
  },
  save: {
    method: "POST",
    path: "/v1/payout-numbers",
    summary: "Save a payout number",
    description: `Checked as a withdrawal's number is (POST /v1/payouts): a mobile number of the operator's country, the number's own operator where its prefix tells it. Saving a number already saved with the same operator returns it (its label replaced when one is given). At most ${PAYOUT_NUMBER_LIMIT} per mode (\`PAYOUT_NUMBER_LIMIT_REACHED\`).`,
    auth: "key",
    body: savePayoutNumberBody,
    example: { label: "Mon MTN", operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 00" },
    response: payoutNumberView,
    errors: [...keyErrors, "PAYOUT_NUMBER_LIMIT_REACHED"],
  },
  get: {
    method: "GET",
    path: "/v1/payout-numbers/{payout_number_id}",
    summary: "A saved payout number, whole (to withdraw to it)",
    auth: "key",
    params,
    response: payoutNumberView,
    errors: [...keyErrors, "PAYOUT_NUMBER_NOT_FOUND"],
  },
  remove: {
    method: "DELETE",
    path: "/v1/payout-numbers/{payout_number_id}",
    summary: "Remove a saved payout number (payouts already sent to it keep it)",
    auth: "key",
    params,
    response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
    errors: [...keyErrors, "PAYOUT_NUMBER_NOT_FOUND"],
  },
});

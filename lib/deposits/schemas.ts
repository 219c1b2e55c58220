import { z } from "zod";
import { depositStatuses } from "./statuses";
import { defineOperation } from "@/lib/http/operation";
import { pageQuery } from "@/lib/http/page-query";

// Deposit transactions: interface §2.6 and §4.4, DESIGN §6.

const trackId = z.string().min(1).max(64).describe("The deposit's track_id, e.g. TRK7Q2M…");

export const depositStatus = z.enum(depositStatuses);

export const deposit = z
  .object({
    track_id: z.string(),
    amount: z.number(),
    phone_number: z.string(),
    country: z.string(),
    currency: z.string(),
    operator: z.string(),
    status: depositStatus,
    created_at: z.string().describe("UTC, fractional seconds, no zone designator: 2026-11-22T10:15:30.123456"),
  })
  .meta({ id: "DepositTransaction" });

export const depositListItem = deposit
  .extend({
    id: z.uuid().describe("Pass it as `starting_after` for the next page"),
    payment_gateway_id: z.uuid().nullable().describe("The payment link paid, if any"),
    marketplace_gateway_id: z.uuid().nullable().describe("The marketplace link paid, if any"),
    failure_reason: z.string().nullable().describe("Why a failed payment failed, in the provider's words"),
    duplicate_of: z
      .string()
      .nullable()
      .describe("A success on a payment link already paid: the track_id of the payment kept. This one is to refund"),
    late_success: z.boolean().describe("The provider reported this success after the deposit had expired on our side"),
    given_up: z.boolean().describe("The buyer gave this attempt up (used another number) while it was pending"),
  })
  .meta({ id: "DepositListItem" });

export const depositListQuery = pageQuery.extend({
  status: depositStatus.optional().describe("Only deposits in this status"),
  payment_gateway_id: z.uuid().optional().describe("Only the attempts on this payment link"),
  marketplace_gateway_id: z.uuid().optional().describe("Only the attempts on this marketplace link"),
});
export type DepositListQuery = z.output<typeof depositListQuery>;

const tag = "Deposits";
const errors = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND", "DEPOSIT_NOT_FOUND"] as const;

export const depositOperations = {
  byQuery: defineOperation({
    method: "GET",
    path: "/v1/api/deposit/get_transaction",
    tag,
    summary: "Read a deposit by its track_id (query)",
    auth: "key",
    query: z.object({ track_id: trackId }),
    response: deposit,
    errors: [...errors],
  }),
  byPath: defineOperation({
    method: "GET",
    path: "/v1/api/deposit/get_transaction/{track_id}",
    tag,
    summary: "Read a deposit by its track_id (path)",
    auth: "key",
    params: z.object({ track_id: trackId }),
    response: deposit,
    errors: [...errors],
  }),
  list: defineOperation({
    method: "GET",
    path: "/v1/deposits",
    tag,
    summary: "List your deposits (payment attempts), newest first",
    description: "Filter by `status`, by payment link or by marketplace link; paged like every list.",
    auth: "key",
    query: depositListQuery,
    response: z.array(depositListItem),
    errors: ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND"],
    paged: true,
  }),
};

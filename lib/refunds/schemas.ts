import { z } from "zod";
import { integer, optional } from "@/lib/http/lax";
import { defineOperation } from "@/lib/http/operation";
import { pageQuery } from "@/lib/http/page-query";
import { disbursementStatuses } from "@/lib/ledger/kinds";

// Refunds of successful payments (issue 11): full or partial, never more than what remains.

export const disbursementStatus = z
  .enum(disbursementStatuses)
  .describe("`pending`: recorded, not yet taken by the provider; `processing`: the provider has it; then `success` or `failed`");

export const createRefundBody = z.object({
  track_id: z.string().min(1).max(64).describe("The successful deposit (payment) to refund"),
  amount: optional(integer((n) => n.min(1))).describe("In the currency's minor unit; omitted: everything that remains to refund of the payment"),
  reason: optional(z.string().trim().max(500), "").describe("Your note, kept with the refund"),
});
export type CreateRefundBody = z.output<typeof createRefundBody>;

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
    failure_reason: z.string().nullable().describe("Why it failed, in the provider's words; the money is then back in your available balance"),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Refund" });
export type RefundView = z.output<typeof refundView>;

export const refundParams = z.object({ refund_id: z.uuid() });
export const refundListQuery = pageQuery.extend({
  track_id: z.string().max(64).optional().describe("Only the refunds of this deposit"),
  status: z.enum(disbursementStatuses).optional().describe("Only refunds in this status"),
});
export type RefundListQuery = z.output<typeof refundListQuery>;

const tag = "Refunds";
const keyErrors = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND"] as const;

export const refundOperations = {
  create: defineOperation({
    method: "POST",
    path: "/v1/refunds",
    tag,
    summary: "Refund a payment, in full or in part",
    description:
      "Sends money back to the phone that paid, through the provider that collected it. The amount leaves your available balance at once (`INSUFFICIENT_BALANCE` otherwise) and comes back if the refund fails. All refunds of a payment together never exceed it (`REFUND_EXCEEDS_REMAINING`). Follow it with GET /v1/refunds/{refund_id} or the `refund.succeeded` / `refund.failed` events. Send an `Idempotency-Key` so a retry never refunds twice.",
    auth: "key",
    body: createRefundBody,
    example: { track_id: "TRK7Q2M9XK4", amount: 2500, reason: "Article retourné" },
    response: refundView,
    errors: [
      ...keyErrors,
      "DEPOSIT_NOT_FOUND",
      "DEPOSIT_NOT_REFUNDABLE",
      "REFUND_EXCEEDS_REMAINING",
      "INSUFFICIENT_BALANCE",
      "MONEY_OUT_UNAVAILABLE",
      "IDEMPOTENCY_KEY_REUSED",
      "IDEMPOTENCY_KEY_IN_USE",
    ],
  }),
  list: defineOperation({
    method: "GET",
    path: "/v1/refunds",
    tag,
    summary: "List your refunds, newest first",
    auth: "key",
    query: refundListQuery,
    response: z.array(refundView),
    errors: [...keyErrors],
    paged: true,
  }),
  get: defineOperation({
    method: "GET",
    path: "/v1/refunds/{refund_id}",
    tag,
    summary: "Get a refund",
    auth: "key",
    params: refundParams,
    response: refundView,
    errors: [...keyErrors, "REFUND_NOT_FOUND"],
  }),
};

import { z } from "zod";
import { webhookDeliveryStatuses } from "@/lib/core/event-types";
import { depositHistoryEvents, depositStatuses } from "@/lib/core/deposit-statuses";
import { defineOperations } from "@/lib/core/operation";
import { pageQuery } from "@/lib/core/page-query";
import { RECEIPT_CODE_PATTERN } from "@/lib/core/receipt-code";
import { trackId } from "./track-id";

// Deposit transactions: interface §2.6 and §4.4, DESIGN §6.


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
    refunded_amount: z
      .int()
      .describe("What refunds took or hold of this payment (pending, processing or done), in minor units; a duplicate is refunded in full automatically"),
    refundable_amount: z
      .int()
      .describe("What POST /v1/refunds can still refund of this payment: `amount` − `refunded_amount` for a success, else 0 (and 0 for a card payment, operator `CARD`: CinetPay has no refund API, `CARD_REFUND_UNAVAILABLE`)"),
    link_name: z.string().describe("The `shop_name` of the link paid (payment link or marketplace link)"),
    buyer_name: z.string().nullable().describe("The buyer's full name (marketplace links ask it; payment links do not)"),
    receipt_code: z
      .string()
      .regex(RECEIPT_CODE_PATTERN)
      .nullable()
      .describe(
        "A success's public receipt code, e.g. `K7P2M-9XQ4D`, given when it succeeded (a duplicate's too): the buyer is shown it, and anyone can check it at `{PUBLIC_BASE_URL}/r/{receipt_code}` (amount, shop, date, status; never the phone). null otherwise (and on successes from before receipt codes existed)",
      ),
  })
  .meta({ id: "DepositListItem" });

const isoTime = z.iso.datetime().describe("ISO 8601, UTC");

export const paymentDetail = depositListItem
  .extend({
    completed_at: isoTime.nullable().describe("When it reached its (latest) final status"),
    provider: z.string().describe("The provider that collects it: `sandbox` in test mode, `pawapay` or `cinetpay` live"),
    provider_reference: z.string().nullable().describe("The provider's own reference of this collection"),
    link: z
      .object({
        kind: z.enum(["payment_link", "marketplace_link"]),
        id: z.uuid(),
        name: z.string().describe("Its `shop_name`"),
        order_id: z.string().describe("A payment link's `order_id`; `\"\"` for a marketplace link"),
        archived: z.boolean(),
        payment_page_id: z.uuid().nullable().describe("The payment page this payment was made on (its link is the payment's own); null otherwise"),
        invoice_id: z.uuid().nullable().describe("The invoice this payment pays (its link is the payment's own); null otherwise"),
      })
      .describe("The link paid"),
    buyer: z
      .object({
        transaction_id: z.uuid(),
        full_name: z.string(),
        email: z.string(),
        buyer_price: z.int(),
        product_price: z.int(),
      })
      .nullable()
      .describe("A marketplace buyer's transaction; null on a payment link (its buyer is the phone number)"),
    answers: z
      .array(
        z.object({
          field_name: z.string(),
          label: z.string().describe("The question as the buyer read it"),
          type: z.string().describe("The form block's type: `text`, `checkbox`, `select`…"),
          value: z.string().describe("As typed; a `select` answer is the option's name"),
        }),
      )
      .describe("The buyer's answers to the questions of the marketplace or of the payment page paid"),
    history: z
      .array(
        z.object({
          event: z.enum(depositHistoryEvents),
          from_status: depositStatus.nullable(),
          to_status: depositStatus,
          reason: z.string().nullable(),
          at: isoTime,
          inferred: z.boolean().describe("Reconstructed from older records (made before the history was kept)"),
        }),
      )
      .describe("Every change, oldest first: made, given up by the buyer, each status change"),
    webhook_deliveries: z
      .array(
        z.object({
          id: z.uuid(),
          webhook_id: z.uuid(),
          url: z.string(),
          event_id: z.string(),
          event_type: z.string(),
          status: z.enum(webhookDeliveryStatuses),
          attempt_count: z.int(),
          last_attempt_at: isoTime.nullable(),
          last_status_code: z.int().nullable(),
          created_at: isoTime,
        }),
      )
      .describe("The webhook deliveries of the events this payment caused, oldest first"),
  })
  .meta({ id: "PaymentDetail" });

export const depositListQuery = pageQuery.extend({
  status: depositStatus.optional().describe("Only deposits in this status"),
  payment_gateway_id: z.uuid().optional().describe("Only the attempts on this payment link"),
  marketplace_gateway_id: z.uuid().optional().describe("Only the attempts on this marketplace link"),
});
export type DepositListQuery = z.output<typeof depositListQuery>;

const errors = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND", "DEPOSIT_NOT_FOUND"] as const;

export const depositOperations = defineOperations("Deposits", {
  byQuery: {
    method: "GET",
    path: "/v1/api/deposit/get_transaction",
    summary: "Read a deposit by its track_id (query)",
    auth: "key",
    query: z.object({ track_id: trackId }),
    response: deposit,
    errors: [...errors],
  },
  byPath: {
    method: "GET",
    path: "/v1/api/deposit/get_transaction/{track_id}",
    summary: "Read a deposit by its track_id (path)",
    auth: "key",
    params: z.object({ track_id: trackId }),
    response: deposit,
    errors: [...errors],
  },
  list: {
    method: "GET",
    path: "/v1/deposits",
    summary: "List your deposits (payment attempts), newest first",
    description: "Filter by `status`, by payment link or by marketplace link; paged like every list.",
    auth: "key",
    query: depositListQuery,
    response: z.array(depositListItem),
    errors: ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND"],
    paged: true,
  },
  detail: {
    method: "GET",
    path: "/v1/deposits/{track_id}",
    summary: "A payment attempt in full",
    description:
      "Everything about one deposit: its history with times, why it failed, the provider's reference, the link paid, the buyer and their answers, and the webhook deliveries it caused.",
    auth: "key",
    params: z.object({ track_id: trackId }),
    response: paymentDetail,
    errors: [...errors],
  },
});

import { z } from "zod";
import { amountRule, countryCodes, operatorCodes } from "@/lib/countries";
import { integer, optional } from "@/lib/core/lenient";
import { defineOperations, idempotencyErrors, keyErrors } from "@/lib/core/operation";
import { pageQuery } from "@/lib/core/page-query";
import { singleLine } from "@/lib/core/single-line";
import { paymentRequestChannels, paymentRequestDeliveries, paymentRequestStatuses } from "@/lib/core/payment-requests";

// Requests to pay (a merchant rings the buyer's phone instead of sending a link): a payment asked of one buyer's phone. Kola makes the payment (a
// one-buyer payment link) and asks the operator to push the PIN prompt to the phone at once; for an
// operator only a redirect provider serves (CinetPay), it answers a short pay link to hand over instead.

/** Printable, one line, no markup: what a cashier or a server may send to be shown to a buyer. */
const printable = (max: number) =>
  singleLine(max).refine((v) => !/[<>]/.test(v), { message: "must not contain < or >" });

/** The longest a request may stay open (seconds): 7 days. */
export const MAX_EXPIRES_IN = 7 * 86400;

export const createPaymentRequestBody = z.object({
  amount: integer().meta(amountRule("What the buyer pays, in your account's currency")),
  phone_number: z
    .string()
    .min(6)
    .max(24)
    .meta({ examples: ["+237 6 70 00 00 00", "670000000"] })
    .describe("The buyer's mobile-money number: international form, or national form of `country` (default: your account's country)"),
  country: optional(z.string().length(3).meta({ enum: countryCodes })).describe(
    "ISO 3166 alpha-3 of a national-form number (default: your account's country). A number of a country that does not pay in your currency is refused (422)",
  ),
  operator: optional(z.string().min(1).max(40).meta({ enum: operatorCodes })).describe(
    "The buyer's operator, e.g. `ORANGE_MONEY_CIV`; Wave (`WAVE_CIV`, `WAVE_SEN`) must be given. Default: the number's operator (pawaPay's prediction where pawaPay is configured, the national numbering plan otherwise); a number whose operator cannot be told is refused (422 on `operator`)",
  ),
  reference: optional(printable(100), "").describe("Your note for this sale (shown in your dashboard and exports, not to the buyer)"),
  order_id: optional(
    z
      .string()
      .max(100)
      .regex(/^[^/\p{Cc}]*$/u, { message: "must be printable characters without '/'" }),
    "",
  ).describe("Your order reference, as on a payment link: held by one live link or request per account and mode"),
  message: optional(printable(200), "").describe("Shown to the buyer on the pay link and the receipt page"),
  expires_in: optional(integer((n) => n.min(60).max(MAX_EXPIRES_IN)), 86400).describe(
    "Seconds during which the request may be paid or sent again (60 s – 7 days, default a day). A prompt itself times out sooner, at the operator",
  ),
});
export type CreatePaymentRequestBody = z.output<typeof createPaymentRequestBody>;

export const resendPaymentRequestBody = z
  .object({
    operator: optional(z.string().min(1).max(40).meta({ enum: operatorCodes })).describe(
      "Another operator of the same number (the buyer pays by Wave after all); default: the request's",
    ),
  })
  .optional();
export type ResendPaymentRequestBody = z.output<typeof resendPaymentRequestBody>;

export const collectorView = z
  .object({
    type: z.enum(["member", "api_key"]),
    id: z.uuid(),
    name: z.string().describe("The member's name (or e-mail), or the key's name"),
  })
  .meta({ id: "PaymentRequestCollector" });

export const paymentRequestView = z
  .object({
    id: z.uuid(),
    status: z.enum(paymentRequestStatuses).describe(
      "`pending`: the prompt is on the buyer's phone (or the pay link waits); `paid`; `failed`: the last attempt failed (`failure_reason`), it can be sent again; `expired`: the prompt timed out or the request ran out of time; `cancelled`",
    ),
    delivery: z.enum(paymentRequestDeliveries).describe(
      "`push`: the operator rang the buyer's phone for their PIN; `link`: the operator is served by a redirect provider only, so hand over `pay_url` (or show `qr_url`) instead",
    ),
    channel: z.enum(paymentRequestChannels).describe("`api`, `counter` (the dashboard's counter screen) or `stall` (a buyer at a stall page)"),
    amount: z.int(),
    currency: z.string(),
    country: z.string().describe("ISO 3166 alpha-3 of the buyer's number"),
    operator: z.string(),
    phone_number: z.string().describe("The buyer's number, E.164 digits without `+`"),
    reference: z.string(),
    order_id: z.string(),
    message: z.string(),
    gateway_id: z.uuid().describe("The one-buyer payment link the request made: its payments' events carry it"),
    track_id: z.string().nullable().describe("The latest payment attempt (GET /v1/deposits/{track_id}); null before the first"),
    receipt_code: z.string().nullable().describe("Once paid: the receipt code anyone can check at `/r/{code}`"),
    failure_reason: z.string().nullable().describe("Why the latest attempt failed or expired"),
    can_resend: z.boolean().describe("Whether POST …/resend would push a new prompt now"),
    pay_url: z.string().describe("The short pay link (a page the buyer can open on any phone)"),
    qr_url: z.string().describe("A PNG QR code of `pay_url`"),
    stall_id: z.uuid().nullable(),
    collected_by: collectorView.nullable().describe("Who asked: the member (cashier) or API key; null when it is gone, or for the account's own stall"),
    expires_at: z.iso.datetime(),
    paid_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "PaymentRequest" });
export type PaymentRequestView = z.output<typeof paymentRequestView>;

export const paymentRequestParams = z.object({ request_id: z.uuid() });

const dayField = z
  .string()
  .regex(/^(today|\d{4}-\d{2}-\d{2})$/, { message: "must be `today` or a date YYYY-MM-DD" })
  .describe("Only the requests of this day (`today` or YYYY-MM-DD), in your account's country's time zone");

export const paymentRequestListQuery = pageQuery.extend({
  status: z.enum(paymentRequestStatuses).optional().describe("Only requests in this status"),
  channel: z.enum(paymentRequestChannels).optional(),
  day: dayField.optional(),
  collected_by: z.uuid().optional().describe("Only the requests of this member (user id)"),
});
export type PaymentRequestListQuery = z.output<typeof paymentRequestListQuery>;

export const paymentRequestGetQuery = z.object({
  wait: optional(integer((n) => n.min(0).max(25)), 0).describe(
    "Seconds (0–25) to hold the answer until the status differs from `status`: one request instead of polling, for a screen that waits for the buyer",
  ),
  status: z.enum(paymentRequestStatuses).optional().describe("With `wait`: the status the caller already shows"),
});
export type PaymentRequestGetQuery = z.output<typeof paymentRequestGetQuery>;

export const summaryQuery = z.object({
  day: dayField.default("today"),
  wait: optional(integer((n) => n.min(0).max(25)), 0).describe(
    "Seconds (0–25) to hold the answer until `version` changes: a counter screen hears of a stall's new sale without polling",
  ),
  version: z.string().max(64).optional().describe("With `wait`: the `version` the caller already shows"),
});

export const paymentRequestSummary = z
  .object({
    day: z.string().describe("YYYY-MM-DD"),
    currency: z.string(),
    paid_count: z.int(),
    paid_total: z.int(),
    version: z.string().describe("Changes whenever a request of the day is made or changes status"),
    by_collector: z
      .array(z.object({ collected_by: collectorView.nullable(), paid_count: z.int(), paid_total: z.int() }))
      .describe("Who collected what (a cashier sees only its own line)"),
  })
  .meta({ id: "PaymentRequestSummary" });

const requestErrors = [...keyErrors, "INSUFFICIENT_ROLE"] as const;

export const paymentRequestOperations = defineOperations("Payment requests", {
  create: {
    method: "POST",
    path: "/v1/payment-requests",
    summary: "Ask a buyer's phone to pay",
    description:
      "Makes the payment and asks the operator to push the PIN prompt to the buyer's phone at once (the shop's name in the prompt where the provider carries one); in test mode the sandbox answers as for a checkout (a number ending 01 fails for insufficient funds, 02 is refused by the payer, 03 never answers, any other succeeds). For an operator only a redirect provider serves, nothing is pushed: `delivery` is `link`, hand over `pay_url` or show `qr_url`. Limits: a number is rung at most 5 times in 10 minutes by one account and 10 times an hour by all (429 with `Retry-After`), an account 600 times an hour. Use an `Idempotency-Key`: a retry never rings twice.",
    auth: "key",
    role: "cashier",
    body: createPaymentRequestBody,
    example: { amount: 2500, phone_number: "+237670000000", reference: "Table 4", message: "Merci !" },
    response: paymentRequestView,
    errors: [...requestErrors, "ORDER_ID_CONFLICT", "RATE_LIMITED", "LIVE_PAYMENTS_UNAVAILABLE", "OPERATOR_UNREACHABLE", ...idempotencyErrors],
  },
  list: {
    method: "GET",
    path: "/v1/payment-requests",
    summary: "List payment requests",
    description: "Newest first. A cashier sees only its own requests of the day.",
    auth: "key",
    role: "cashier",
    query: paymentRequestListQuery,
    response: z.array(paymentRequestView),
    errors: [...requestErrors],
    paged: true,
  },
  summary: {
    method: "GET",
    path: "/v1/payment-requests/summary",
    summary: "A day's paid requests and their total, per collector",
    auth: "key",
    role: "cashier",
    query: summaryQuery,
    response: paymentRequestSummary,
    errors: [...requestErrors],
  },
  get: {
    method: "GET",
    path: "/v1/payment-requests/{request_id}",
    summary: "Read a payment request (optionally waiting for its status to change)",
    auth: "key",
    role: "cashier",
    params: paymentRequestParams,
    query: paymentRequestGetQuery,
    response: paymentRequestView,
    errors: [...requestErrors, "PAYMENT_REQUEST_NOT_FOUND"],
  },
  resend: {
    method: "POST",
    path: "/v1/payment-requests/{request_id}/resend",
    summary: "Push the prompt again",
    description:
      "After a failed or timed-out attempt (`can_resend`): a new prompt to the same number, under the same limits. While a prompt is on the phone: `PAYMENT_REQUEST_IN_FLIGHT`; paid, cancelled or past `expires_at`: `PAYMENT_REQUEST_CLOSED`.",
    auth: "key",
    role: "cashier",
    params: paymentRequestParams,
    body: resendPaymentRequestBody,
    example: { operator: "ORANGE_MONEY_CMR" },
    response: paymentRequestView,
    errors: [...requestErrors, "PAYMENT_REQUEST_NOT_FOUND", "PAYMENT_REQUEST_IN_FLIGHT", "PAYMENT_REQUEST_CLOSED", "RATE_LIMITED", "LIVE_PAYMENTS_UNAVAILABLE", "OPERATOR_UNREACHABLE", ...idempotencyErrors],
  },
  cancel: {
    method: "POST",
    path: "/v1/payment-requests/{request_id}/cancel",
    summary: "Cancel a payment request",
    description:
      "Only while nothing is on the buyer's phone: a pushed prompt cannot be withdrawn at the operator (`PAYMENT_REQUEST_IN_FLIGHT`; wait for it to be answered or to time out). A paid request cannot be cancelled (refund it instead).",
    auth: "key",
    role: "cashier",
    params: paymentRequestParams,
    response: paymentRequestView,
    errors: [...requestErrors, "PAYMENT_REQUEST_NOT_FOUND", "PAYMENT_REQUEST_IN_FLIGHT", "PAYMENT_REQUEST_CLOSED", ...idempotencyErrors],
  },
});

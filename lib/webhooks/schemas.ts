import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { isHttpUrl } from "@/lib/core/http-url";
import { boolean, optional } from "@/lib/core/lenient";
import { defineOperations, idempotencyErrors, keyErrors } from "@/lib/core/operation";
import { pageQuery } from "@/lib/core/page-query";
import { payoutView } from "@/lib/payouts/schemas";
import { refundView } from "@/lib/refunds/schemas";
import { attemptErrorCodes } from "./attempt-errors";
import { eventTypes, webhookDeliveryStatuses, webhookEventTypes } from "@/lib/core/event-types";
import { RECEIPT_CODE_PATTERN } from "@/lib/core/receipt-code";

// Webhook endpoints, their deliveries and attempts (DESIGN §8).

export const MAX_ENDPOINTS = 16;

const webhookUrl = z
  .string()
  .max(2048)
  .refine(isHttpUrl, { message: "must be an absolute http(s) URL" })
  // the rule above for the reference (test/api/openapi.test.ts tries both on the same values)
  .meta({
    // `format` beside the pattern would replace it in the reference (lib/api/openapi.ts tidy): said apart
    allOf: [{ format: "uri" }],
    pattern: "^https?://[^\\s/?#]+[^\\s]*$",
    description:
      "Where events are POSTed: an absolute http(s) URL of at most 2048 characters. In production: https, and a host that resolves to public addresses only.",
  });

const subscribed = z
  .array(z.enum(eventTypes))
  .max(20)
  .transform((types) => eventTypes.filter((t) => types.includes(t)))
  .describe("The event types sent to this endpoint; an empty list means every type");
const description = singleLine(500, { min: 0 });

export const createWebhookBody = z.object({
  url: webhookUrl,
  event_types: optional(subscribed, []),
  description: optional(description, ""),
  enabled: optional(boolean(), true),
});
export type CreateWebhookBody = z.output<typeof createWebhookBody>;

export const updateWebhookBody = z.object({
  url: optional(webhookUrl),
  event_types: optional(subscribed),
  description: optional(description),
  enabled: optional(boolean()),
});
export type UpdateWebhookBody = z.output<typeof updateWebhookBody>;

const endpointFields = {
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(eventTypes)),
  enabled: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
};
export const webhookView = z.object(endpointFields).meta({ id: "WebhookEndpoint" });
export const webhookWithSecret = z
  .object({
    ...endpointFields,
    secret: z.string().describe("`whsec_…`: shown only here; verify signatures with it (Standard Webhooks)"),
  })
  .meta({ id: "WebhookEndpointWithSecret" });
export const webhookDeleted = z.object({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: "WebhookEndpointDeleted" });

export const webhookAttemptView = z
  .object({
    attempt: z.int().describe("1 for the first attempt"),
    created_at: z.iso.datetime(),
    status_code: z.int().nullable().describe("The receiver's HTTP status; null when it gave none (timeout, refused…)"),
    latency_ms: z.int(),
    response_excerpt: z.string().describe("At most 1 KB of the receiver's answer"),
    error: z.string().nullable().describe("Why the attempt failed when the status does not say it"),
    error_code: z
      .enum(attemptErrorCodes)
      .nullable()
      .describe("The kind of `error`, for a program or a translation to go by (null when there is none)"),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDeliveryView = z
  .object({
    id: z.uuid(),
    webhook_id: z.uuid(),
    event_id: z.string().describe("The event's id, sent as `webhook-id` on every attempt"),
    event_type: z.enum(webhookEventTypes),
    status: z.enum(webhookDeliveryStatuses).describe("`pending` until an attempt succeeds or the retries run out"),
    attempt_count: z.int(),
    next_attempt_at: z.iso.datetime().nullable(),
    last_attempt_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    payload: z.record(z.string(), z.unknown()).describe("The event as sent: {id, type, created_at, data}"),
    attempts: z.array(webhookAttemptView).describe("Every attempt, first to last"),
  })
  .meta({ id: "WebhookDelivery" });

export const webhookDeliveryDetail = webhookDeliveryView
  .extend({
    request_body: z.string().describe("The body POSTed on every attempt, byte for byte (the event; no secret is in it)"),
    attempts: z.array(
      webhookAttemptView
        .extend({ response_body: z.string().describe("The receiver's answer as text, at most its first 64 KB") })
        .meta({ id: "WebhookAttemptDetail" }),
    ),
  })
  .meta({ id: "WebhookDeliveryDetail" });

// The events themselves (DESIGN §8): what each webhook POST carries, `data` as
// lib/payments/settle-deposit.ts builds it. The OpenAPI document lists them under `webhooks`.

const outcome = {
  succeeded: { status: "success", reason: "null: the payment succeeded" },
  failed: { status: "failed", reason: "Why it failed, e.g. `insufficient_funds`, `refused_by_payer`" },
  expired: { status: "expired", reason: "`expired` unless the provider gave a reason" },
} as const;
type Outcome = keyof typeof outcome;

function eventData(kind: "payment" | "marketplace", result: Outcome) {
  const marketplace = kind === "marketplace";
  const { status, reason } = outcome[result];
  return z.object({
    track_id: z.string().describe("The deposit (payment attempt): GET /v1/api/deposit/get_transaction/{track_id}"),
    gateway_id: z
      .uuid()
      .describe(marketplace ? "The marketplace link (GET /v1/api/marketplace/gateway/{gateway_id})" : "The payment link (GET /v1/gateway/{gateway_id})"),
    order_id: marketplace
      ? z.literal("").describe("Always empty: marketplace links have no order_id")
      : z.string().describe("The link's order_id, `\"\"` when it has none"),
    ...(marketplace
      ? { transaction_id: z.uuid().nullable().describe("The buyer's transaction (GET …/gateway/{gateway_id}/transactions)") }
      : {}),
    amount: z
      .int()
      .describe(
        marketplace
          ? "What the buyer paid: the buyer price (product price + fee), in the currency's minor unit"
          : "In the currency's minor unit (whole francs for XAF/XOF)",
      ),
    currency: z.string().describe("ISO 4217, e.g. `XAF`"),
    status: z.literal(status),
    failure_reason: result === "succeeded" ? z.null().describe(reason) : z.string().describe(reason),
    country: z.string().describe("ISO 3166 alpha-3 of the payer's phone, e.g. `CMR`"),
    operator: z.string().describe("The operator code, e.g. `MTN_MOMO_CMR`"),
    phone_number: z.string().describe("The payer's number, E.164 digits without `+`"),
    ...(result === "succeeded"
      ? {
          receipt_code: z
            .string()
            .regex(RECEIPT_CODE_PATTERN)
            .describe(
              "The payment's public receipt code, e.g. `K7P2M-9XQ4D`: shown to the buyer, and anyone can check it at `{PUBLIC_BASE_URL}/r/{receipt_code}` (amount, shop, date, status; never the phone). Only on success events",
            ),
        }
      : {}),
    ...(marketplace
      ? {}
      : {
          payment_request_id: z
            .uuid()
            .optional()
            .describe("Only when the payment link was made by a request to pay: the request (GET /v1/payment-requests/{request_id})"),
          payment_page_id: z
            .uuid()
            .optional()
            .describe("Only when the payment was made on a payment page: the page (GET /v1/payment-pages/{page_id}); `gateway_id` is then the payment's own link"),
          invoice_id: z
            .uuid()
            .optional()
            .describe("Only when the payment pays an invoice (all of it or a part): the invoice (GET /v1/invoices/{invoice_id}); `gateway_id` is then the payment's own link"),
        }),
  });
}

function event<T extends z.ZodType>(type: string, data: T, id: string, description: string) {
  return z
    .object({
      id: z.string().describe("`evt_…`, also sent as the `webhook-id` header: the same on every retry"),
      type: z.literal(type),
      created_at: z.iso
        .datetime()
        .describe("When the event happened (the status change), ISO 8601 UTC; never earlier than the event before it in `sequence`"),
      sequence: z
        .int()
        .min(1)
        .max(2_147_483_647)
        .describe(
          "The event's number among the events about one payment (its status changes, its refunds, its seller's payouts): 1, 2, … in the order they happened, also sent as the `webhook-sequence` header. Apply the highest: an event whose `sequence` is not above the last one you applied for that `track_id` is old news. Events about no payment (a withdrawal, a test event) are 1.",
        ),
      data,
    })
    .meta({ id, description });
}

const paymentEvent = (result: Outcome) =>
  event(
    `payment.${result}`,
    eventData("payment", result),
    `PaymentEvent${result[0]!.toUpperCase()}${result.slice(1)}`,
    `A payment attempt on a payment link ${result === "succeeded" ? "succeeded: the link is paid" : `${result}; the buyer may try again`}.`,
  );
const marketplaceEvent = (result: Outcome) =>
  event(
    `marketplace.transaction.${result}`,
    eventData("marketplace", result),
    `MarketplaceTransactionEvent${result[0]!.toUpperCase()}${result.slice(1)}`,
    `A buyer's payment on a marketplace link ${result}. \`amount\` is the buyer price; \`order_id\` is empty.`,
  );

const invoiceData = z.object({
  invoice_id: z.uuid().describe("GET /v1/invoices/{invoice_id}"),
  reference: z.string().describe("Your reference for it (may be empty)"),
  status: z.enum(["open", "partially_paid", "paid", "overdue", "cancelled"]).describe("What the event says happened: `open` (created), `partially_paid`, `paid`, `overdue`, `cancelled`"),
  currency: z.string(),
  total: z.int(),
  amount_paid: z.int().describe("What successful payments brought, this one included"),
  balance_due: z.int().describe("`total` − `amount_paid`, never below 0"),
  track_id: z.string().optional().describe("Payment events only: the payment that changed the invoice (its own `payment.succeeded` carries `invoice_id`)"),
  amount: z.int().optional().describe("Payment events only: what that payment brought"),
});

/** Every event type with the zod schema of its body: `data` as the outbox stores it. */
export const webhookEvents = {
  "payment.succeeded": paymentEvent("succeeded"),
  "payment.failed": paymentEvent("failed"),
  "payment.expired": paymentEvent("expired"),
  "marketplace.transaction.succeeded": marketplaceEvent("succeeded"),
  "marketplace.transaction.failed": marketplaceEvent("failed"),
  "marketplace.transaction.expired": marketplaceEvent("expired"),
  "payout.succeeded": event(
    "payout.succeeded",
    payoutView,
    "PayoutEventSucceeded",
    "Your withdrawal reached your phone. `data` is the payout as GET /v1/payouts/{payout_id} shows it. (A seller's payout is `seller_payout.succeeded`.)",
  ),
  "payout.failed": event(
    "payout.failed",
    payoutView,
    "PayoutEventFailed",
    "Your withdrawal failed: its money is back in your available balance; POST /v1/payouts/{payout_id}/retry sends it again.",
  ),
  "seller_payout.succeeded": event(
    "seller_payout.succeeded",
    payoutView,
    "SellerPayoutEventSucceeded",
    "A marketplace seller's payout reached the seller's phone. `data` is the payout as GET /v1/payouts/{payout_id} shows it: `seller_id`, and `split`, the sale's split (what the buyer paid, the seller's share, your fee, the seller's part refunded).",
  ),
  "seller_payout.failed": event(
    "seller_payout.failed",
    payoutView,
    "SellerPayoutEventFailed",
    "A marketplace seller's payout failed: its money is back in the seller's available balance. POST /v1/payouts/{payout_id}/retry sends it again to the same phone, PATCH /v1/payouts/{payout_id} to a corrected one.",
  ),
  "refund.succeeded": event(
    "refund.succeeded",
    refundView,
    "RefundEventSucceeded",
    "A refund reached the buyer's phone. `automatic: true`: Kola refunded a second success on a payment link already paid. `data` is the refund as GET /v1/refunds/{refund_id} shows it; a marketplace sale's refund carries `seller_share` and its `split` (who paid what).",
  ),
  "refund.failed": event(
    "refund.failed",
    refundView,
    "RefundEventFailed",
    "A refund failed: its amount is back where it came from (your available balance; a marketplace sale's seller part, as `split` says, to the seller) and may be refunded again.",
  ),
  "invoice.created": event(
    "invoice.created",
    invoiceData,
    "InvoiceEventCreated",
    "You created an invoice (POST /v1/invoices or the dashboard). Sent in the creation's own transaction; `status` is `open`.",
  ),
  "invoice.partially_paid": event(
    "invoice.partially_paid",
    invoiceData,
    "InvoiceEventPartiallyPaid",
    "A payment on an invoice that allows parts succeeded, and a balance is still due. Sent in the payment's own transaction, after its `payment.succeeded`, with the same `sequence` order.",
  ),
  "invoice.paid": event(
    "invoice.paid",
    invoiceData,
    "InvoiceEventPaid",
    "A payment made an invoice paid in full: it takes no more payments, and its reminders stop.",
  ),
  "invoice.cancelled": event("invoice.cancelled", invoiceData, "InvoiceEventCancelled", "You cancelled an invoice (POST /v1/invoices/{invoice_id}/cancel): it takes no payment, its reminders stop."),
  "invoice.overdue": event(
    "invoice.overdue",
    invoiceData,
    "InvoiceEventOverdue",
    "An invoice's due date passed (your country's calendar) with a balance still due. Sent once per invoice, by the reminder round, in the transaction that marks it; `balance_due` says what is left. It still takes payments.",
  ),
  "webhook.test": event(
    "webhook.test",
    z.object({ webhook_id: z.uuid().describe("The endpoint it was sent to"), message: z.string() }),
    "WebhookTestEvent",
    "Sent by POST /v1/webhooks/{webhook_id}/test to that endpoint only, whatever it subscribed to.",
  ),
} satisfies Record<(typeof webhookEventTypes)[number], z.ZodType>;

export const webhookParams = z.object({ webhook_id: z.uuid() });
export const deliveryParams = z.object({ webhook_id: z.uuid(), delivery_id: z.uuid() });
export const deliveryQuery = pageQuery.extend({
  status: z.enum(webhookDeliveryStatuses).optional().describe("Only deliveries in this status"),
  event_id: z.string().max(100).optional().describe("Only the delivery of this event (`evt_…`)"),
});
export type DeliveryQuery = z.output<typeof deliveryQuery>;

/** What changes an endpoint: keys and webhooks are a developer's (DESIGN §1). */
const byDeveloper = { auth: "key", role: "developer" } as const;

export const webhookOperations = defineOperations("Webhooks", {
  create: {
    method: "POST",
    path: "/v1/webhooks",
    summary: "Create a webhook endpoint",
    description:
      "Events of the key's mode are POSTed to `url`, signed per the Standard Webhooks specification. The answer holds the signing `secret`, shown this once. In production the URL must use https and resolve to a public address (422 otherwise).",
    ...byDeveloper,
    body: createWebhookBody,
    example: {
      url: "https://shop.example/webhooks/kola",
      event_types: ["payment.succeeded", "payment.failed"],
      description: "Order service",
    },
    response: webhookWithSecret,
    errors: [...keyErrors, "WEBHOOK_LIMIT_REACHED", ...idempotencyErrors],
  },
  list: {
    method: "GET",
    path: "/v1/webhooks",
    summary: "List your webhook endpoints, newest first",
    auth: "key",
    query: pageQuery,
    response: z.array(webhookView),
    errors: [...keyErrors],
    paged: true,
  },
  get: {
    method: "GET",
    path: "/v1/webhooks/{webhook_id}",
    summary: "Get a webhook endpoint",
    auth: "key",
    params: webhookParams,
    response: webhookView,
    errors: [...keyErrors, "WEBHOOK_NOT_FOUND"],
  },
  update: {
    method: "PATCH",
    path: "/v1/webhooks/{webhook_id}",
    summary: "Update a webhook endpoint",
    description:
      "Changes only the fields sent. A disabled endpoint gets no new events; its pending deliveries wait and resume when it is enabled again.",
    ...byDeveloper,
    params: webhookParams,
    body: updateWebhookBody,
    example: { event_types: [], description: "Every event" },
    response: webhookView,
    errors: [...keyErrors, "WEBHOOK_NOT_FOUND", ...idempotencyErrors],
  },
  delete: {
    method: "DELETE",
    path: "/v1/webhooks/{webhook_id}",
    summary: "Delete a webhook endpoint",
    description: "Its pending deliveries are dropped and its delivery log is deleted with it.",
    ...byDeveloper,
    params: webhookParams,
    response: webhookDeleted,
    errors: [...keyErrors, "WEBHOOK_NOT_FOUND", ...idempotencyErrors],
  },
  rotate_secret: {
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/rotate-secret",
    summary: "Rotate the signing secret",
    description:
      "Returns the new `secret`, shown this once. For 24 hours the previous secret signs too (`webhook-signature` carries both signatures), so a receiver can switch without missing an event.",
    ...byDeveloper,
    params: webhookParams,
    response: webhookWithSecret,
    errors: [...keyErrors, "WEBHOOK_NOT_FOUND", ...idempotencyErrors],
  },
  test: {
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/test",
    summary: "Send a test event",
    description:
      "Queues a `webhook.test` event for this endpoint and returns its delivery (`pending`); follow it with GET …/deliveries/{delivery_id}. It is signed and retried like any event.",
    ...byDeveloper,
    params: webhookParams,
    response: webhookDeliveryView,
    errors: [...keyErrors, "WEBHOOK_NOT_FOUND", "WEBHOOK_DISABLED", ...idempotencyErrors],
  },
  deliveries: {
    method: "GET",
    path: "/v1/webhooks/{webhook_id}/deliveries",
    summary: "The endpoint's delivery log, newest first",
    description: "One delivery per event, with every attempt: status code, latency and an excerpt of the answer.",
    auth: "key",
    params: webhookParams,
    query: deliveryQuery,
    response: z.array(webhookDeliveryView),
    errors: [...keyErrors, "WEBHOOK_NOT_FOUND"],
    paged: true,
  },
  delivery: {
    method: "GET",
    path: "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}",
    summary: "One delivery with its attempts, and the bodies sent and received",
    description:
      "Adds what the list leaves out: `request_body`, the exact body sent, and each attempt's `response_body` (at most 64 KB). The signing secret is never shown.",
    auth: "key",
    params: deliveryParams,
    response: webhookDeliveryDetail,
    errors: [...keyErrors, "WEBHOOK_NOT_FOUND", "WEBHOOK_DELIVERY_NOT_FOUND"],
  },
  resend: {
    method: "POST",
    path: "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend",
    summary: "Resend an event",
    description:
      "Makes the delivery due now, whatever its status: the same event, with the same `webhook-id`, is sent again and the attempt is added to its log. A failed delivery gets this one more attempt.",
    ...byDeveloper,
    params: deliveryParams,
    response: webhookDeliveryView,
    errors: [...keyErrors, "WEBHOOK_NOT_FOUND", "WEBHOOK_DELIVERY_NOT_FOUND", "WEBHOOK_DISABLED", ...idempotencyErrors],
  },
});

// The event types a webhook endpoint can subscribe to, and the statuses of a delivery (DESIGN §8).
// Dependency-free: lib/db/schema.ts, the API schemas and the dashboard all import these lists.

export const eventTypes = [
  "payment.succeeded",
  "payment.failed",
  "payment.expired",
  "marketplace.transaction.succeeded",
  "marketplace.transaction.failed",
  "marketplace.transaction.expired",
  "payout.succeeded",
  "payout.failed",
  // a marketplace seller's payout; `payout.*` are the merchant's withdrawals
  "seller_payout.succeeded",
  "seller_payout.failed",
  "refund.succeeded",
  "refund.failed",
  // an invoice (lib/invoices): created; a payment made it partly paid, or paid; its due date passed
  // with a balance due (once); the merchant cancelled it
  "invoice.created",
  "invoice.partially_paid",
  "invoice.paid",
  "invoice.cancelled",
  "invoice.overdue",
] as const;
export type EventType = (typeof eventTypes)[number];

/** A test event (POST /webhooks/{id}/test): sent on request, never subscribed to. */
export const TEST_EVENT_TYPE = "webhook.test";
export const webhookEventTypes = [...eventTypes, TEST_EVENT_TYPE] as const;
export type WebhookEventType = EventType | typeof TEST_EVENT_TYPE;

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

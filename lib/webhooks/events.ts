import { randomBytes } from "node:crypto";
import { TEST_EVENT_TYPE, type WebhookEventType } from "@/lib/core/event-types";
import { testEventData } from "./event-data";
import { webhookEvents } from "./schemas";

// The events sent to webhook endpoints (DESIGN §8): {"id", "type", "created_at", "sequence", "data": {…}}.
// `sequence` numbers the events about one deposit (a payment, its refunds, its seller's payouts)
// 1, 2, … in commit order (lib/deposits/event-sequence.ts); a merchant applies the highest.


/** A fresh id for an event that has no outbox row (a test event). */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString("hex")}`;
}

// `data` in its documented order, applied when the body is written (jsonb keeps keys in its own
// order): a payment's, a marketplace sale's and a test event's keys as their schemas list them.
// Payouts and refunds carry the object GET shows, but their events have always listed it in this
// order (what it is about, then amount and outcome, then how and when), not the schema's: kept, so
// the bytes receivers get do not change. Keys not listed follow in their stored order.
const DISBURSEMENT_ORDER = [
  "id",
  "kind",
  "track_id",
  "transaction_id",
  "amount",
  "currency",
  "status",
  "failure_reason",
  "country",
  "operator",
  "phone_number",
  "reason",
  "automatic",
  "marketplace_gateway_id",
  "retry_of",
  "retried_by",
  "created_at",
  "completed_at",
];

function keyOrder(type: WebhookEventType): readonly string[] {
  if (/^(payout|seller_payout|refund)\./.test(type)) return DISBURSEMENT_ORDER;
  return Object.keys(webhookEvents[type].shape.data.shape);
}

export function eventData(type: WebhookEventType, data: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of keyOrder(type)) if (Object.hasOwn(data, key)) ordered[key] = data[key];
  for (const [key, value] of Object.entries(data)) if (!Object.hasOwn(ordered, key)) ordered[key] = value;
  return ordered;
}

/** The body of an event, as the exact text every attempt sends (and signs). */
export function eventPayload(event: { id: string; type: WebhookEventType; createdAt: Date; sequence: number; data: Record<string, unknown> }): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    sequence: event.sequence,
    data: eventData(event.type, event.data),
  });
}

export function testEventPayload(id: string, endpointId: string, createdAt: Date): string {
  return eventPayload({
    id,
    type: TEST_EVENT_TYPE,
    createdAt,
    sequence: 1,
    data: testEventData(endpointId),
  });
}

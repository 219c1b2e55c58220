import type { z } from "zod";
import { attemptErrorCode } from "./attempt-errors";
import type { DeliveryWithAttempts, EndpointRow } from "./queries";
import type { webhookDeliveryDetail, webhookDeliveryView, webhookView, webhookWithSecret } from "./schemas";

export function presentEndpoint(row: EndpointRow): z.output<typeof webhookView> {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** After create and rotate only: the one time the secret is shown. */
export function presentEndpointWithSecret(row: EndpointRow): z.output<typeof webhookWithSecret> {
  return { ...presentEndpoint(row), secret: row.secret };
}

export function presentDelivery(row: DeliveryWithAttempts): z.output<typeof webhookDeliveryView> {
  return {
    id: row.id,
    webhook_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType as z.output<typeof webhookDeliveryView>["event_type"],
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    attempts: row.attempts.map((a) => ({
      attempt: a.attempt,
      created_at: a.createdAt.toISOString(),
      status_code: a.statusCode,
      latency_ms: a.latencyMs,
      response_excerpt: a.responseExcerpt,
      error: a.error,
      error_code: attemptErrorCode(a.error),
    })),
  };
}

/** One delivery's detail: the body sent and every answer's body (bounded when stored). */
export function presentDeliveryDetail(row: DeliveryWithAttempts): z.output<typeof webhookDeliveryDetail> {
  const delivery = presentDelivery(row);
  return {
    ...delivery,
    request_body: row.payload,
    attempts: delivery.attempts.map((a, i) => ({ ...a, response_body: row.attempts[i]!.responseBody })),
  };
}

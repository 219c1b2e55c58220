import { getDb } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { TEST_EVENT_TYPE } from "@/lib/core/event-types";
import { newEventId, testEventPayload } from "./events";
import { getEndpointOrThrow, type DeliveryWithAttempts, type Owner } from "./queries";
import { wakeJob } from "@/lib/runtime/wake";

/** Queues a `webhook.test` event for one endpoint (whatever it subscribes to). */
export async function sendTestEvent(owner: Owner, endpointId: string): Promise<DeliveryWithAttempts> {
  const endpoint = await getEndpointOrThrow(owner, endpointId);
  if (!endpoint.enabled) throw new ApiError("WEBHOOK_DISABLED");
  const eventId = newEventId();
  const createdAt = new Date();
  const db = await getDb();
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      accountId: owner.accountId,
      mode: owner.mode,
      endpointId,
      eventId,
      eventType: TEST_EVENT_TYPE,
      eventCreatedAt: createdAt,
      payload: testEventPayload(eventId, endpointId, createdAt),
    })
    .returning();
  wakeJob("webhook-delivery");
  return { ...row!, attempts: [] };
}

import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { getDeliveryOrThrow, getEndpointOrThrow, type DeliveryWithAttempts, type Owner } from "./queries";
import { wakeJob } from "@/lib/runtime/wake";

/**
 * Makes a delivery due now, whatever its status: same event, same webhook-id, one more attempt in
 * its log. A lease in progress is dropped, so the resend is not lost when that attempt ends.
 */
export async function resendDelivery(owner: Owner, endpointId: string, deliveryId: string): Promise<DeliveryWithAttempts> {
  const endpoint = await getEndpointOrThrow(owner, endpointId);
  const current = await getDeliveryOrThrow(owner, endpointId, deliveryId);
  if (!endpoint.enabled) throw new ApiError("WEBHOOK_DISABLED");
  const db = await getDb();
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: sql`now()`, leaseId: null, lockedUntil: null })
    .where(and(eq(webhookDeliveries.id, current.id), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  if (!row) throw new ApiError("WEBHOOK_DELIVERY_NOT_FOUND");
  wakeJob("webhook-delivery");
  return { ...row, attempts: current.attempts };
}

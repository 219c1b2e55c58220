import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { webhookEndpoints } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { assertReceiverUrl } from "./check-url";
import { getEndpointOrThrow, type EndpointRow, type Owner } from "./queries";
import type { UpdateWebhookBody } from "./schemas";
import { wakeJob } from "@/lib/runtime/wake";

/** Changes only the fields sent; enabling an endpoint lets its waiting deliveries go at once. */
export async function updateEndpoint(owner: Owner, id: string, body: UpdateWebhookBody): Promise<EndpointRow> {
  const current = await getEndpointOrThrow(owner, id);
  if (body.url !== undefined && body.url !== current.url) await assertReceiverUrl(body.url);
  const changes = { url: body.url, description: body.description, eventTypes: body.event_types, enabled: body.enabled };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return current;
  const db = await getDb();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(ownedBy(webhookEndpoints, owner), eq(webhookEndpoints.id, id)))
    .returning();
  if (!row) throw new ApiError("WEBHOOK_NOT_FOUND");
  if (row.enabled && !current.enabled) wakeJob("webhook-delivery");
  return row;
}

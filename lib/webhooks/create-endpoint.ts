import { getDb } from "@/lib/db/client";
import { webhookEndpoints } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { assertReceiverUrl } from "./check-url";
import { countEndpoints, type EndpointRow, type Owner } from "./queries";
import { MAX_ENDPOINTS, type CreateWebhookBody } from "./schemas";
import { newSecret } from "./signing";

/** Registers an endpoint with a new signing secret; it receives the events that happen from now on. */
export async function createEndpoint(owner: Owner, body: CreateWebhookBody): Promise<EndpointRow> {
  await assertReceiverUrl(body.url);
  if ((await countEndpoints(owner)) >= MAX_ENDPOINTS) throw new ApiError("WEBHOOK_LIMIT_REACHED");
  const db = await getDb();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      accountId: owner.accountId,
      mode: owner.mode,
      url: body.url,
      description: body.description,
      eventTypes: body.event_types,
      enabled: body.enabled,
      secret: newSecret(),
    })
    .returning();
  return row!;
}

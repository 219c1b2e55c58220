import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { webhookEndpoints } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import type { Owner } from "./queries";

/** Deletes an endpoint with its deliveries and their log (a worker sending one stops after that attempt). */
export async function deleteEndpoint(owner: Owner, id: string): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(ownedBy(webhookEndpoints, owner), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new ApiError("WEBHOOK_NOT_FOUND");
  return { id: row.id, deleted: true };
}

import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { webhookEndpoints } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import type { EndpointRow, Owner } from "./queries";
import { newSecret } from "./signing";

export const PREVIOUS_SECRET_HOURS = 24;

/** A new signing secret; the current one keeps signing beside it for 24 hours. */
export async function rotateSecret(owner: Owner, id: string): Promise<EndpointRow> {
  const db = await getDb();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: sql`now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS})`,
      secret: newSecret(),
      updatedAt: sql`now()`,
    })
    .where(and(ownedBy(webhookEndpoints, owner), eq(webhookEndpoints.id, id)))
    .returning();
  if (!row) throw new ApiError("WEBHOOK_NOT_FOUND");
  return row;
}

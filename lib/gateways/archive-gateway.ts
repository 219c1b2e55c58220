import { and, eq, isNull } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { paymentGateways } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";

/** Archives a payment link: its page then says it is no longer available. */
export async function archiveGateway(auth: Auth, id: string): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  const [row] = await db
    .update(paymentGateways)
    .set({ archivedAt: new Date() })
    .where(and(ownedBy(paymentGateways, auth), eq(paymentGateways.id, id), isNull(paymentGateways.archivedAt)))
    .returning({ id: paymentGateways.id });
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return { id: row.id, deleted: true };
}

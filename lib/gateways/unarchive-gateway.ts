import { and, eq, isNotNull } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { paymentGateways } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { isUniqueViolation } from "@/lib/db/errors";
import { getGatewayWithStatusOrThrow, type GatewayListRow } from "./queries";

/**
 * Puts an archived payment link back: its page takes payments again (or shows its receipt, once
 * paid). A live link is returned as it is; another account's or an unknown id is 404. Where
 * archiving frees the order_id (a unique index over live links only), a live link holding it
 * since makes the update break that index: 409 ORDER_ID_CONFLICT, the link stays archived.
 */
export async function unarchiveGateway(auth: Auth, id: string): Promise<GatewayListRow> {
  const db = await getDb();
  try {
    // a transaction of its own (a savepoint in the request's): the failed update must not abort the
    // request's transaction, whose answer (409) still commits
    await db.transaction((tx) =>
      tx
        .update(paymentGateways)
        .set({ archivedAt: null })
        .where(and(ownedBy(paymentGateways, auth), eq(paymentGateways.id, id), isNotNull(paymentGateways.archivedAt))),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("ORDER_ID_CONFLICT");
    throw error;
  }
  return getGatewayWithStatusOrThrow(auth, id);
}

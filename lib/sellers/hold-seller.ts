import { and, eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { sellers } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/runtime/log";
import { wakeJob } from "@/lib/runtime/wake";
import { getSellerOrThrow } from "./queries";
import type { SellerView, UpdateSellerBody } from "./schemas";

/**
 * PATCH /v1/sellers/{seller_id}: stops a seller's payouts (suspected fraud) or lets them go again.
 * The hold is read by every payout of the seller's money (lib/payouts/pay-share.ts) under the
 * seller's balance lock, so no payout starts once the hold is committed.
 */
export async function updateSeller(auth: Auth, sellerId: string, body: UpdateSellerBody): Promise<SellerView> {
  const db = await getDb();
  const [row] = await db
    .update(sellers)
    .set({
      heldAt: body.on_hold ? sql`coalesce(${sellers.heldAt}, now())` : null,
      holdReason: body.on_hold ? body.hold_reason : "",
      updatedAt: sql`now()`,
    })
    .where(and(eq(sellers.id, sellerId), ownedBy(sellers, auth)))
    .returning({ id: sellers.id });
  if (!row) throw new ApiError("SELLER_NOT_FOUND");
  log("info", body.on_hold ? "seller payouts held" : "seller hold cleared", { seller_id: sellerId });
  if (!body.on_hold) wakeJob("money-out");
  return getSellerOrThrow(auth, sellerId);
}

import { and, asc, eq, isNull } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, sellerShares } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { postEntry } from "@/lib/ledger/post";
import { wakeJob } from "@/lib/runtime/wake";
import { getSellerOrThrow } from "./queries";
import type { ReleaseSellerBody, SellerView } from "./schemas";
import type { ShareRow } from "./shares";

/**
 * A share's payout hold ends: what it still holds moves from seller_pending to seller_payable (a
 * `seller_release` entry, once per sale), and the share says so. The caller holds the share's row
 * lock (taken by its select … for update), so a refund of the same sale comes before or after,
 * never in between. False when it was released already.
 */
export async function releaseShare(tx: Db | Tx, share: ShareRow): Promise<boolean> {
  if (share.releasedAt) return false;
  const at = new Date();
  await postEntry(tx, {
    accountId: share.accountId,
    mode: share.mode,
    currency: share.currency,
    kind: "seller_release",
    depositId: share.depositId,
    lines: [
      { account: "seller_pending", amount: -share.held, sellerId: share.sellerId },
      { account: "seller_payable", amount: share.held, sellerId: share.sellerId },
    ],
  });
  await tx
    .update(sellerShares)
    .set({ releasedAt: at, held: 0, owed: share.owed + share.held })
    .where(and(eq(sellerShares.depositId, share.depositId), isNull(sellerShares.releasedAt)));
  return true;
}

/**
 * POST /v1/sellers/{seller_id}/release: the merchant ends the hold early, for one sale (`track_id`)
 * or every share of the seller still held. The shares are locked in one order (by sale), so two
 * releases of one seller at once cannot wait on each other. The sender pays them out next.
 */
export async function releaseSellerShares(auth: Auth, sellerId: string, body: ReleaseSellerBody): Promise<SellerView> {
  const db = await getDb();
  const view = await db.transaction(async (tx) => {
    await getSellerOrThrow(auth, sellerId, tx);
    const shares = await tx
      .select({ share: sellerShares })
      .from(sellerShares)
      .innerJoin(deposits, eq(deposits.id, sellerShares.depositId))
      .where(and(ownedBy(sellerShares, auth), eq(sellerShares.sellerId, sellerId), body.track_id ? eq(deposits.trackId, body.track_id) : isNull(sellerShares.releasedAt)))
      .orderBy(asc(sellerShares.depositId))
      .for("update", { of: sellerShares });
    if (body.track_id && !shares.length) throw new ApiError("DEPOSIT_NOT_FOUND", "This seller has no sale with this track_id");
    for (const { share } of shares) await releaseShare(tx, share);
    return getSellerOrThrow(auth, sellerId, tx);
  });
  wakeJob("money-out");
  return view;
}

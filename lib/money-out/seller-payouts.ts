import { and, asc, eq, gt, isNotNull, isNull, lte, not, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { sellers, sellerShares } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/runtime/log";
import { crashPoint } from "@/lib/runtime/crash-point";
import { paySellerShare } from "@/lib/payouts/create-seller-payout";
import { releaseShare } from "@/lib/sellers/release-share";
import { waitsForRefund } from "@/lib/sellers/shares";

const BATCH = 100;

/**
 * Shares whose payout hold is over leave seller_pending for seller_payable. `now` is the
 * caller's clock (tests move it forward instead of sleeping). Claimed with SKIP LOCKED, so several
 * workers never release one share twice; a share a refund holds is left for the next round.
 */
export async function releaseDueShares(now = new Date()): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sellerShares)
      .where(and(isNull(sellerShares.releasedAt), lte(sellerShares.releaseAt, now)))
      .orderBy(asc(sellerShares.releaseAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    let released = 0;
    for (const share of due) if (await releaseShare(tx, share)) released++;
    return released;
  });
}

/**
 * Pays out the shares released and not paid yet, at most once each: the payout and its ledger
 * entry, and the share marked paid, in one transaction per share (lib/payouts/create-seller-payout.ts);
 * the sender hands the payout to the provider afterwards, under the payout's own id. A crash
 * between the two leaves a pending payout that the next round sends; never a second payout (a
 * sale has one live payout, a unique index). Not paid now: a seller on hold, and a share whose
 * payout must wait for a refund under way (lib/sellers/shares.ts `waitsForRefund`): one of its
 * sale that takes the share back (`reverse`), or one its seller bears that the payout would be
 * netted against (`debit_seller`). Their failure gives money back that this payout, made after,
 * then pays; the payout decides again under its locks.
 */
export async function payDueShares(): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ depositId: sellerShares.depositId })
    .from(sellerShares)
    .innerJoin(sellers, eq(sellers.id, sellerShares.sellerId))
    .where(
      and(
        isNotNull(sellerShares.releasedAt),
        isNull(sellerShares.disbursedAt),
        gt(sellerShares.owed, 0),
        isNull(sellers.heldAt),
        not(waitsForRefund(sellerShares.depositId, sellerShares.sellerId, sql`${sellerShares.owed} > greatest(0, coalesce((select b.balance from seller_balances b where b.seller_id = ${sellerShares.sellerId} and b.ledger_account = 'seller_payable'), 0))`)),
      ),
    )
    .orderBy(asc(sellerShares.createdAt))
    .limit(BATCH);
  let paid = 0;
  for (const { depositId } of due) {
    const payoutId = await db
      .transaction(async (tx) => {
        const [share] = await tx
          .select()
          .from(sellerShares)
          .where(and(eq(sellerShares.depositId, depositId), isNull(sellerShares.disbursedAt), gt(sellerShares.owed, 0)))
          .for("update", { skipLocked: true });
        return share ? paySellerShare(tx, share) : null;
      })
      .catch((error: unknown) => {
        // the seller was put on hold meanwhile, or its share already has a payout: next round decides
        if (error instanceof ApiError) return null;
        throw error;
      });
    if (!payoutId) continue;
    paid++;
    await crashPoint("seller-payout-recorded"); // the payout and its entry committed, the provider not asked yet
  }
  if (paid) log("info", "seller shares paid out", { count: paid });
  return paid;
}

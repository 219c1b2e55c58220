import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { sellerShares } from "@/lib/db/schema";

export type ShareRow = typeof sellerShares.$inferSelect;

/**
 * A sale's seller share, its row locked until the transaction ends: every change to a share (a
 * refund, its failure, a release, a payout and its failure) takes this lock first, so the changes
 * to one sale happen one after the other and each sees the last one's result. Null: not a sale.
 */
export async function lockShare(tx: Db | Tx, depositId: string): Promise<ShareRow | null> {
  const [row] = await tx.select().from(sellerShares).where(eq(sellerShares.depositId, depositId)).for("update");
  return row ?? null;
}

/** Where the share's money that is still with Kola sits: held (before the release) or owed (after). */
export function shareAccount(share: Pick<ShareRow, "releasedAt">): "seller_pending" | "seller_payable" {
  return share.releasedAt ? "seller_payable" : "seller_pending";
}

/**
 * Whether a payout of a share must wait for a refund under way, whose failure would give money
 * back (lib/money-out/settle.ts) that the payout could then no longer carry: a sale is paid out by
 * one payout, and a payout pays what the share owes at most what the seller's balance holds, the
 * rest netted for good. So a share waits while
 * - a `reverse` refund of its sale is under way: its failure gives the share back what it took;
 * - a `debit_seller` refund of its seller is under way and the payout would be netted (`nets`: the
 *   share owes more than the seller's balance holds): its failure gives the seller's balance back
 *   what it took, and the payout, made after, pays it.
 * One rule for the background work's list of due shares and for the payout itself, which decides
 * again under the seller's balance lock (every refund of the seller moves that balance under it).
 */
export function waitsForRefund(depositId: SQLWrapper | string, sellerId: SQLWrapper | string, nets: SQL): SQL {
  return sql`exists (select 1 from refunds r where r.status in ('pending', 'processing') and (
    (r.deposit_id = ${depositId} and r.seller_share = 'reverse')
    or (r.seller_id = ${sellerId} and r.seller_share = 'debit_seller' and r.seller_amount > 0 and ${nets})))`;
}

import { eq } from "drizzle-orm";
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

import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { marketplaceTransactions, payouts, sellerBalances, sellers, sellerShares } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { postEntry } from "@/lib/ledger/post";
import { payoutProviderName, sellerOperator } from "@/lib/providers/money-out-routing";
import { waitsForRefund, type ShareRow } from "@/lib/sellers/shares";

/** Why a share's payout waits (lib/sellers/shares.ts `waitsForRefund`); a retry refused for it says so. */
export const REFUND_UNDER_WAY = "A refund under way would change what this payout pays: send it again once the refund is settled";

export type Destination = { country: string; operator: string; phoneNumber: string };

/**
 * Pays out what is owed of one sale's seller share, in the caller's transaction, which
 * holds the share's row lock: the automatic payout when its hold ends (lib/money-out/seller-payouts.ts),
 * or a failed payout sent again (`retryOf`) to its `destination`: the same phone, or a corrected
 * one (`redirected`: the ledger entry says so).
 *
 * Under the seller's balance lock it reads the seller's hold and available balance: what a seller in
 * debt owes was taken from the share when the money came in (lib/ledger/seller-balances.ts), so the
 * payout is the share's owed part, at most what the seller has. The share owes nothing after it;
 * its payout row and the seller_payable → payouts_in_flight entry are written together, and a sale
 * has one live payout (a partial unique index), a failed one one retry (unique `retry_of`).
 * Null when there was nothing to pay. Refused (PAYOUT_NOT_RETRYABLE, REFUND_UNDER_WAY) while a
 * refund under way could still give back money this payout would leave out (lib/sellers/shares.ts
 * `waitsForRefund`): decided here, under the seller's balance lock, which every refund of the
 * seller's balance takes too, so a refund either counts or comes after.
 */
export async function paySellerShare(
  tx: Db | Tx,
  share: ShareRow,
  options: { retryOf?: string; destination?: Destination; redirected?: boolean } = {},
): Promise<string | null> {
  const [payable] = await tx
    .select({ balance: sellerBalances.balance })
    .from(sellerBalances)
    .where(and(eq(sellerBalances.sellerId, share.sellerId), eq(sellerBalances.ledgerAccount, "seller_payable")))
    .for("update");
  const amount = Math.min(share.owed, Math.max(0, payable?.balance ?? 0));
  const [found] = await tx
    .select({ seller: sellers, waits: waitsForRefund(share.depositId, share.sellerId, sql.raw(String(amount < share.owed))).mapWith(Boolean) })
    .from(sellers)
    .where(eq(sellers.id, share.sellerId));
  const seller = found?.seller;
  if (seller!.heldAt) throw new ApiError("SELLER_ON_HOLD");
  if (found!.waits) throw new ApiError("PAYOUT_NOT_RETRYABLE", REFUND_UNDER_WAY);
  await tx.update(sellerShares).set({ owed: 0, disbursedAt: sql`coalesce(${sellerShares.disbursedAt}, now())` }).where(eq(sellerShares.depositId, share.depositId));
  if (amount <= 0) return null;

  const [sale] = await tx.select({ gatewayId: marketplaceTransactions.marketplaceGatewayId }).from(marketplaceTransactions).where(eq(marketplaceTransactions.depositId, share.depositId));
  const destination = options.destination ?? { country: seller!.country, operator: sellerOperator(seller!.country, seller!.phoneNumber), phoneNumber: seller!.phoneNumber };
  const [payout] = await tx
    .insert(payouts)
    .values({
      accountId: share.accountId,
      mode: share.mode,
      kind: "seller",
      amount,
      currency: share.currency,
      ...destination,
      depositId: share.depositId,
      marketplaceGatewayId: sale?.gatewayId ?? null,
      sellerId: share.sellerId,
      retryOf: options.retryOf ?? null,
      provider: payoutProviderName(share.mode) ?? "none",
    })
    .onConflictDoNothing()
    .returning({ id: payouts.id });
  if (!payout) throw new ApiError("PAYOUT_NOT_RETRYABLE"); // retried already, or the sale has a live payout
  await postEntry(tx, {
    accountId: share.accountId,
    mode: share.mode,
    currency: share.currency,
    kind: options.redirected ? "payout_redirected" : "payout",
    payoutId: payout.id,
    lines: [
      { account: "seller_payable", amount: -amount, sellerId: share.sellerId },
      { account: "payouts_in_flight", amount, sellerId: share.sellerId },
    ],
  });
  return payout.id;
}

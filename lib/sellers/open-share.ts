import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { marketplaceGateways, marketplaces, marketplaceTransactions, sellerShares } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import type { Line } from "@/lib/ledger/entry";
import { postEntry } from "@/lib/ledger/post";
import type { MarketplaceGatewayRow } from "@/lib/marketplace-gateways/queries";
import { sellerForSale } from "@/lib/marketplace-gateways/seller-for-sale";

const DAY_MS = 86_400_000;

/**
 * A marketplace sale's money, in its settlement's transaction. The buyer paid
 * `buyer_price`: the seller's share (`product_price`, fixed at the submit with the seller) goes to
 * the seller, held in seller_pending for the marketplace's `seller_payout_delay_days` (or straight
 * to seller_payable with no hold), and the rest, the owner's fee, to the merchant (`merchant`:
 * pending or available, as for any payment). The share's row says what of it is where; the
 * background work releases it when the hold ends and pays it out (lib/sellers/pay-shares.ts).
 * Posted once: a second settlement of the sale finds its entry and its share already there.
 */
export async function openShare(tx: Db | Tx, deposit: DepositRow, merchant: { account: "merchant_pending" | "merchant_available"; availableAt: Date | null }): Promise<void> {
  const [sale] = await tx
    .select({ transaction: marketplaceTransactions, gateway: marketplaceGateways, delayDays: marketplaces.sellerPayoutDelayDays })
    .from(marketplaceTransactions)
    .innerJoin(marketplaceGateways, eq(marketplaceGateways.id, marketplaceTransactions.marketplaceGatewayId))
    .innerJoin(marketplaces, eq(marketplaces.id, marketplaceGateways.marketplaceId))
    .where(eq(marketplaceTransactions.depositId, deposit.id));
  if (!sale) throw new Error(`marketplace deposit ${deposit.trackId} has no transaction`);
  // an attempt recorded without its seller (by a process of the version before sellers, during an
  // upgrade) gets it now, as the submit would have: the link's payout phone
  const sellerId = sale.transaction.sellerId ?? (await nameSeller(tx, sale.transaction.id, sale.gateway));
  const share = Math.min(sale.transaction.productPrice, deposit.amount);
  const fee = deposit.amount - share;
  const now = Date.now();
  const held = sale.delayDays > 0;
  const lines: Line[] = [
    { account: "provider_clearing", amount: -deposit.amount },
    { account: held ? "seller_pending" : "seller_payable", amount: share, sellerId },
    { account: merchant.account, amount: fee },
  ];
  const base = { accountId: deposit.accountId, mode: deposit.mode, currency: deposit.currency, depositId: deposit.id };
  const posted = await postEntry(tx, { ...base, kind: "marketplace_sale", availableAt: fee > 0 ? merchant.availableAt : null, lines });
  if (!posted) return;
  await tx.insert(sellerShares).values({
    ...base,
    sellerId,
    amount: share,
    fee,
    releaseAt: new Date(now + sale.delayDays * DAY_MS),
    releasedAt: held ? null : new Date(now),
    held: held ? share : 0,
    owed: held ? 0 : share,
  });
}

async function nameSeller(tx: Db | Tx, transactionId: string, gateway: MarketplaceGatewayRow): Promise<string> {
  const sellerId = await sellerForSale(tx, gateway);
  await tx.update(marketplaceTransactions).set({ sellerId }).where(eq(marketplaceTransactions.id, transactionId));
  return sellerId;
}

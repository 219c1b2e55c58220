import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { marketplaceGateways, marketplaceTransactions } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { createSellerPayout } from "@/lib/payouts/create-seller-payout";
import { createAutomaticRefund } from "@/lib/refunds/create-refund";
import { holdSeconds } from "./hold";
import { postEntry, type Line } from "./post";

/**
 * What a successful deposit posts, in settleDeposit's transaction (DESIGN §3–5, issue 11):
 * - a payment link: the amount to the merchant (pending for the hold, or available at once);
 * - a marketplace sale: `buyer_price` split into the seller's share (`amount`, to seller_payable,
 *   paid out at once by a seller payout created here) and the owner's fee (to the merchant);
 * - a duplicate success on a paid link: owed back to the buyer (refunds_in_flight), refunded
 *   automatically by a refund created here; the merchant's balance never sees it.
 * The provider now holds the money: provider_clearing is the other side of every one.
 */
export async function recordPaymentSuccess(tx: Db | Tx, deposit: DepositRow): Promise<void> {
  const base = { accountId: deposit.accountId, mode: deposit.mode, currency: deposit.currency, depositId: deposit.id };
  const clearing: Line = { account: "provider_clearing", amount: -deposit.amount };

  if (deposit.duplicateOf) {
    const posted = await postEntry(tx, { ...base, kind: "duplicate_payment", lines: [clearing, { account: "refunds_in_flight", amount: deposit.amount }] });
    if (posted) await createAutomaticRefund(tx, deposit);
    return;
  }

  const hold = holdSeconds(deposit.mode);
  const merchant = hold > 0 ? "merchant_pending" : "merchant_available";
  const availableAt = hold > 0 ? new Date(Date.now() + hold * 1000) : null;

  if (!deposit.marketplaceGatewayId) {
    await postEntry(tx, { ...base, kind: "payment", availableAt, lines: [clearing, { account: merchant, amount: deposit.amount }] });
    return;
  }

  const [sale] = await tx
    .select({ transactionId: marketplaceTransactions.id, productPrice: marketplaceTransactions.productPrice, gateway: marketplaceGateways })
    .from(marketplaceTransactions)
    .innerJoin(marketplaceGateways, eq(marketplaceGateways.id, marketplaceTransactions.marketplaceGatewayId))
    .where(eq(marketplaceTransactions.depositId, deposit.id));
  if (!sale) throw new Error(`marketplace deposit ${deposit.trackId} has no transaction`);
  // the seller's share is what the product cost; the rest of what the buyer paid is the owner's fee
  const share = Math.min(sale.productPrice, deposit.amount);
  const fee = deposit.amount - share;
  const posted = await postEntry(tx, {
    ...base,
    kind: "marketplace_sale",
    availableAt: fee > 0 ? availableAt : null,
    lines: [clearing, { account: "seller_payable", amount: share }, { account: merchant, amount: fee }],
  });
  if (posted && share > 0) await createSellerPayout(tx, { deposit, gateway: sale.gateway, amount: share });
}


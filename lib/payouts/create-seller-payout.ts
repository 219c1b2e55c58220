import type { Db, Tx } from "@/lib/db/client";
import { marketplaceGateways, payouts } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { postEntry } from "@/lib/ledger/post";
import { payoutProviderName, sellerOperator } from "@/lib/money-out/providers";

/**
 * A marketplace sale's seller payout, created in the sale's own transaction: the seller's share
 * leaves seller_payable for payouts_in_flight, and the background sender hands it to the provider
 * (lib/money-out/send.ts). Without a provider that pays out in this mode, it is still created and
 * then fails, so the money waits in seller_payable until a retry.
 */
export async function createSellerPayout(
  tx: Db | Tx,
  sale: { deposit: DepositRow; gateway: typeof marketplaceGateways.$inferSelect; amount: number },
): Promise<string> {
  const { deposit, gateway, amount } = sale;
  const [payout] = await tx
    .insert(payouts)
    .values({
      accountId: deposit.accountId,
      mode: deposit.mode,
      kind: "seller",
      amount,
      currency: deposit.currency,
      country: gateway.country,
      operator: sellerOperator(gateway.country),
      phoneNumber: gateway.phoneNumber,
      depositId: deposit.id,
      marketplaceGatewayId: gateway.id,
      provider: payoutProviderName(deposit.mode) ?? "none",
    })
    .returning({ id: payouts.id });
  await postEntry(tx, {
    accountId: deposit.accountId,
    mode: deposit.mode,
    currency: deposit.currency,
    kind: "payout",
    payoutId: payout!.id,
    lines: [
      { account: "seller_payable", amount: -amount },
      { account: "payouts_in_flight", amount },
    ],
  });
  return payout!.id;
}

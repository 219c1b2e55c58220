import { getDb, type Tx } from "@/lib/db/client";
import { marketplaceTransactions } from "@/lib/db/schema";
import { createDeposit, type DepositRow } from "@/lib/deposits/create-deposit";
import { sellerForSale } from "./seller-for-sale";
import type { MarketplaceGatewayRow } from "./queries";
import { buyerPrice } from "./fee";

export type Buyer = {
  fullName: string;
  email: string;
  phoneNumber: string;
  country: string;
  operator: string;
  /** the checkout's language: their receipt's */
  lang?: "fr" | "en";
};

/**
 * One buyer's attempt on a marketplace link: a deposit of `amount + fee` (what the buyer pays) and
 * the transaction that remembers who paid and their answers to the form blocks, in one transaction.
 * The sale's seller and split are fixed here, when the buyer submits: the seller (found
 * by the link's phone), `product_price` (its share) and `buyer_price`; settlement reads only these.
 * A card payment's deposit is `amount` (the buyer price and, when the buyer bears it, the card fee:
 * the seller's share stays `product_price`, the rest is the owner's, as for mobile money), and
 * `alongside` writes its payer in the same transaction.
 */
export async function recordMarketplaceTransaction(input: {
  gateway: MarketplaceGatewayRow;
  buyer: Buyer;
  additionalInfo: { fieldName: string; value: string }[];
  provider: string;
  clientToken?: string;
  amount?: number;
  alongside?: (tx: Tx, deposit: DepositRow) => Promise<void>;
}): Promise<{ deposit: DepositRow; transactionId: string }> {
  const { gateway, buyer } = input;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const deposit = await createDeposit(
      {
        accountId: gateway.accountId,
        mode: gateway.mode,
        amount: input.amount ?? buyerPrice(gateway.amount, gateway.fee),
        currency: gateway.currency,
        country: buyer.country,
        operator: buyer.operator,
        phoneNumber: buyer.phoneNumber,
        provider: input.provider,
        marketplaceGatewayId: gateway.id,
        clientToken: input.clientToken,
      },
      tx,
    );
    await input.alongside?.(tx, deposit);
    const sellerId = await sellerForSale(tx, gateway);
    const [transaction] = await tx
      .insert(marketplaceTransactions)
      .values({
        accountId: gateway.accountId,
        mode: gateway.mode,
        marketplaceGatewayId: gateway.id,
        depositId: deposit.id,
        sellerId,
        buyerFullName: buyer.fullName,
        buyerEmail: buyer.email,
        buyerPhone: buyer.phoneNumber,
        buyerCountry: buyer.country,
        buyerOperator: buyer.operator,
        buyerPrice: buyerPrice(gateway.amount, gateway.fee),
        productPrice: gateway.amount,
        additionalInfo: input.additionalInfo,
        buyerLang: buyer.lang ?? null,
      })
      .returning({ id: marketplaceTransactions.id });
    return { deposit, transactionId: transaction!.id };
  });
}

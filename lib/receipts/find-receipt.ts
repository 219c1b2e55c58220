import { eq } from "drizzle-orm";
import type { Mode } from "@/lib/core/modes";
import { getDb } from "@/lib/db/client";
import { accounts, deposits, marketplaceGateways, marketplaces, paymentGateways } from "@/lib/db/schema";

// What a receipt code proves, and nothing more (DESIGN, receipts): the amount, who was paid, when,
// and whether it was refunded. Never the phone, the track_id or the buyer.

export type Receipt = {
  amount: number;
  currency: string;
  mode: Mode;
  /** a duplicate is refunded automatically: its refunded_amount says so */
  refundedAmount: number;
  at: Date;
  /** the payment link's shop, or the marketplace's name; the account's business name when empty */
  shop: string;
  /** a marketplace sale's seller (the marketplace link's shop), else null */
  seller: string | null;
  /** the account's country: the time zone the date is told in */
  country: string;
};

/**
 * The success a receipt code (stored form) belongs to, or null. One statement by the unique index
 * on receipt_code, the same whether the code exists or not; a code is only ever given to a success.
 */
export async function findReceipt(code: string): Promise<Receipt | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      amount: deposits.amount,
      currency: deposits.currency,
      mode: deposits.mode,
      status: deposits.status,
      refundedAmount: deposits.refundedAmount,
      completedAt: deposits.completedAt,
      createdAt: deposits.createdAt,
      linkShop: paymentGateways.shopName,
      seller: marketplaceGateways.shopName,
      marketplace: marketplaces.name,
      business: accounts.businessName,
      country: accounts.country,
    })
    .from(deposits)
    .innerJoin(accounts, eq(accounts.id, deposits.accountId))
    .leftJoin(paymentGateways, eq(paymentGateways.id, deposits.paymentGatewayId))
    .leftJoin(marketplaceGateways, eq(marketplaceGateways.id, deposits.marketplaceGatewayId))
    .leftJoin(marketplaces, eq(marketplaces.id, marketplaceGateways.marketplaceId))
    .where(eq(deposits.receiptCode, code));
  if (!row || row.status !== "success") return null;
  return {
    amount: row.amount,
    currency: row.currency,
    mode: row.mode,
    refundedAmount: row.refundedAmount,
    at: row.completedAt ?? row.createdAt,
    shop: row.linkShop || row.marketplace || row.business,
    seller: row.seller,
    country: row.country,
  };
}

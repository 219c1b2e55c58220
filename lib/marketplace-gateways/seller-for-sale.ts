import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { sellers } from "@/lib/db/schema";
import type { MarketplaceGatewayRow } from "@/lib/marketplace-gateways/queries";

/**
 * The seller a buyer's submit pays: the marketplace's seller with the link's payout phone,
 * made the first time that phone sells. Called in the transaction that records the attempt, so the
 * sale names its seller from the submit on: a phone edited on the link afterwards (a new seller)
 * changes nothing for this sale. One row per phone and marketplace (a unique index; racing submits
 * meet in it and both get the same row).
 */
export async function sellerForSale(tx: Db | Tx, gateway: MarketplaceGatewayRow): Promise<string> {
  const [row] = await tx
    .insert(sellers)
    .values({
      accountId: gateway.accountId,
      mode: gateway.mode,
      marketplaceId: gateway.marketplaceId,
      phoneNumber: gateway.phoneNumber,
      country: gateway.country,
      currency: gateway.currency,
      name: gateway.shopName,
    })
    .onConflictDoUpdate({
      target: [sellers.marketplaceId, sellers.phoneNumber],
      // the name it sells under now; an unchanged name is not rewritten (no needless row version)
      set: { name: sql`excluded.name`, updatedAt: sql`now()` },
      setWhere: sql`${sellers.name} <> excluded.name`,
    })
    .returning({ id: sellers.id });
  if (row) return row.id;
  const [existing] = await tx
    .select({ id: sellers.id })
    .from(sellers)
    .where(and(eq(sellers.marketplaceId, gateway.marketplaceId), eq(sellers.phoneNumber, gateway.phoneNumber)));
  return existing!.id;
}

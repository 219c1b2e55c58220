import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { marketplaces } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";

export type MarketplaceRow = typeof marketplaces.$inferSelect;

/** The caller's marketplace (one per account and mode). */
export async function findMarketplace(auth: Auth): Promise<MarketplaceRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(marketplaces).where(ownedBy(marketplaces, auth));
  return row;
}

export async function getMarketplaceOrThrow(auth: Auth): Promise<MarketplaceRow> {
  const row = await findMarketplace(auth);
  if (!row) throw new ApiError("MARKETPLACE_NOT_FOUND");
  return row;
}

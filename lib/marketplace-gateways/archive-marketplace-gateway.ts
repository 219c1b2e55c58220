import { and, eq, isNull } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { marketplaceGateways } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { getMarketplaceGatewayOrThrow, type MarketplaceGatewayRow } from "./queries";

/** Archives a marketplace link: its page refuses new buyers ("no longer available"); started attempts finish. */
export async function archiveMarketplaceGateway(auth: Auth, id: string): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  const [row] = await db
    .update(marketplaceGateways)
    .set({ archivedAt: new Date() })
    .where(and(ownedBy(marketplaceGateways, auth), eq(marketplaceGateways.id, id), isNull(marketplaceGateways.archivedAt)))
    .returning({ id: marketplaceGateways.id });
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return { id: row.id, deleted: true };
}

/** Puts an archived marketplace link back; a live one is returned as it is. */
export async function unarchiveMarketplaceGateway(auth: Auth, id: string): Promise<MarketplaceGatewayRow> {
  const db = await getDb();
  const [row] = await db
    .update(marketplaceGateways)
    .set({ archivedAt: null })
    .where(and(ownedBy(marketplaceGateways, auth), eq(marketplaceGateways.id, id)))
    .returning();
  return row ?? (await getMarketplaceGatewayOrThrow(auth, id));
}

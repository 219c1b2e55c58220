import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, marketplaceGateways, marketplaceTransactions } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { pageClauses, type PageQuery } from "@/lib/http/pagination";

export type MarketplaceGatewayRow = typeof marketplaceGateways.$inferSelect;

/** One of the caller's live marketplace links, or 404 (another account's id is not found either); `archived: true` finds archived ones too. */
export async function getMarketplaceGatewayOrThrow(auth: Auth, id: string, options: { archived?: boolean } = {}): Promise<MarketplaceGatewayRow> {
  const db = await getDb();
  const live = options.archived ? undefined : isNull(marketplaceGateways.archivedAt);
  const [row] = await db
    .select()
    .from(marketplaceGateways)
    .where(and(ownedBy(marketplaceGateways, auth), eq(marketplaceGateways.id, id), live));
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return row;
}

export async function listMarketplaceGateways(auth: Auth, page: PageQuery & { archived?: boolean }): Promise<MarketplaceGatewayRow[]> {
  const db = await getDb();
  const archived = page.archived ? isNotNull(marketplaceGateways.archivedAt) : isNull(marketplaceGateways.archivedAt);
  const clauses = pageClauses(marketplaceGateways, page, ownedBy(marketplaceGateways, auth), archived);
  return db.select().from(marketplaceGateways).where(clauses.where).orderBy(...clauses.orderBy).limit(clauses.limit);
}

/** A gateway's transactions (an archived one's too) with their deposit's status (the one source of a payment's status). */
export async function listTransactions(auth: Auth, gatewayId: string, page: PageQuery) {
  await getMarketplaceGatewayOrThrow(auth, gatewayId, { archived: true });
  const db = await getDb();
  const scope = and(ownedBy(marketplaceTransactions, auth), eq(marketplaceTransactions.marketplaceGatewayId, gatewayId))!;
  const clauses = pageClauses(marketplaceTransactions, page, scope);
  return db
    .select({ transaction: marketplaceTransactions, status: deposits.status, trackId: deposits.trackId })
    .from(marketplaceTransactions)
    .innerJoin(deposits, eq(deposits.id, marketplaceTransactions.depositId))
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit);
}
export type TransactionListRow = Awaited<ReturnType<typeof listTransactions>>[number];

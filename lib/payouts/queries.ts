import { and, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Auth } from "@/lib/core/auth";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, marketplaceTransactions, payouts, sellerShares } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { pageClauses } from "@/lib/http/pagination";
import type { PayoutListQuery, PayoutView } from "./schemas";
import { buyerPrice } from "@/lib/marketplace-gateways/fee";

export type PayoutRow = typeof payouts.$inferSelect;

const retry = alias(payouts, "retry");

function selectViews(db: Db | Tx) {
  return db
    .select({ payout: payouts, trackId: deposits.trackId, transactionId: marketplaceTransactions.id, retriedBy: retry.id, share: sellerShares })
    .from(payouts)
    .leftJoin(deposits, eq(deposits.id, payouts.depositId))
    .leftJoin(marketplaceTransactions, eq(marketplaceTransactions.depositId, payouts.depositId))
    .leftJoin(sellerShares, eq(sellerShares.depositId, payouts.depositId))
    .leftJoin(retry, eq(retry.retryOf, payouts.id));
}

type Joined = {
  payout: PayoutRow;
  trackId: string | null;
  transactionId: string | null;
  retriedBy: string | null;
  share: typeof sellerShares.$inferSelect | null;
};

function present({ payout: p, trackId, transactionId, retriedBy, share }: Joined): PayoutView {
  return {
    id: p.id,
    kind: p.kind,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    country: p.country,
    operator: p.operator,
    phone_number: p.phoneNumber,
    track_id: trackId,
    transaction_id: transactionId,
    marketplace_gateway_id: p.marketplaceGatewayId,
    seller_id: p.sellerId,
    split: share ? { buyer_price: buyerPrice(share.amount, share.fee), seller_share: share.amount, fee: share.fee, refunded: share.refunded } : null,
    retry_of: p.retryOf,
    retried_by: retriedBy,
    failure_reason: p.failureReason,
    created_at: p.createdAt.toISOString(),
    completed_at: p.completedAt?.toISOString() ?? null,
  };
}

/** The caller's payout, or 404 PAYOUT_NOT_FOUND (another account's or mode's id included). */
export async function getPayoutOrThrow(auth: Pick<Auth, "accountId" | "mode">, id: string, db?: Db | Tx): Promise<PayoutView> {
  const [row] = await selectViews(db ?? (await getDb())).where(and(eq(payouts.id, id), ownedBy(payouts, auth)));
  if (!row) throw new ApiError("PAYOUT_NOT_FOUND");
  return present(row);
}

export async function listPayouts(auth: Auth, query: PayoutListQuery): Promise<PayoutView[]> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(payouts.kind, query.kind));
  if (query.status) filters.push(eq(payouts.status, query.status));
  if (query.marketplace_gateway_id) filters.push(eq(payouts.marketplaceGatewayId, query.marketplace_gateway_id));
  if (query.track_id) filters.push(eq(deposits.trackId, query.track_id));
  if (query.seller_id) filters.push(eq(payouts.sellerId, query.seller_id));
  const clauses = pageClauses(payouts, query, ownedBy(payouts, auth), filters.length ? and(...filters) : undefined);
  const rows = await selectViews(await getDb())
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit);
  return rows.map(present);
}

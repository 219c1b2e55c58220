import { and, eq, type SQL } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, refunds } from "@/lib/db/schema";
import type { RefundRow } from "./record-refund";
import { ApiError } from "@/lib/core/errors";
import { pageClauses } from "@/lib/http/pagination";
import type { RefundListQuery, RefundView } from "./schemas";

export type { RefundRow };

export function presentRefund(row: RefundRow, trackId: string): RefundView {
  return {
    id: row.id,
    track_id: trackId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    automatic: row.automatic,
    failure_reason: row.failureReason,
    seller_share: row.sellerShare,
    split: row.sellerId
      ? { seller_id: row.sellerId, share_part: row.sharePart, seller_amount: row.sellerAmount, merchant_amount: row.amount - row.sellerAmount }
      : null,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** The caller's refund, or 404 REFUND_NOT_FOUND (another account's or mode's id included). */
export async function getRefundOrThrow(auth: Pick<Auth, "accountId" | "mode">, id: string, db?: Db | Tx): Promise<RefundView> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ refund: refunds, trackId: deposits.trackId })
    .from(refunds)
    .innerJoin(deposits, eq(deposits.id, refunds.depositId))
    .where(and(eq(refunds.id, id), ownedBy(refunds, auth)));
  if (!row) throw new ApiError("REFUND_NOT_FOUND");
  return presentRefund(row.refund, row.trackId);
}

export async function listRefunds(auth: Auth, query: RefundListQuery): Promise<(RefundView & { id: string })[]> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(refunds.status, query.status));
  if (query.track_id) filters.push(eq(deposits.trackId, query.track_id));
  if (query.seller_id) filters.push(eq(refunds.sellerId, query.seller_id));
  if (query.marketplace_gateway_id) filters.push(eq(deposits.marketplaceGatewayId, query.marketplace_gateway_id));
  const clauses = pageClauses(refunds, query, ownedBy(refunds, auth), filters.length ? and(...filters) : undefined);
  const db = await getDb();
  const rows = await db
    .select({ refund: refunds, trackId: deposits.trackId })
    .from(refunds)
    .innerJoin(deposits, eq(deposits.id, refunds.depositId))
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit);
  return rows.map((r) => presentRefund(r.refund, r.trackId));
}

import { and, desc, eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { paymentGateways } from "@/lib/db/schema";
import type { DepositStatus } from "@/lib/core/deposit-statuses";
import { ApiError } from "@/lib/core/errors";

// The one home of the payin status rule (DESIGN §3): `success` once the link is paid (./paid.ts:
// its kept success; a duplicate success only exists beside one),
// otherwise the latest attempt's status, or `pending` when nobody tried yet. The list, the owner's
// read of one link and GET /v1/gateway/payin/{order_id} all select these expressions; the
// dashboard shows what they answer and never recomputes it from the attempts it has on screen.
//
// Spelled out in SQL for a select from payment_gateways: in a one-table select Drizzle leaves
// column names unqualified, which inside these subqueries would name the deposit's own columns.

/** Whether anyone has tried to pay the link of the current payment_gateways row: `pending` with no attempt reads "unpaid". */
export const attemptedSql = sql<boolean>`exists (select 1 from deposits d where d.payment_gateway_id = "payment_gateways"."id")`;

/** The payin status of the link of the current payment_gateways row. */
export const paymentStatusSql = sql<DepositStatus>`coalesce((select d.status from deposits d
  where d.payment_gateway_id = "payment_gateways"."id"
  order by (d.status = 'success') desc, d.created_at desc limit 1), 'pending')`;

/**
 * GET /v1/gateway/payin/{order_id}: the payment status of the caller's link with this order_id. An
 * archived link frees its order_id, so several links may have carried it: the live holder answers,
 * else the link archived last (an archived link's payments stay readable).
 */
export async function payinStatus(auth: Auth, orderId: string): Promise<{ order_id: string; status: DepositStatus }> {
  const db = await getDb();
  const [row] = await db
    .select({ status: paymentStatusSql })
    .from(paymentGateways)
    .where(and(ownedBy(paymentGateways, auth), eq(paymentGateways.orderId, orderId)))
    .orderBy(sql`${paymentGateways.archivedAt} desc nulls first`, desc(paymentGateways.createdAt))
    .limit(1);
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return { order_id: orderId, status: row.status };
}

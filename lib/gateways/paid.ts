import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";

// The one home of "is this payment link paid" (DESIGN §3: a link is paid once).
// A link is paid by its kept success: an attempt of the link in `success` that is not a duplicate,
// the rows of which the database allows one per link (deposits_one_kept_success_per_link_key). The
// links list's `paid` filter, PUT's GATEWAY_ALREADY_PAID, the checkout's receipt, a new attempt's
// refusal and settleDeposit's duplicate check all ask this rule.

/** The condition on `deposits` rows: the kept success of link `gatewayId` (a value or a column). */
export function keptSuccessOf(gatewayId: string | SQL): SQL {
  return and(eq(deposits.paymentGatewayId, gatewayId), eq(deposits.status, "success"), isNull(deposits.duplicateOf))!;
}

/**
 * Whether the link of the current payment_gateways row is paid, for a select from payment_gateways.
 * The outer column is spelled out: in a one-table select Drizzle leaves column names unqualified.
 */
export const paidSql = sql<boolean>`exists (select 1 from ${deposits} where ${keptSuccessOf(sql`"payment_gateways"."id"`)})`;

/** The attempt that paid link `gatewayId`, if it is paid. */
export async function findKeptSuccess(gatewayId: string, tx?: Db | Tx): Promise<DepositRow | undefined> {
  const db = tx ?? (await getDb());
  const [row] = await db.select().from(deposits).where(keptSuccessOf(gatewayId)).orderBy(desc(deposits.createdAt)).limit(1);
  return row;
}

/** Whether link `gatewayId` is paid. */
export async function isGatewayPaid(gatewayId: string, tx?: Db | Tx): Promise<boolean> {
  const db = tx ?? (await getDb());
  const [row] = await db.select({ one: sql`1` }).from(deposits).where(keptSuccessOf(gatewayId)).limit(1);
  return Boolean(row);
}

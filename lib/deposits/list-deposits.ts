import { and, eq, sql, type SQL } from "drizzle-orm";
import { CARD_OPERATOR } from "@/lib/core/cards";
import type { z } from "zod";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits } from "@/lib/db/schema";
import { pageClauses } from "@/lib/http/pagination";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import type { depositListItem, DepositListQuery } from "./schemas";

/** The columns of a deposit as lists show it (GET /v1/deposits), also the start of its detail. */
export const depositListColumns = {
  id: deposits.id,
  track_id: deposits.trackId,
  amount: deposits.amount,
  phone_number: deposits.phoneNumber,
  country: deposits.country,
  currency: deposits.currency,
  operator: deposits.operator,
  status: deposits.status,
  // as GET /v1/api/deposit/get_transaction writes it: UTC, microseconds, no zone designator
  created_at: sql<string>`to_char(${deposits.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
  payment_gateway_id: deposits.paymentGatewayId,
  marketplace_gateway_id: deposits.marketplaceGatewayId,
  failure_reason: deposits.failureReason,
  // spelled out: in a one-table select Drizzle leaves column names unqualified
  duplicate_of: sql<string | null>`(select k.track_id from deposits k where k.id = "deposits"."duplicate_of")`,
  late_success: deposits.lateSuccess,
  given_up: sql<boolean>`${deposits.abandonedAt} is not null`,
  refunded_amount: deposits.refundedAmount,
  // the rule POST /v1/refunds enforces (lib/refunds/record-refund.ts), said once here for every screen
  // a card payment is not refunded through Kola (CARD_REFUND_UNAVAILABLE): nothing to refund here
  refundable_amount: sql<number>`case when ${deposits.status} = 'success' and ${deposits.operator} <> ${CARD_OPERATOR} then ${deposits.amount} - ${deposits.refundedAmount} else 0 end`,
  link_name: sql<string>`coalesce(
    (select g.shop_name from payment_gateways g where g.id = "deposits"."payment_gateway_id"),
    (select m.shop_name from marketplace_gateways m where m.id = "deposits"."marketplace_gateway_id"),
    '')`,
  buyer_name: sql<string | null>`(select t.buyer_full_name from marketplace_transactions t where t.deposit_id = "deposits"."id")`,
  // stored bare, shown in its two groups (null stays null: Drizzle maps only values)
  receipt_code: sql<string | null>`${deposits.receiptCode}`.mapWith(formatReceiptCode),
};

/** A page of the caller's deposits, newest first, filtered by status and by the link paid. */
export async function listDeposits(auth: Auth, query: DepositListQuery): Promise<z.output<typeof depositListItem>[]> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(deposits.status, query.status));
  if (query.payment_gateway_id) filters.push(eq(deposits.paymentGatewayId, query.payment_gateway_id));
  if (query.marketplace_gateway_id) filters.push(eq(deposits.marketplaceGatewayId, query.marketplace_gateway_id));
  const clauses = pageClauses(deposits, query, ownedBy(deposits, auth), filters.length ? and(...filters) : undefined);
  const db = await getDb();
  return db.select(depositListColumns).from(deposits).where(clauses.where).orderBy(...clauses.orderBy).limit(clauses.limit);
}

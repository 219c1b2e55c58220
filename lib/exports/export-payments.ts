import { sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { csvHeader, csvRow, type Cell } from "./csv";
import { batchClauses, csvStream, keysetBatches, keyText, type Key, type DayRange } from "./keyset-batches";
import { paymentColumns, type ExportQuery } from "./schemas";
import { columnsOf, say, styleOf, type ColumnSpec } from "./spreadsheet";

const iso = (column: unknown) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// one query per batch; the link's and buyer's columns by index lookups per row. Outer columns are
// spelled out: in a one-table select Drizzle leaves column names unqualified, and inside a subquery
// an unqualified name would be the subquery's own table's.
const selection = {
  key: keyText(deposits),
  id: deposits.id,
  created_at: iso(deposits.createdAt),
  completed_at: iso(deposits.completedAt),
  track_id: deposits.trackId,
  status: deposits.status,
  failure_reason: deposits.failureReason,
  amount: deposits.amount,
  currency: deposits.currency,
  country: deposits.country,
  operator: deposits.operator,
  phone_number: deposits.phoneNumber,
  provider: deposits.provider,
  provider_reference: deposits.providerReference,
  link_type: sql<string>`case when ${deposits.paymentGatewayId} is not null then 'payment_link' else 'marketplace_link' end`,
  link_id: sql<string>`coalesce(${deposits.paymentGatewayId}, ${deposits.marketplaceGatewayId})`,
  link_name: sql<string>`coalesce(
    (select g.shop_name from payment_gateways g where g.id = "deposits"."payment_gateway_id"),
    (select m.shop_name from marketplace_gateways m where m.id = "deposits"."marketplace_gateway_id"), '')`,
  order_id: sql<string>`coalesce((select g.order_id from payment_gateways g where g.id = "deposits"."payment_gateway_id"), '')`,
  buyer_name: sql<string | null>`(select t.buyer_full_name from marketplace_transactions t where t.deposit_id = "deposits"."id")`,
  buyer_email: sql<string | null>`(select t.buyer_email from marketplace_transactions t where t.deposit_id = "deposits"."id")`,
  duplicate_of: sql<string | null>`(select k.track_id from deposits k where k.id = "deposits"."duplicate_of")`,
  late_success: deposits.lateSuccess,
  given_up: sql<boolean>`${deposits.abandonedAt} is not null`,
  refunded_amount: deposits.refundedAmount,
  refund_statuses: sql<string | null>`(select string_agg(r.status, ',' order by r.created_at, r.id) from refunds r where r.deposit_id = "deposits"."id")`,
  receipt_code: sql<string | null>`${deposits.receiptCode}`.mapWith(formatReceiptCode),
  payment_page_id: deposits.paymentPageId,
};
async function fetchBatch(auth: Auth, range: DayRange, after: Key | null, size: number) {
  const db = await getDb();
  const clauses = batchClauses(deposits, range, after, ownedBy(deposits, auth));
  return db.select(selection).from(deposits).where(clauses.where).orderBy(...clauses.orderBy).limit(size);
}
type Row = Awaited<ReturnType<typeof fetchBatch>>[number];

// every documented column as the API writes it, and in words for a spreadsheet (./spreadsheet.ts)
const words: Partial<Record<(typeof paymentColumns)[number], ColumnSpec<Row>["words"]>> = {
  created_at: (row) => say.when(row.created_at),
  completed_at: (row) => say.when(row.completed_at),
  status: (row, w) => say.status(row.status, w),
  failure_reason: (row, w) => say.reason(row.status, row.failure_reason, w, row.operator),
  amount: (row, w) => say.amount(row.amount, row.currency, w.lang),
  country: (row, w) => say.country(row.country, w),
  phone_number: (row) => say.phone(row.phone_number),
  operator: (row, w) => say.operator(row.operator, w),
  provider: (row, w) => say.provider(row.provider, w),
  link_type: (row, w) => w.t.exports.linkTypes[row.link_type as "payment_link" | "marketplace_link"],
  late_success: (row, w) => say.yesNo(row.late_success, w),
  given_up: (row, w) => say.yesNo(row.given_up, w),
  refunded_amount: (row, w) => say.amount(row.refunded_amount, row.currency, w.lang),
  refund_statuses: (row, w) => say.refunds(row.refund_statuses, w),
};
const specs: ColumnSpec<Row>[] = paymentColumns.map((key) => ({ key, cell: (row: Row) => row[key] as Cell, words: words[key] }));

/** The caller's deposits created in the range, as a streamed CSV body (GET /v1/exports/payments). */
export function exportPayments(auth: Auth, query: ExportQuery, batchSize = 1000): ReadableStream<Uint8Array> {
  const range = { from: query.from, to: query.to };
  const style = styleOf(query);
  const columns = columnsOf(specs, style);
  const batches = keysetBatches((after, size) => fetchBatch(auth, range, after, size), (row) => ({ at: row.key, id: row.id }), batchSize);
  return csvStream(csvHeader(columns, style.delimiter), batches, (row) => csvRow(columns.map(([, cell]) => cell(row)), style.delimiter), (error) =>
    log("error", "payments export failed", { account_id: auth.accountId, error }),
  );
}

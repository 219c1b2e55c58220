import { eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/accounts/queries";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, marketplaceGateways, marketplaceTransactions } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { csvHeader, csvRow, type Cell, type Column } from "./csv";
import { batchClauses, csvStream, keysetBatches, keyText, type Key } from "./keyset-batches";
import { rangeOf, transactionColumns, type ExportQuery } from "./schemas";

const t = marketplaceTransactions;
const selection = {
  key: keyText(t),
  id: t.id,
  created_at: sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  transaction_id: t.id,
  track_id: deposits.trackId,
  status: deposits.status,
  failure_reason: deposits.failureReason,
  link_id: t.marketplaceGatewayId,
  seller: marketplaceGateways.shopName,
  buyer_price: t.buyerPrice,
  product_price: t.productPrice,
  fee: sql<number>`${t.buyerPrice} - ${t.productPrice}`,
  currency: deposits.currency,
  buyer_name: t.buyerFullName,
  buyer_email: t.buyerEmail,
  buyer_phone: t.buyerPhone,
  buyer_country: t.buyerCountry,
  operator: t.buyerOperator,
  additional_info: t.additionalInfo,
};
async function fetchBatch(auth: Auth, range: { from: Date; to: Date }, after: Key | null, size: number) {
  const db = await getDb();
  const clauses = batchClauses(t, range, after, ownedBy(t, auth));
  return db
    .select(selection)
    .from(t)
    .innerJoin(deposits, eq(deposits.id, t.depositId))
    .innerJoin(marketplaceGateways, eq(marketplaceGateways.id, t.marketplaceGatewayId))
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(size);
}
type Row = Awaited<ReturnType<typeof fetchBatch>>[number];

const columns: Column<Row>[] = transactionColumns.map((name) => [
  name,
  // in the documented key order (jsonb keeps its own)
  name === "additional_info" ? (row: Row) => JSON.stringify(row.additional_info.map(({ fieldName, value }) => ({ fieldName, value }))) : (row: Row) => row[name] as Cell,
]);

/** The caller's marketplace transactions created in the range, as a streamed CSV body. */
export function exportMarketplaceTransactions(auth: Auth, query: ExportQuery, batchSize = 1000): ReadableStream<Uint8Array> {
  const range = rangeOf(query);
  const batches = keysetBatches((after, size) => fetchBatch(auth, range, after, size), (row) => ({ at: row.key, id: row.id }), batchSize);
  return csvStream(csvHeader(columns), batches, (row) => csvRow(columns.map(([, cell]) => cell(row))), (error) =>
    log("error", "marketplace transactions export failed", { account_id: auth.accountId, error: String(error) }),
  );
}

import { desc, eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, marketplaceGateways, marketplaces, marketplaceTransactions } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { csvHeader, csvRow, type Cell, type Column } from "./csv";
import { batchClauses, csvStream, keysetBatches, keyText, type Key, type DayRange } from "./keyset-batches";
import { transactionColumns, type ExportQuery } from "./schemas";
import { columnsOf, say, styleOf, type ColumnSpec, type Style } from "./spreadsheet";

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
  refunded_amount: deposits.refundedAmount,
  refund_statuses: sql<string | null>`(select string_agg(r.status, ',' order by r.created_at, r.id) from refunds r where r.deposit_id = ${deposits.id})`,
  receipt_code: sql<string | null>`${deposits.receiptCode}`.mapWith(formatReceiptCode),
};
async function fetchBatch(auth: Auth, range: DayRange, after: Key | null, size: number) {
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

const money = (pick: (row: Row) => number) => (row: Row, w: NonNullable<Style["words"]>) => say.amount(pick(row), row.currency, w.lang);
const words: Partial<Record<(typeof transactionColumns)[number], ColumnSpec<Row>["words"]>> = {
  created_at: (row) => say.when(row.created_at),
  status: (row, w) => say.status(row.status, w),
  failure_reason: (row, w) => say.reason(row.status, row.failure_reason, w),
  buyer_price: money((row) => row.buyer_price),
  product_price: money((row) => row.product_price),
  fee: money((row) => row.fee),
  buyer_phone: (row) => say.phone(row.buyer_phone),
  buyer_country: (row, w) => say.country(row.buyer_country, w),
  operator: (row, w) => say.operator(row.operator, w),
  refunded_amount: money((row) => row.refunded_amount),
  refund_statuses: (row, w) => say.refunds(row.refund_statuses, w),
};
const specs: ColumnSpec<Row>[] = transactionColumns.map((key) => ({
  key,
  // in the documented key order (jsonb keeps its own)
  cell: key === "additional_info" ? (row: Row) => JSON.stringify(row.additional_info.map(({ fieldName, value }) => ({ fieldName, value }))) : (row: Row) => row[key] as Cell,
  words: words[key],
}));

type Question = { fieldName: string; label: string; checkbox: boolean };

/**
 * The questions the buyers of the caller's marketplace links could have answered: the
 * marketplace's form as it is now, then the forms its links copied when they were made (newest
 * first, archived links too), each question once by its field name.
 */
async function questionsOf(auth: Auth): Promise<Question[]> {
  const db = await getDb();
  const [current] = await db.select({ blocks: marketplaces.formBlocks }).from(marketplaces).where(ownedBy(marketplaces, auth));
  const copies = await db
    .select({ blocks: marketplaceGateways.formBlocks })
    .from(marketplaceGateways)
    .where(ownedBy(marketplaceGateways, auth))
    .orderBy(desc(marketplaceGateways.createdAt));
  const questions = new Map<string, Question>();
  for (const blocks of [current?.blocks ?? [], ...copies.map((c) => c.blocks)])
    for (const block of blocks)
      if (!questions.has(block.fieldName)) questions.set(block.fieldName, { fieldName: block.fieldName, label: block.fieldLabel, checkbox: block.fieldType === "checkbox" });
  return [...questions.values()];
}

/** For a spreadsheet: one column per question (headed by its label) where the answers' JSON was. */
async function spreadsheetColumns(auth: Auth, style: Style & { words: NonNullable<Style["words"]> }): Promise<Column<Row>[]> {
  const questions = await questionsOf(auth);
  const labels = questions.map((q) => q.label);
  const columns = columnsOf(specs, style);
  const at = transactionColumns.indexOf("additional_info");
  const answerColumns: Column<Row>[] = questions.map((q, i) => [
    // two questions with one label (an older form's and today's) are told apart by their field name
    labels.indexOf(q.label) === labels.lastIndexOf(q.label) ? q.label : `${q.label} (${q.fieldName})`,
    (row: Row) => {
      const answer = row.additional_info.find((a) => a.fieldName === questions[i]!.fieldName)?.value;
      if (answer === undefined) return null;
      return q.checkbox ? say.yesNo(answer === "true" || answer === "on", style.words) : answer;
    },
  ]);
  return [...columns.slice(0, at), ...answerColumns, ...columns.slice(at + 1)];
}

/** The caller's marketplace transactions created in the range, as a streamed CSV body. */
export function exportMarketplaceTransactions(auth: Auth, query: ExportQuery, batchSize = 1000): ReadableStream<Uint8Array> {
  const range = { from: query.from, to: query.to };
  const style = styleOf(query);
  let columns: Column<Row>[] = columnsOf(specs, style);
  // the header waits for the questions; every row comes after it
  const header = style.words
    ? spreadsheetColumns(auth, { ...style, words: style.words }).then((found) => csvHeader((columns = found), style.delimiter))
    : csvHeader(columns, style.delimiter);
  const batches = keysetBatches((after, size) => fetchBatch(auth, range, after, size), (row) => ({ at: row.key, id: row.id }), batchSize);
  return csvStream(header, batches, (row) => csvRow(columns.map(([, cell]) => cell(row)), style.delimiter), (error) =>
    log("error", "marketplace transactions export failed", { account_id: auth.accountId, error }),
  );
}

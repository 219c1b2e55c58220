import { and, isNull, sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { customers } from "@/lib/db/schema";
import { totalsOf } from "@/lib/customers/queries";
import { log } from "@/lib/runtime/log";
import { csvHeader, csvRow, type Cell } from "./csv";
import { csvStream, keysetBatches, keyText, type Key } from "./keyset-batches";
import { customerColumns, type CustomerExportQuery } from "./schemas";
import { columnsOf, say, styleOf, type ColumnSpec, type Style } from "./spreadsheet";

const iso = (column: unknown) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The book as it is (merged and erased records left out), oldest first, a batch at a time. */
async function fetchBatch(auth: Auth, after: Key | null, size: number) {
  const db = await getDb();
  const totals = totalsOf(auth.currency);
  return db
    .select({
      key: keyText(customers),
      id: customers.id,
      created_at: iso(customers.createdAt),
      customer_id: customers.id,
      phone_number: customers.phoneNumber,
      country: customers.country,
      name: customers.name,
      email: customers.email,
      created_by: customers.createdBy,
      payments_count: totals.paymentsCount,
      amount_paid: totals.amountPaid,
      amount_refunded: totals.amountRefunded,
      currency: sql<string>`${auth.currency}::text`,
      last_payment_at: sql<string | null>`to_char((select max(d.completed_at) from deposits d where d.customer_id = "customers"."id") at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(customers)
    .where(
      and(
        ownedBy(customers, auth),
        isNull(customers.mergedInto),
        isNull(customers.erasedAt),
        after ? sql`(${customers.createdAt}, ${customers.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(sql`${customers.createdAt} asc nulls first`, sql`${customers.id} asc nulls first`)
    .limit(size);
}
type Row = Awaited<ReturnType<typeof fetchBatch>>[number];

const money = (pick: (row: Row) => number) => (row: Row, w: NonNullable<Style["words"]>) => say.amount(pick(row), row.currency, w.lang);
const words: Partial<Record<(typeof customerColumns)[number], ColumnSpec<Row>["words"]>> = {
  created_at: (row) => say.when(row.created_at),
  last_payment_at: (row) => say.when(row.last_payment_at),
  phone_number: (row) => say.phone(row.phone_number),
  country: (row, w) => say.country(row.country, w),
  created_by: (row, w) => w.t.customers.origin[row.created_by],
  amount_paid: money((row) => row.amount_paid),
  amount_refunded: money((row) => row.amount_refunded),
};
const specs: ColumnSpec<Row>[] = customerColumns.map((key) => ({ key, cell: (row: Row) => row[key] as Cell, words: words[key] }));

/** GET /v1/exports/customers: the caller's customer book with whole numbers and totals, as a streamed CSV body. */
export function exportCustomers(auth: Auth, query: CustomerExportQuery, batchSize = 1000): ReadableStream<Uint8Array> {
  const style = styleOf(query);
  const columns = columnsOf(specs, style);
  const batches = keysetBatches((after, size) => fetchBatch(auth, after, size), (row) => ({ at: row.key, id: row.id }), batchSize);
  return csvStream(csvHeader(columns, style.delimiter), batches, (row) => csvRow(columns.map(([, cell]) => cell(row)), style.delimiter), (error) =>
    log("error", "customers export failed", { account_id: auth.accountId, error }),
  );
}

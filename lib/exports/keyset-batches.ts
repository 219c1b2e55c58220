import { and, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { BOM } from "./csv";

// Walks a large result a batch at a time by keyset ((created_at, id) after the last row seen),
// oldest first, so an export of 100,000 rows holds one batch in memory. Each batch is its own short
// query: no transaction or connection stays open while a slow client downloads (on PGlite, one
// connection, an open cursor would stop every other request). The key travels as text so that
// PostgreSQL's microseconds survive the round trip (a JavaScript Date would cut them and repeat rows).
// NOTE for the lead: wt-speed streams JSON lists from a cursor; one helper could serve both.

export type Keyed = { createdAt: PgColumn; id: PgColumn };
export type Key = { at: string; id: string };

/** `created_at::text` to select beside a row, the key of the next batch. */
export const keyText = (table: Keyed) => sql<string>`${table.createdAt}::text`;

/** Days `from` to `to` (UTC, both included; `YYYY-MM-DD`, lib/core/query-day.ts). */
export type DayRange = { from: string; to: string };

/**
 * Rows created from `from` 00:00 UTC to the end of `to` after `after`, in key order: the WHERE and
 * ORDER BY of one batch. The bounds are computed by PostgreSQL from the days' text, where the day
 * after 9999-12-31 exists (a JavaScript Date would hand it "+010000-…", which it refuses).
 */
export function batchClauses(table: Keyed, range: DayRange, after: Key | null, scope: SQL) {
  return {
    where: and(
      scope,
      sql`${table.createdAt} >= (${range.from}::date)::timestamp at time zone 'UTC'`,
      sql`${table.createdAt} < (${range.to}::date + 1)::timestamp at time zone 'UTC'`,
      after ? sql`(${table.createdAt}, ${table.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
    ),
    // NULLS FIRST (the columns hold no null): the list indexes' order (`desc nulls last`) read backward
    orderBy: [sql`${table.createdAt} asc nulls first`, sql`${table.id} asc nulls first`],
  };
}

/** Every row, batch by batch: `fetch` reads the batch after a key (null: the first). */
export async function* keysetBatches<R>(fetch: (after: Key | null, size: number) => Promise<R[]>, keyOf: (row: R) => Key, size = 1000) {
  let after: Key | null = null;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/**
 * A streamed body: the byte order mark and the header (which may first need a query), then each
 * batch's rows as CSV, pulled as the client reads.
 */
export function csvStream<R>(
  header: string | Promise<string>,
  batches: AsyncGenerator<R[]>,
  row: (r: R) => string,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            controller.enqueue(encoder.encode(BOM + (await header)));
            return;
          }
          const next = await batches.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value.map(row).join("")));
        } catch (error) {
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

import { and, sql, type SQL, type Table } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { publicBaseUrl } from "@/lib/runtime/config";
import { log } from "@/lib/runtime/log";
import { jsonResponse } from "./json-response";
import type { PageQuery } from "@/lib/core/page-query";

export { pageQuery, type PageQuery } from "@/lib/core/page-query";

// Lists stay JSON arrays (as the interface shows), newest first, paged with `limit` and
// `starting_after`; a `Link: <…>; rel="next"` header says there is more. The lists that existing
// clients read in one go (payment links, marketplace links) answer the whole list when no page is
// asked for (listResponse).

type Keyed = { id: PgColumn; createdAt: PgColumn };

/**
 * WHERE and ORDER BY for a page of `table`, newest first, after the cursor row (if any).
 * `owner` (account and mode) also scopes the cursor row: another tenant's id is an unknown cursor,
 * so it reveals nothing. `filter` applies to the page only: an item archived since the previous
 * page still marks where the next one starts.
 */
export function pageClauses(table: Keyed, page: PageQuery, owner: SQL, filter?: SQL) {
  const cursor = page.starting_after
    ? sql`(${table.createdAt}, ${table.id}) < (select ${table.createdAt}, ${table.id} from ${tableOf(table)}
        where ${table.id} = ${page.starting_after} and ${owner})`
    : undefined;
  return {
    where: and(owner, filter, cursor),
    // NULLS LAST as the list indexes have it (drizzle's index `.desc()`): a plain `desc` (NULLS FIRST)
    // is another order to PostgreSQL, which then reads and sorts the caller's every row for each page
    orderBy: [sql`${table.createdAt} desc nulls last`, sql`${table.id} desc nulls last`],
    limit: page.limit + 1,
  };
}

function tableOf(table: Keyed): Table {
  return (table.id as unknown as { table: Table }).table;
}

/** The JSON array of a page, with a `Link` header when `rows` (fetched with limit + 1) has more. */
export function pageResponse<T extends { id: string }>(url: URL, page: PageQuery, rows: T[], present: (row: T) => unknown) {
  const more = rows.length > page.limit;
  const items = more ? rows.slice(0, page.limit) : rows;
  const headers = new Headers();
  if (more) {
    const next = new URL(url.pathname, publicBaseUrl());
    // the next page keeps the caller's filters (q, status, include…)
    for (const [name, value] of url.searchParams) if (name !== "limit" && name !== "starting_after") next.searchParams.append(name, value);
    next.searchParams.set("limit", String(page.limit));
    next.searchParams.set("starting_after", items[items.length - 1]!.id);
    headers.set("link", `<${next.toString()}>; rel="next"`);
  }
  return jsonResponse(items.map(present), { headers });
}


/** Rows read per query while a whole list is streamed: what the server holds of it at any time. */
export const WHOLE_LIST_BATCH = 500;

type ListContext<Q extends PageQuery> = { url: URL; query: Q; requestId: string };

/**
 * A list operation's answer: with `limit` or `starting_after` in the URL, one page and its `Link`
 * header (pageResponse); without either, the whole list (wholeListResponse). `fetch` reads a page
 * as the pages do: at most `limit + 1` rows after `starting_after`.
 */
export async function listResponse<Q extends PageQuery, T extends { id: string }>(
  { url, query, requestId }: ListContext<Q>,
  fetch: (page: Q) => Promise<T[]>,
  present: (row: T) => unknown,
): Promise<Response> {
  if (url.searchParams.has("limit") || url.searchParams.has("starting_after")) {
    return pageResponse(url, query, await fetch(query), present);
  }
  return wholeListResponse(query, fetch, present, { path: url.pathname, requestId });
}

/**
 * The whole list as one JSON array, written while it is read: batches of WHOLE_LIST_BATCH rows, each
 * one starting after the last row of the previous one (the keyset the pages use, on the list's
 * index), so the server holds one batch however long the list is, and no database connection is
 * held between batches while a slow client reads. The next batch is read only when the client has
 * taken the previous one (a pull stream: backpressure).
 *
 * The first batch is read before answering, so a failure there is an ordinary error response. A
 * failure after the status line was sent cannot become an error status any more: the response is
 * then cut off (no closing `]`, no final chunk), so a client sees a broken transfer and invalid JSON,
 * never a shorter list that parses; the error is logged with the request id.
 */
export async function wholeListResponse<Q extends PageQuery, T extends { id: string }>(
  query: Q,
  fetch: (page: Q) => Promise<T[]>,
  present: (row: T) => unknown,
  request: { path: string; requestId: string },
): Promise<Response> {
  const encoder = new TextEncoder();
  const batch = async (after: string | undefined) => {
    const rows = await fetch({ ...query, limit: WHOLE_LIST_BATCH, starting_after: after });
    const more = rows.length > WHOLE_LIST_BATCH;
    return { rows: more ? rows.slice(0, WHOLE_LIST_BATCH) : rows, more };
  };
  let next: Awaited<ReturnType<typeof batch>> | null = await batch(undefined);
  let lastId: string | undefined;
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { rows, more } = next ?? (await batch(lastId));
        next = null;
        let text = first ? "[" : "";
        for (const row of rows) {
          text += (first ? "" : ",") + JSON.stringify(present(row));
          first = false;
        }
        if (rows.length) lastId = rows[rows.length - 1]!.id;
        if (!more) {
          controller.enqueue(encoder.encode(text + "]"));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(text));
      } catch (error) {
        log("error", "whole list cut off", { request_id: request.requestId, path: request.path, error });
        controller.error(error);
      }
    },
  });
  return new Response(body, { headers: { "content-type": "application/json" } });
}

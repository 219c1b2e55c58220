import { and, desc, sql, type SQL, type Table } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { publicBaseUrl } from "@/lib/config";
import type { PageQuery } from "./page-query";

export { pageQuery, type PageQuery } from "./page-query";

// Lists stay JSON arrays (as the interface shows), newest first, paged with `limit` and
// `starting_after`; a `Link: <…>; rel="next"` header says there is more.

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
    orderBy: [desc(table.createdAt), desc(table.id)],
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
  return Response.json(items.map(present), { headers });
}


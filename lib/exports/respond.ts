import type { ExportQuery } from "./schemas";

/** The streamed CSV as a download: its file name says what and which days. */
export function csvResponse(body: ReadableStream<Uint8Array>, what: string, query?: Pick<ExportQuery, "from" | "to">): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="kola-${what}${query ? `-${query.from}-${query.to}` : ""}.csv"`,
      "cache-control": "no-store",
    },
  });
}

import { describe, expect, it } from "vitest";
import { captureLog } from "@/lib/runtime/log";
import type { PageQuery } from "@/lib/core/page-query";
import { WHOLE_LIST_BATCH, wholeListResponse } from "./pagination";

// The whole-list stream over a row source of its own (the database is exercised by the lists'
// tests): how batches are chained, and what a client sees when a batch fails mid-stream.

type Row = { id: string; n: number };
const rows: Row[] = Array.from({ length: 2 * WHOLE_LIST_BATCH + 7 }, (_, n) => ({ id: `id-${String(n).padStart(5, "0")}`, n }));
const query: PageQuery = { limit: 100 };
const request = { path: "/v1/test", requestId: "req-1" };

/** Reads a page as the lists' queries do: at most limit + 1 rows after starting_after. */
function source(failOnCall?: number) {
  const calls: PageQuery[] = [];
  const fetch = async (page: PageQuery) => {
    calls.push(page);
    if (calls.length === failOnCall) throw new Error("connection lost to 237670000001");
    const start = page.starting_after ? rows.findIndex((r) => r.id === page.starting_after) + 1 : 0;
    return rows.slice(start, start + page.limit + 1);
  };
  return { fetch, calls };
}

async function readAll(res: Response): Promise<{ text: string; error: unknown }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value, { stream: true });
    return { text, error: null };
  } catch (error) {
    return { text, error };
  }
}

describe("wholeListResponse", () => {
  it("writes every row as one JSON array, batch after batch, each resuming after the last row sent", async () => {
    const { fetch, calls } = source();
    const res = await wholeListResponse(query, fetch, (r) => ({ n: r.n }), request);
    const { text, error } = await readAll(res);
    expect([res.status, res.headers.get("content-type"), error]).toEqual([200, "application/json", null]);
    expect(JSON.parse(text)).toEqual(rows.map((r) => ({ n: r.n })));
    expect(calls).toEqual([
      { limit: WHOLE_LIST_BATCH, starting_after: undefined },
      { limit: WHOLE_LIST_BATCH, starting_after: rows[WHOLE_LIST_BATCH - 1]!.id },
      { limit: WHOLE_LIST_BATCH, starting_after: rows[2 * WHOLE_LIST_BATCH - 1]!.id },
    ]);
  });

  it("reads a batch only when the client has taken the previous one", async () => {
    const { fetch, calls } = source();
    const res = await wholeListResponse(query, fetch, (r) => r.n, request);
    const tick = () => new Promise((r) => setTimeout(r, 10));
    await tick();
    expect(calls.length).toBe(1); // the first, before answering; the stream holds it, unread
    const reader = res.body!.getReader();
    await reader.read();
    await tick();
    expect(calls.length).toBe(2); // the next one, to refill the stream's one-chunk buffer
    await tick();
    expect(calls.length).toBe(2);
    await reader.cancel();
  });

  it("fails before answering when the first batch fails (an ordinary error response then)", async () => {
    const { fetch } = source(1);
    await expect(wholeListResponse(query, fetch, (r) => r, request)).rejects.toThrow("connection lost");
  });

  it("cuts the transfer off when a later batch fails: never a shorter list that parses; the error is logged scrubbed", async () => {
    const { fetch } = source(2);
    let outcome: { text: string; error: unknown } | undefined;
    const lines = await captureLog(async () => {
      const res = await wholeListResponse(query, fetch, (r) => ({ n: r.n }), request);
      outcome = await readAll(res);
    });
    expect((outcome!.error as Error).message).toContain("connection lost");
    expect(outcome!.text.startsWith("[")).toBe(true);
    expect(() => JSON.parse(outcome!.text)).toThrow();
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        level: "error",
        msg: "whole list cut off",
        request_id: "req-1",
        path: "/v1/test",
        error: expect.objectContaining({ message: "connection lost to [number]" }),
      }),
    ]);
  });
});

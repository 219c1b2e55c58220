import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch, apiFetchWithHeaders, ApiRequestError, nextCursor } from "./api-fetch";

// The dashboard's fetch wrapper against a stubbed fetch: what it sends, and every error body
// turned into one typed error.

type Sent = { url: string; init: RequestInit };
let sent: Sent[];

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal("fetch", async (url: URL, init: RequestInit) => {
    sent.push({ url: url.toString(), init });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers });
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw error;
  }
  throw new Error("expected an ApiRequestError");
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal("window", { location: { origin: "http://kola.test" } });
});
afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("sends the mode, JSON, and only the query parameters that have a value", async () => {
    answer(200, { id: "g1" });
    const data = await apiFetch("/v1/gateway", {
      mode: "live",
      method: "POST",
      body: { amount: 5000 },
      query: { q: "wax", paid: false, archived: undefined, starting_after: null, empty: "" },
    });
    expect(data).toEqual({ id: "g1" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("http://kola.test/v1/gateway?q=wax&paid=false");
    expect(sent[0]!.init).toMatchObject({
      method: "POST",
      body: '{"amount":5000}',
      credentials: "same-origin",
      headers: { accept: "application/json", "kola-mode": "live", "content-type": "application/json" },
    });
  });

  it("sends FormData as is, letting the browser write the multipart boundary", async () => {
    answer(200, {});
    const form = new FormData();
    form.set("name", "Marché");
    await apiFetch("/v1/api/marketplace", { mode: "test", method: "POST", body: form });
    expect(sent[0]!.init.body).toBe(form);
    expect((sent[0]!.init.headers as Record<string, string>)["content-type"]).toBeUndefined();
  });

  const errors: [string, number, unknown, Record<string, string>, Partial<ApiRequestError>][] = [
    [
      "an application error",
      404,
      { detail: { message: "Payment Gateway Not found", type: "GATEWAY_NOT_FOUND" } },
      {},
      { status: 404, type: "GATEWAY_NOT_FOUND", message: "Payment Gateway Not found", fieldErrors: {}, retryAfter: null },
    ],
    [
      "a 422 list, keyed by field (the first problem of each field), the body itself under ''",
      422,
      {
        detail: [
          { loc: ["body", "amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal", ctx: { ge: 100 } },
          { loc: ["body", "amount"], msg: "second problem", type: "value_error" },
          { loc: ["body", "blocks", 1, "label"], msg: "Field required", type: "missing" },
          { loc: ["query", "track_id"], msg: "Field required", type: "missing" },
          { loc: ["body"], msg: "Input should be a valid dictionary", type: "model_attributes_type" },
        ],
      },
      {},
      {
        status: 422,
        type: "VALIDATION",
        fieldErrors: {
          amount: { loc: ["body", "amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal", ctx: { ge: 100 } },
          "blocks.1.label": { loc: ["body", "blocks", 1, "label"], msg: "Field required", type: "missing" },
          track_id: { loc: ["query", "track_id"], msg: "Field required", type: "missing" },
          "": { loc: ["body"], msg: "Input should be a valid dictionary", type: "model_attributes_type" },
        },
      },
    ],
    [
      "a rate limit, with its Retry-After",
      429,
      { detail: { message: "Too many requests; retry later", type: "RATE_LIMITED" } },
      { "retry-after": "540" },
      { status: 429, type: "RATE_LIMITED", retryAfter: 540 },
    ],
    ["FastAPI's plain 404", 404, { detail: "Not Found" }, {}, { status: 404, type: "HTTP_404", message: "Not Found" }],
    ["a proxy's HTML page", 502, "<html>Bad gateway</html>", {}, { status: 502, type: "HTTP_502" }],
  ];
  for (const [name, status, body, headers, expected] of errors) {
    it(`turns ${name} into an ApiRequestError`, async () => {
      answer(status, body, headers);
      expect(await failure(apiFetch("/v1/x", { mode: "test" }))).toMatchObject(expected);
    });
  }

  it("says NETWORK when no answer came", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await failure(apiFetch("/v1/x", { mode: "test" }))).toMatchObject({ status: 0, type: "NETWORK" });
  });

  it("returns the headers, and nextCursor reads the Link header", async () => {
    answer(200, [], { link: '<http://kola.test/v1/gateway?paid=false&limit=2&starting_after=abc-1>; rel="next"' });
    const { headers } = await apiFetchWithHeaders("/v1/gateway", { mode: "test" });
    expect(nextCursor(headers)).toBe("abc-1");
    expect(nextCursor(new Headers())).toBeNull();
    expect(nextCursor(new Headers({ link: '<http://kola.test/x>; rel="prev"' }))).toBeNull();
  });
});

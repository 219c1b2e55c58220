import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as catchAll from "@/app/v1/[[...rest]]/route";
import * as depositList from "@/app/v1/deposits/route";
import * as collection from "@/app/v1/gateway/route";
import * as item from "@/app/v1/gateway/[gateway_id]/route";
import * as payin from "@/app/v1/gateway/payin/[order_id]/route";
import * as unarchiveRoute from "@/app/v1/gateway/[gateway_id]/unarchive/route";
import * as linkPage from "@/app/pay/[id]/route";
import { hit } from "@/test/support/checkout";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { createApiKey } from "@/lib/accounts/create-account";
import { getDb } from "@/lib/db/client";
import { apiKeys, deposits, paymentGateways } from "@/lib/db/schema";
import type { DepositStatus } from "@/lib/core/deposit-statuses";
import { WHOLE_LIST_BATCH } from "@/lib/http/pagination";
import { call, newAccount, type CallOptions, type Reply } from "@/test/support/api";

// The payment-gateway API (interface §4.1, DESIGN §3), called in-process on a real database.

type Gateway = {
  id: string;
  amount: number;
  currency: string;
  shop_name: string;
  creation_date: string;
  link: string;
  message: string;
  order_id: string;
  success_url: string;
  failure_url: string;
};
type Created = Gateway & { user_id: string };
type View = Gateway & { user_country: { name: string; iso_code: string } };
type Item = { loc: (string | number)[]; msg: string; type: string; ctx?: Record<string, string | number> };

const CAMEROON = { name: "Cameroon", iso_code: "CMR" };
const UTC = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_KEY = { detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" } };
const KEY_NOT_FOUND = { detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" } };
const NOT_FOUND = { detail: { message: "Payment Gateway Not found", type: "GATEWAY_NOT_FOUND" } };
const ALREADY_PAID = {
  detail: { message: "This payment link has already been paid; its amount cannot change", type: "GATEWAY_ALREADY_PAID" },
};
const ORDER_ID_CONFLICT = {
  detail: { message: "A payment link with this order_id already exists with other values", type: "ORDER_ID_CONFLICT" },
};

const bad = (loc: (string | number)[], msg: string, type: string, ctx?: Item["ctx"]): Item => (ctx ? { loc, msg, type, ctx } : { loc, msg, type });
const missing = (field: string) => bad(["body", field], "Field required", "missing");
const tooLong = (field: string, max: number) => bad(["body", field], `String should have at most ${max} characters`, "string_too_long", { max_length: max });
const notString = (field: string) => bad(["body", field], "Input should be a valid string", "string_type");
const badUrl = (field: string) => bad(["body", field], "Value error, must be empty or an absolute http(s) URL", "value_error", { error: "must be empty or an absolute http(s) URL" });
const unsafeUrl = (field: string) => bad(["body", field], "Value error, must not contain spaces or control characters", "value_error", { error: "must not contain spaces or control characters" });
const notObject = bad(["body"], "Input should be a valid dictionary or object to extract fields from", "model_attributes_type");
const amountAtLeast = (min: number) => bad(["body", "amount"], `Input should be greater than or equal to ${min}`, "greater_than_equal", { ge: min });
const amountAtMost = (max: number) => bad(["body", "amount"], `Input should be less than or equal to ${max}`, "less_than_equal", { le: max });
const INT_PARSING = bad(["body", "amount"], "Input should be a valid integer, unable to parse string as an integer", "int_parsing");
const INT_FROM_FLOAT = bad(["body", "amount"], "Input should be a valid integer, got a number with a fractional part", "int_from_float");
const INT_TYPE = bad(["body", "amount"], "Input should be a valid integer", "int_type");
const SLASH = bad(["body", "order_id"], "String should match pattern '^[^/\\p{Cc}]*$'", "string_pattern_mismatch", { pattern: "^[^/\\p{Cc}]*$" });
const badUuid = (loc: (string | number)[], error: string) => bad(loc, `Input should be a valid UUID, ${error}`, "uuid_parsing", { error });
const NOPE = "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `n` at 1";
const jsonInvalid = (position: number, error: string) => bad(["body", position], "JSON decode error", "json_invalid", { error });
const NOT_XAF = bad(["body", "currency"], "Input should be 'XAF'", "literal_error", { expected: "'XAF'" });

/** Every call of this file goes through here: every response must carry x-request-id. */
async function send(handler: Parameters<typeof call>[0], method: string, path: string, options?: CallOptions): Promise<Reply> {
  const reply = await call(handler, method, path, options);
  expect(reply.headers.get("x-request-id")).toMatch(/^[\w.:-]{1,100}$/);
  return reply;
}
const create = (key: string | null, json: unknown) => send(collection.POST, "POST", "/v1/gateway", { key, json });
const list = (key: string, query = "") => send(collection.GET, "GET", `/v1/gateway${query}`, { key });
const get = (id: string, options?: CallOptions) => send(item.GET, "GET", `/v1/gateway/${id}`, options);
const update = (key: string | null, id: string, json: unknown) => send(item.PUT, "PUT", `/v1/gateway/${id}`, { key, json });
const archive = (key: string | null, id: string) => send(item.DELETE, "DELETE", `/v1/gateway/${id}`, { key });
const payinOf = (key: string | null, orderId: string) =>
  send(payin.GET, "GET", `/v1/gateway/payin/${encodeURIComponent(orderId)}`, { key });

async function createOk(key: string, json: object = { amount: 5000, shop_name: "Boutique" }): Promise<Created> {
  const reply = await create(key, json);
  expect(reply.status).toBe(200);
  return reply.body as Created;
}

/** What GET shows of a link that create returned: user_country instead of user_id. */
function viewOf(created: Created, country = CAMEROON): View {
  const { user_id, ...gateway } = created;
  void user_id;
  return { ...gateway, user_country: country };
}

/** One payment attempt on a link, `minutesAgo` minutes ago. */
async function addAttempt(gateway: Created, status: DepositStatus, minutesAgo = 0) {
  const db = await getDb();
  await db.insert(deposits).values({
    accountId: gateway.user_id,
    mode: "test",
    trackId: `TRK${randomBytes(10).toString("hex").toUpperCase()}`,
    amount: gateway.amount,
    currency: gateway.currency,
    country: "CMR",
    operator: "MTN_MOMO_CMR",
    phoneNumber: "237670000000",
    status,
    provider: "sandbox",
    paymentGatewayId: gateway.id,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
}

let merchant: Awaited<ReturnType<typeof newAccount>>;
beforeAll(async () => {
  merchant = await newAccount("CMR");
});

/** A created link's whole answer: the optional strings empty unless `fields` says otherwise. */
function createdBody(id: string, userId: string, fields: Record<string, unknown>) {
  return { id, user_id: userId, creation_date: UTC, link: `http://kola.test/pay/${id}`, message: "", order_id: "", success_url: "", failure_url: "", ...fields };
}

describe("POST /v1/gateway", () => {
  const url2048 = `https://shop.example/${"u".repeat(2048 - 21)}`;
  // `stored` omitted: the link is stored as sent
  const successes: { name: string; json?: Record<string, unknown>; raw?: string; stored?: Partial<Gateway> }[] = [
    {
      name: "only the required fields: the others default to empty strings",
      json: { amount: 5000, shop_name: "Boutique" },
    },
    {
      name: "every field",
      json: {
        amount: 12_500,
        shop_name: "Chez Awa",
        message: "Deux pagnes wax",
        order_id: "ORD-2026-0001",
        success_url: "https://shop.example/ok?ref=1",
        failure_url: "http://shop.example/ko",
      },
    },
    { name: "shop_name is trimmed", json: { amount: 5000, shop_name: "  Chez Awa \t" }, stored: { amount: 5000, shop_name: "Chez Awa" } },
    {
      name: "every bound itself",
      json: {
        amount: 100,
        shop_name: "s".repeat(100),
        message: "m".repeat(500),
        order_id: "o".repeat(100),
        success_url: url2048,
        failure_url: url2048,
      },
    },
    { name: "the highest amount", json: { amount: 10_000_000, shop_name: "B" } },
    {
      name: "explicit empty strings",
      json: { amount: 5000, shop_name: "B", message: "", order_id: "", success_url: "", failure_url: "" },
      stored: { amount: 5000, shop_name: "B" },
    },
    {
      name: "printable unicode in order_id",
      json: { amount: 5000, shop_name: "B", order_id: "commande n°42 — été #7?" },
    },
    {
      name: "unknown fields are ignored",
      json: { amount: 5000, shop_name: "B", user_id: randomUUID(), link: "https://evil.example" },
      stored: { amount: 5000, shop_name: "B" },
    },
    // pydantic's lax mode (DESIGN §9): what a FastAPI client may send for an integer
    { name: "amount as digits", json: { amount: "5000", shop_name: "B" }, stored: { amount: 5000, shop_name: "B" } },
    { name: "amount as digits with .0", json: { amount: "5000.0", shop_name: "B" }, stored: { amount: 5000, shop_name: "B" } },
    { name: "amount with spaces around", json: { amount: " 5000 ", shop_name: "B" }, stored: { amount: 5000, shop_name: "B" } },
    { name: "amount as 5000.0", raw: '{"amount": 5000.0, "shop_name": "B"}', stored: { amount: 5000, shop_name: "B" } },
    // null for an optional string is "not given"
    {
      name: "null optional strings",
      json: { amount: 5000, shop_name: "B", message: null, order_id: null, success_url: null, failure_url: null, currency: null },
      stored: { amount: 5000, shop_name: "B" },
    },
    // the account's currency, in any case, is accepted (and changes nothing)
    { name: "the account's currency", json: { amount: 5000, shop_name: "B", currency: "XAF" }, stored: { amount: 5000, shop_name: "B" } },
    { name: "the account's currency in lower case", json: { amount: 5000, shop_name: "B", currency: "xaf" }, stored: { amount: 5000, shop_name: "B" } },
  ];

  for (const { name, json, raw, stored } of successes) {
    it(`creates a link: ${name}`, async () => {
      const reply = await send(collection.POST, "POST", "/v1/gateway", { key: merchant.key, json, raw });
      const id = (reply.body as Created).id;
      expect(id).toMatch(UUID);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(createdBody(id, merchant.accountId, { currency: "XAF", ...(stored ?? json) }));
      expect((await get(id)).body).toEqual(viewOf(reply.body as Created));
    });
  }

  const currencies = [
    { country: "CMR", currency: "XAF", name: "Cameroon", min: 100, max: 10_000_000 },
    { country: "CIV", currency: "XOF", name: "Côte d'Ivoire", min: 100, max: 10_000_000 },
    { country: "SEN", currency: "XOF", name: "Senegal", min: 100, max: 10_000_000 },
    { country: "KEN", currency: "KES", name: "Kenya", min: 1, max: 1_000_000_000 }, // cents: two decimals
  ] as const;

  for (const { country, currency, name, min, max } of currencies) {
    it(`uses the account's currency and bounds: ${country} → ${currency}, ${min}…${max}`, async () => {
      const account = await newAccount(country);
      for (const amount of [min, max]) {
        const reply = await create(account.key, { amount, shop_name: "B" });
        const id = (reply.body as Created).id;
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual(createdBody(id, account.accountId, { amount, currency, shop_name: "B" }));
        expect((await get(id)).body).toEqual(viewOf(reply.body as Created, { name, iso_code: country }));
      }
      for (const [amount, problem] of [
        [min - 1, amountAtLeast(min)],
        [max + 1, amountAtMost(max)],
      ] as const) {
        const reply = await create(account.key, { amount, shop_name: "B" });
        expect([reply.status, reply.body]).toEqual([422, { detail: [problem] }]);
      }
    });
  }

  const invalid: { name: string; json?: unknown; raw?: string; detail: Item[] }[] = [
    { name: "amount missing", json: { shop_name: "B" }, detail: [missing("amount")] },
    { name: "shop_name missing", json: { amount: 5000 }, detail: [missing("shop_name")] },
    { name: "both missing", json: {}, detail: [missing("amount"), missing("shop_name")] },
    { name: "amount as words", json: { amount: "cinq mille", shop_name: "B" }, detail: [INT_PARSING] },
    { name: "amount as digits with a fraction", json: { amount: "12.5", shop_name: "B" }, detail: [INT_PARSING] },
    { name: "amount with a fraction", json: { amount: 5000.5, shop_name: "B" }, detail: [INT_FROM_FLOAT] },
    { name: "amount 12.5", json: { amount: 12.5, shop_name: "B" }, detail: [INT_FROM_FLOAT] },
    // pydantic reads true as 1 for an integer: then the amount's lower bound refuses it
    { name: "amount as a boolean", json: { amount: true, shop_name: "B" }, detail: [amountAtLeast(100)] },
    { name: "amount as a list", json: { amount: [5000], shop_name: "B" }, detail: [INT_TYPE] },
    { name: "shop_name null (required)", json: { amount: 5000, shop_name: null }, detail: [notString("shop_name")] },
    { name: "currency CDF (the account's is XAF)", json: { amount: 5000, shop_name: "B", currency: "CDF" }, detail: [NOT_XAF] },
    { name: "currency EUR", json: { amount: 5000, shop_name: "B", currency: "EUR" }, detail: [NOT_XAF] },
    { name: "currency a number", json: { amount: 5000, shop_name: "B", currency: 950 }, detail: [notString("currency")] },
    { name: "amount null", json: { amount: null, shop_name: "B" }, detail: [INT_TYPE] },
    { name: "amount below 100 XAF", json: { amount: 99, shop_name: "B" }, detail: [amountAtLeast(100)] },
    { name: "amount zero", json: { amount: 0, shop_name: "B" }, detail: [amountAtLeast(100)] },
    { name: "amount negative", json: { amount: -5000, shop_name: "B" }, detail: [amountAtLeast(100)] },
    { name: "amount above 10,000,000 XAF", json: { amount: 10_000_001, shop_name: "B" }, detail: [amountAtMost(10_000_000)] },
    { name: "amount beyond a 32-bit integer", json: { amount: 2 ** 31, shop_name: "B" }, detail: [amountAtMost(10_000_000)] },
    { name: "shop_name a number", json: { amount: 5000, shop_name: 42 }, detail: [notString("shop_name")] },
    {
      name: "shop_name empty",
      json: { amount: 5000, shop_name: "" },
      detail: [bad(["body", "shop_name"], "String should have at least 1 character", "string_too_short", { min_length: 1 })],
    },
    {
      name: "shop_name only spaces",
      json: { amount: 5000, shop_name: "   " },
      detail: [bad(["body", "shop_name"], "String should have at least 1 character", "string_too_short", { min_length: 1 })],
    },
    { name: "shop_name of 101 characters", json: { amount: 5000, shop_name: "s".repeat(101) }, detail: [tooLong("shop_name", 100)] },
    { name: "message of 501 characters", json: { amount: 5000, shop_name: "B", message: "m".repeat(501) }, detail: [tooLong("message", 500)] },
    { name: "message an object", json: { amount: 5000, shop_name: "B", message: { fr: "x" } }, detail: [notString("message")] },
    { name: "order_id with '/'", json: { amount: 5000, shop_name: "B", order_id: "2026/001" }, detail: [SLASH] },
    { name: "order_id with a newline", json: { amount: 5000, shop_name: "B", order_id: "a\nb" }, detail: [SLASH] },
    { name: "order_id of 101 characters", json: { amount: 5000, shop_name: "B", order_id: "o".repeat(101) }, detail: [tooLong("order_id", 100)] },
    { name: "order_id a number", json: { amount: 5000, shop_name: "B", order_id: 42 }, detail: [notString("order_id")] },
    { name: "success_url not a URL", json: { amount: 5000, shop_name: "B", success_url: "merci" }, detail: [badUrl("success_url")] },
    { name: "success_url relative", json: { amount: 5000, shop_name: "B", success_url: "/merci" }, detail: [badUrl("success_url")] },
    { name: "failure_url ftp://", json: { amount: 5000, shop_name: "B", failure_url: "ftp://shop.example/ko" }, detail: [badUrl("failure_url")] },
    { name: "failure_url javascript:", json: { amount: 5000, shop_name: "B", failure_url: "javascript:alert(1)" }, detail: [badUrl("failure_url")] },
    // the URL parser drops CR, LF and tabs silently: stored, they made the redirect after payment a 500
    ...[
      ["a CR/LF (header injection)", "https://shop.example/ok\r\nSet-Cookie: a=b"],
      ["a LF", "https://shop.example/o\nk"],
      ["a tab", "https://shop.example/o\tk"],
      ["a space", "https://shop.example/merci beaucoup"],
      ["a leading space", " https://shop.example/ok"],
      ["a trailing newline", "https://shop.example/ok\n"],
      ["a DEL", "https://shop.example/o\u007fk"],
      ["a no-break space", "https://shop.example/o\u00a0k"],
    ].flatMap(([what, url]) => [
      { name: `success_url with ${what}`, json: { amount: 5000, shop_name: "B", success_url: url }, detail: [unsafeUrl("success_url")] },
      { name: `failure_url with ${what}`, json: { amount: 5000, shop_name: "B", failure_url: url }, detail: [unsafeUrl("failure_url")] },
    ]),
    {
      name: "success_url of 2049 characters",
      json: { amount: 5000, shop_name: "B", success_url: `${url2048}u` },
      detail: [tooLong("success_url", 2048)],
    },
    { name: "failure_url a boolean", json: { amount: 5000, shop_name: "B", failure_url: false }, detail: [notString("failure_url")] },
    {
      name: "several problems, all reported at once",
      json: {
        amount: "cinq mille",
        shop_name: "s".repeat(101),
        message: "m".repeat(501),
        order_id: "a/b",
        success_url: "ftp://shop.example/ok",
        failure_url: "nope",
      },
      detail: [INT_PARSING, tooLong("shop_name", 100), tooLong("message", 500), SLASH, badUrl("success_url"), badUrl("failure_url")],
    },
    { name: "malformed JSON", raw: "{", detail: [jsonInvalid(1, "Expecting property name enclosed in double quotes")] },
    { name: "a trailing comma", raw: '{"amount": 5000,}', detail: [jsonInvalid(16, "Expecting property name enclosed in double quotes")] },
    { name: "a missing comma", raw: '{"amount": 5000 "shop_name": "B"}', detail: [jsonInvalid(16, "Expecting ',' delimiter")] },
    { name: "an empty body", raw: "", detail: [bad(["body"], "Field required", "missing")] },
    { name: "a JSON array", raw: "[5000]", detail: [notObject] },
    { name: "a JSON string", raw: '"Boutique"', detail: [notObject] },
    { name: "a JSON number", raw: "5000", detail: [notObject] },
  ];

  for (const { name, json, raw, detail } of invalid) {
    it(`answers 422 for ${name}`, async () => {
      const reply = await send(collection.POST, "POST", "/v1/gateway", { key: merchant.key, json, raw });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ detail });
    });
  }

  it("answers 413 for a body over 64 KB, before parsing it", async () => {
    const reply = await create(merchant.key, { amount: 5000, shop_name: "B", message: "m".repeat(64 * 1024) });
    expect([reply.status, reply.body]).toEqual([
      413,
      { detail: { message: "The request body is larger than 65536 bytes", type: "FILE_TOO_LARGE" } },
    ]);
  });

  it("creates nothing when the body is invalid", async () => {
    const account = await newAccount();
    await create(account.key, { amount: 99, shop_name: "B" });
    await create(account.key, { shop_name: "B" });
    expect((await list(account.key)).body).toEqual([]);
  });
});

describe("order_id: a safe retry or a conflict", () => {
  const body = { amount: 5000, shop_name: "Boutique", message: "m", order_id: "ORD-1", success_url: "https://s.example/ok" };

  it("answers the same link, 200, when the same body is posted again", async () => {
    const account = await newAccount();
    const first = await create(account.key, body);
    expect(first.status).toBe(200);
    for (const again of [body, { ...body, shop_name: "  Boutique  " }, { ...body, failure_url: "" }]) {
      const reply = await create(account.key, again);
      expect([reply.status, reply.body]).toEqual([200, first.body]);
    }
    expect((await list(account.key)).body).toEqual([viewOf(first.body as Created)]);
  });

  const changes: [string, Record<string, unknown>][] = [
    ["amount", { amount: 5001 }],
    ["shop_name", { shop_name: "Autre boutique" }],
    ["message", { message: "" }],
    ["success_url", { success_url: "https://s.example/other" }],
    ["failure_url", { failure_url: "https://s.example/ko" }],
  ];
  for (const [field, change] of changes) {
    it(`answers 409 ORDER_ID_CONFLICT when ${field} differs`, async () => {
      const account = await newAccount();
      const first = await createOk(account.key, body);
      const reply = await create(account.key, { ...body, ...change });
      expect([reply.status, reply.body]).toEqual([409, ORDER_ID_CONFLICT]);
      expect((await list(account.key)).body).toEqual([viewOf(first)]);
    });
  }

  it("frees an archived link's order_id: a new link takes it, and payin reports the new holder", async () => {
    const account = await newAccount();
    const first = await createOk(account.key, body);
    await addAttempt(first, "success");
    expect((await payinOf(account.key, "ORD-1")).body).toEqual({ order_id: "ORD-1", status: "success" });
    await archive(account.key, first.id);

    for (const again of [body, { ...body, amount: 7000 }]) {
      const second = await create(account.key, again);
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ ...(second.body as Created), amount: again.amount, order_id: "ORD-1" });
      expect((second.body as Created).id).not.toBe(first.id);
      // the live holder answers: unpaid, whatever the archived link's payments were
      expect((await payinOf(account.key, "ORD-1")).body).toEqual({ order_id: "ORD-1", status: "pending" });
      // while it lives, the order_id is taken again: its own body is a safe retry, another a conflict
      expect(await create(account.key, again)).toMatchObject({ status: 200, body: second.body });
      const other = await create(account.key, { ...again, message: "autre" });
      expect([other.status, other.body]).toEqual([409, ORDER_ID_CONFLICT]);
      await archive(account.key, (second.body as Created).id);
    }
    // no live holder: the link archived last answers (its payments stay readable)
    expect((await payinOf(account.key, "ORD-1")).body).toEqual({ order_id: "ORD-1", status: "pending" });
    expect((await list(account.key, "?archived=true")).body).toHaveLength(3);
  });

  it("gives the same order_id to one of two links created at once; the other is 409", async () => {
    const account = await newAccount();
    for (let round = 0; round < 5; round++) {
      const order = { ...body, order_id: `RACE-${round}` };
      const replies = await Promise.all([create(account.key, order), create(account.key, { ...order, message: "autre" })]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 409)!.body).toEqual(ORDER_ID_CONFLICT);
      // the same body twice at once: both are the one link (a safe retry)
      const same = { ...body, order_id: `TWIN-${round}` };
      const twins = await Promise.all([create(account.key, same), create(account.key, same)]);
      expect(twins.map((r) => r.status)).toEqual([200, 200]);
      expect((twins[0]!.body as Created).id).toBe((twins[1]!.body as Created).id);
    }
    expect((await list(account.key)).body).toHaveLength(10);
  });

  it("lets links without order_id repeat freely", async () => {
    const account = await newAccount();
    const a = await createOk(account.key, { amount: 5000, shop_name: "B" });
    const b = await createOk(account.key, { amount: 5000, shop_name: "B", order_id: "" });
    expect(a.id).not.toBe(b.id);
    expect((await list(account.key)).body).toEqual([viewOf(b), viewOf(a)]);
  });
});

describe("API key", () => {
  let target: Created;
  let revoked: string;
  beforeAll(async () => {
    target = await createOk(merchant.key, { amount: 5000, shop_name: "B", order_id: "AUTH-1" });
    revoked = (await newAccount()).key;
    const db = await getDb();
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.keyHash, hashApiKey(revoked)));
  });

  const endpoints: [string, (key: string | null) => Promise<Reply>][] = [
    ["POST /v1/gateway", (key) => create(key, { amount: 5000, shop_name: "B" })],
    ["POST /v1/gateway with an invalid body", (key) => create(key, { amount: "x" })],
    ["GET /v1/gateway", (key) => send(collection.GET, "GET", "/v1/gateway", { key })],
    ["PUT /v1/gateway/{id}", (key) => update(key, target.id, { message: "x" })],
    ["DELETE /v1/gateway/{id}", (key) => archive(key, target.id)],
    ["GET /v1/gateway/payin/{order_id}", (key) => payinOf(key, "AUTH-1")],
  ];
  const keys: [string, () => string | null, number, unknown][] = [
    ["no key", () => null, 401, NO_KEY],
    ["an empty key", () => "  ", 401, NO_KEY],
    ["an unknown key", () => `kola_test_${randomBytes(32).toString("base64url")}`, 404, KEY_NOT_FOUND],
    ["an unknown live key", () => `kola_live_${randomBytes(32).toString("base64url")}`, 404, KEY_NOT_FOUND],
    ["a malformed key", () => "sk_test_123", 404, KEY_NOT_FOUND],
    ["a revoked key", () => revoked, 404, KEY_NOT_FOUND],
  ];

  for (const [endpoint, request] of endpoints) {
    for (const [name, key, status, body] of keys) {
      it(`${endpoint} with ${name} → ${status}`, async () => {
        const reply = await request(key());
        expect([reply.status, reply.body]).toEqual([status, body]);
      });
    }
  }

  it("left the link untouched", async () => {
    expect((await get(target.id)).body).toEqual(viewOf(target));
  });

  it("a revoked key stops working while the account's other keys go on", async () => {
    const account = await newAccount();
    const live = (await createApiKey({ email: account.email, mode: "live" })).api_key;
    const db = await getDb();
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.keyHash, hashApiKey(account.key)));
    const withRevoked = await list(account.key);
    expect([withRevoked.status, withRevoked.body]).toEqual([404, KEY_NOT_FOUND]);
    const withLive = await list(live);
    expect([withLive.status, withLive.body]).toEqual([200, []]);
  });
});

describe("GET /v1/gateway/{gateway_id}", () => {
  it("needs no key, shows user_country and answers CORS *", async () => {
    const created = await createOk(merchant.key, { amount: 7000, shop_name: "B", message: "Merci", order_id: "GET-1" });
    for (const options of [{}, { key: (await newAccount()).key }, { key: "not-a-key" }]) {
      const reply = await get(created.id, options);
      expect(reply.status).toBe(200);
      expect(reply.headers.get("access-control-allow-origin")).toBe("*");
      expect(reply.body).toEqual({
        id: created.id,
        amount: 7000,
        currency: "XAF",
        shop_name: "B",
        user_country: CAMEROON,
        creation_date: created.creation_date,
        link: `http://kola.test/pay/${created.id}`,
        message: "Merci",
        order_id: "GET-1",
        success_url: "",
        failure_url: "",
      });
    }
  });

  const failures: [string, () => Promise<string>, number, unknown][] = [
    ["a non-uuid id", async () => "abc", 422, {
      detail: [badUuid(["path", "gateway_id"], "invalid length: expected length 32 for simple format, found 3")],
    }],
    ["a uuid with a bad variant", async () => "12345678-1234-1234-1234-123456789012", 422, {
      detail: [badUuid(["path", "gateway_id"], "invalid UUID version or variant")],
    }],
    ["an unknown id", async () => randomUUID(), 404, NOT_FOUND],
    ["an archived link", async () => {
      const created = await createOk(merchant.key);
      await archive(merchant.key, created.id);
      return created.id;
    }, 404, NOT_FOUND],
  ];
  for (const [name, id, status, body] of failures) {
    it(`answers ${status} for ${name}, with CORS * too`, async () => {
      const reply = await get(await id());
      expect([reply.status, reply.body]).toEqual([status, body]);
      expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    });
  }
});

describe("GET /v1/gateway/{gateway_id}?include=payment_status (the owner's read)", () => {
  it("answers paid from every attempt, not a page of them: 25 attempts, the success the oldest", async () => {
    const created = await createOk(merchant.key, { amount: 5000, shop_name: "Vingt-cinq", order_id: "PAID-OLDEST" });
    await addAttempt(created, "success", 100);
    for (let i = 24; i >= 1; i--) await addAttempt(created, i % 2 ? "failed" : "expired", i);
    // the dashboard's attempts table pages by 20: its first page has no success in it
    const firstPage = await send(depositList.GET, "GET", `/v1/deposits?payment_gateway_id=${created.id}&limit=20`, { key: merchant.key });
    expect((firstPage.body as { status: string }[]).map((d) => d.status)).not.toContain("success");
    const reply = await get(`${created.id}?include=payment_status`, { key: merchant.key });
    expect([reply.status, reply.body]).toEqual([200, { ...viewOf(created), payment_status: "success", attempted: true, archived_at: null }]);
  });

  const statuses: [string, [DepositStatus, number][], DepositStatus, boolean][] = [
    ["no attempt yet", [], "pending", false],
    ["an attempt pending", [["pending", 0]], "pending", true],
    ["the latest attempt failed", [["expired", 9], ["failed", 1]], "failed", true],
    ["success, then later failures", [["success", 9], ["failed", 1], ["expired", 0]], "success", true],
  ];
  for (const [name, attempts, status, attempted] of statuses) {
    it(`answers payment_status ${status} (attempted: ${attempted}) for ${name}`, async () => {
      const created = await createOk(merchant.key);
      for (const [attempt, minutesAgo] of attempts) await addAttempt(created, attempt, minutesAgo);
      const reply = await get(`${created.id}?include=payment_status`, { key: merchant.key });
      expect([reply.status, reply.body]).toEqual([200, { ...viewOf(created), payment_status: status, attempted, archived_at: null }]);
    });
  }

  it("is the owner's only: no key 401, another account's key 404 (archived or not)", async () => {
    const created = await createOk(merchant.key);
    const other = await newAccount();
    const archived = await createOk(merchant.key);
    await archive(merchant.key, archived.id);
    const replies = await Promise.all([
      get(`${created.id}?include=payment_status`),
      get(`${created.id}?include=payment_status`, { key: other.key }),
      get(`${archived.id}?include=payment_status`, { key: other.key }),
      get(`${created.id}?include=everything`, { key: merchant.key }),
    ]);
    expect(replies.map((r) => [r.status, r.body])).toEqual([
      [401, NO_KEY],
      [404, NOT_FOUND],
      [404, NOT_FOUND],
      [422, { detail: [bad(["query", "include"], "Input should be 'payment_status'", "enum", { expected: "'payment_status'" })] }],
    ]);
  });

  it("finds the owner's archived link, saying when it was archived; the public read stays 404", async () => {
    const archived = await createOk(merchant.key, { amount: 7000, shop_name: "Archivé", message: "Pagne wax" });
    const before = Date.now();
    await archive(merchant.key, archived.id);
    const reply = await get(`${archived.id}?include=payment_status`, { key: merchant.key });
    const body = reply.body as { archived_at: string };
    expect([reply.status, body]).toEqual([200, { ...viewOf(archived), payment_status: "pending", attempted: false, archived_at: body.archived_at }]);
    expect(Date.parse(body.archived_at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await get(archived.id)).status).toBe(404);
  });
});

describe("POST /v1/gateway/{gateway_id}/unarchive", () => {
  const unarchive = (key: string | null, id: string) => send(unarchiveRoute.POST, "POST", `/v1/gateway/${id}/unarchive`, { key });

  it("puts an archived link back: the public read, the list and the checkout page find it again", async () => {
    const account = await newAccount();
    const created = await createOk(account.key, { amount: 5000, shop_name: "Retour", order_id: "BACK-1" });
    await archive(account.key, created.id);
    expect((await hit(linkPage.GET, { id: created.id }, `/pay/${created.id}`)).status).toBe(410);
    const reply = await unarchive(account.key, created.id);
    expect([reply.status, reply.body]).toEqual([200, { ...viewOf(created), payment_status: "pending", attempted: false, archived_at: null }]);
    expect([(await get(created.id)).status, (await list(account.key)).body]).toEqual([200, [viewOf(created)]]);
    expect((await hit(linkPage.GET, { id: created.id }, `/pay/${created.id}`)).status).toBe(200);
    // again: a live link comes back unchanged; and its order_id still refuses another body
    expect((await unarchive(account.key, created.id)).body).toEqual(reply.body);
    expect((await create(account.key, { amount: 9000, shop_name: "Autre", order_id: "BACK-1" })).status).toBe(409);
  });

  it("answers 409 ORDER_ID_CONFLICT when a live link took the order_id meanwhile, and the link stays archived", async () => {
    const account = await newAccount();
    const first = await createOk(account.key, { amount: 5000, shop_name: "Premier", order_id: "TAKEN-1" });
    await archive(account.key, first.id);
    const second = await createOk(account.key, { amount: 7000, shop_name: "Second", order_id: "TAKEN-1" });
    const reply = await unarchive(account.key, first.id);
    expect([reply.status, reply.body]).toEqual([409, ORDER_ID_CONFLICT]);
    expect((await get(first.id)).status).toBe(404); // still archived
    expect([(await get(second.id)).status, (await list(account.key)).body]).toEqual([200, [viewOf(second)]]);
    // once the second is archived in turn, the first comes back with its order_id
    await archive(account.key, second.id);
    expect((await unarchive(account.key, first.id)).status).toBe(200);
  });

  it("answers 401 without a key, 404 for another account's, an unknown or a malformed id", async () => {
    const account = await newAccount();
    const created = await createOk(account.key);
    await archive(account.key, created.id);
    const other = await newAccount();
    const replies = [await unarchive(null, created.id), await unarchive(other.key, created.id), await unarchive(account.key, randomUUID())];
    expect(replies.map((r) => [r.status, r.body])).toEqual([
      [401, NO_KEY],
      [404, NOT_FOUND],
      [404, NOT_FOUND],
    ]);
    const malformed = await unarchive(account.key, "42");
    expect(malformed.status).toBe(422);
    expect((await get(created.id)).status).toBe(404); // still archived
  });
});

describe("PUT /v1/gateway/{gateway_id}", () => {
  const full = {
    amount: 5000,
    shop_name: "Boutique",
    message: "Un pagne",
    order_id: "PUT-ORDER",
    success_url: "https://s.example/ok",
    failure_url: "https://s.example/ko",
  };
  const updates: [string, Record<string, unknown>, Partial<Gateway>][] = [
    ["message only", { message: "Deux pagnes" }, { message: "Deux pagnes" }],
    ["amount and a trimmed shop_name", { amount: 7500, shop_name: "  Chez Awa " }, { amount: 7500, shop_name: "Chez Awa" }],
    ["URLs, one cleared", { success_url: "", failure_url: "http://s.example/retry" }, { success_url: "", failure_url: "http://s.example/retry" }],
    ["every field", { amount: 100, shop_name: "X", message: "", success_url: "", failure_url: "" }, {
      amount: 100,
      shop_name: "X",
      message: "",
      success_url: "",
      failure_url: "",
    }],
    ["an empty object: nothing changes", {}, {}],
    ["the same values: nothing changes", { amount: 5000, shop_name: "Boutique" }, {}],
    ["order_id, which is not updatable: ignored", { order_id: "OTHER" }, {}],
    // lax input: null is "not given", digits are an integer
    ["null fields: nothing changes", { shop_name: null, message: null, success_url: null, failure_url: null, amount: null }, {}],
    ["amount as digits", { amount: "7500" }, { amount: 7500 }],
  ];

  for (const [name, json, changes] of updates) {
    it(`updates ${name} and answers the get shape`, async () => {
      const account = await newAccount();
      const created = await createOk(account.key, full);
      const reply = await update(account.key, created.id, json);
      expect([reply.status, reply.body]).toEqual([200, { ...viewOf(created), ...changes }]);
      expect((await get(created.id)).body).toEqual(reply.body);
    });
  }

  const invalid: [string, string | null, unknown, Item[]][] = [
    ["amount below 100 XAF", null, { amount: 99 }, [amountAtLeast(100)]],
    ["amount above the bound", null, { amount: 10_000_001 }, [amountAtMost(10_000_000)]],
    ["amount with a fraction", null, { amount: 1.5 }, [INT_FROM_FLOAT]],
    ["amount as words", null, { amount: "sept mille" }, [INT_PARSING]],
    ["shop_name only spaces", null, { shop_name: "  " }, [
      bad(["body", "shop_name"], "String should have at least 1 character", "string_too_short", { min_length: 1 }),
    ]],
    ["shop_name a number", null, { shop_name: 7 }, [notString("shop_name")]],
    ["message of 501 characters", null, { message: "m".repeat(501) }, [tooLong("message", 500)]],
    ["success_url mailto:", null, { success_url: "mailto:a@b.example" }, [badUrl("success_url")]],
    ["success_url with CR/LF", null, { success_url: "https://shop.example/ok\r\nx: y" }, [unsafeUrl("success_url")]],
    ["failure_url with a tab", null, { failure_url: "https://shop.example/\tko" }, [unsafeUrl("failure_url")]],
    ["success_url with a space", null, { success_url: "https://shop.example/mer ci" }, [unsafeUrl("success_url")]],
    ["a body that is an array", null, [], [notObject]],
    ["a non-uuid path and a bad body, together", "not-a-uuid", { amount: "x", failure_url: "x" }, [
      badUuid(["path", "gateway_id"], NOPE),
      INT_PARSING,
      badUrl("failure_url"),
    ]],
  ];
  for (const [name, path, json, detail] of invalid) {
    it(`answers 422 for ${name} and changes nothing`, async () => {
      const created = await createOk(merchant.key, { ...full, order_id: "" });
      const reply = await update(merchant.key, path ?? created.id, json);
      expect([reply.status, reply.body]).toEqual([422, { detail }]);
      expect((await get(created.id)).body).toEqual(viewOf(created));
    });
  }

  it("answers 422 for an empty or malformed body", async () => {
    const created = await createOk(merchant.key);
    const empty = await send(item.PUT, "PUT", `/v1/gateway/${created.id}`, { key: merchant.key, raw: "" });
    expect([empty.status, empty.body]).toEqual([422, { detail: [bad(["body"], "Field required", "missing")] }]);
    const broken = await send(item.PUT, "PUT", `/v1/gateway/${created.id}`, { key: merchant.key, raw: "{" });
    expect([broken.status, broken.body]).toEqual([422, { detail: [jsonInvalid(1, "Expecting property name enclosed in double quotes")] }]);
  });

  it("answers 404 for an unknown or archived link", async () => {
    const created = await createOk(merchant.key);
    await archive(merchant.key, created.id);
    for (const id of [randomUUID(), created.id]) {
      const reply = await update(merchant.key, id, { message: "x" });
      expect([reply.status, reply.body]).toEqual([404, NOT_FOUND]);
    }
  });

  const paid: [string, DepositStatus[], Record<string, unknown>, number, (c: Created) => unknown][] = [
    ["amount of a paid link", ["failed", "success"], { amount: 6000 }, 409, () => ALREADY_PAID],
    ["amount and shop_name of a paid link", ["success"], { amount: 6000, shop_name: "X" }, 409, () => ALREADY_PAID],
    ["shop_name of a paid link", ["success"], { shop_name: "Nouveau nom" }, 200, (c) => ({ ...viewOf(c), shop_name: "Nouveau nom" })],
    ["the same amount of a paid link", ["success"], { amount: 5000, message: "Reçu" }, 200, (c) => ({ ...viewOf(c), message: "Reçu" })],
    ["amount after failed attempts only", ["failed", "expired", "pending"], { amount: 6000 }, 200, (c) => ({ ...viewOf(c), amount: 6000 })],
  ];
  for (const [name, attempts, json, status, expected] of paid) {
    it(`answers ${status} when changing ${name}`, async () => {
      const account = await newAccount();
      const created = await createOk(account.key);
      for (const [i, attempt] of attempts.entries()) await addAttempt(created, attempt, attempts.length - i);
      const reply = await update(account.key, created.id, json);
      expect([reply.status, reply.body]).toEqual([status, expected(created)]);
      const after = (await get(created.id)).body;
      expect(after).toEqual(status === 200 ? reply.body : viewOf(created));
    });
  }
});

describe("DELETE /v1/gateway/{gateway_id}", () => {
  it("archives the link: then GET, PUT and DELETE answer 404 and the list leaves it out", async () => {
    const account = await newAccount();
    const kept = await createOk(account.key);
    const created = await createOk(account.key, { amount: 5000, shop_name: "B", order_id: "DEL-1" });
    const reply = await archive(account.key, created.id);
    expect([reply.status, reply.body]).toEqual([200, { id: created.id, deleted: true }]);
    const afterwards = [() => get(created.id), () => update(account.key, created.id, { message: "x" }), () => archive(account.key, created.id)];
    for (const again of afterwards) {
      const { status, body } = await again();
      expect([status, body]).toEqual([404, NOT_FOUND]);
    }
    expect((await list(account.key)).body).toEqual([viewOf(kept)]);
    // its payments stay readable by order_id
    expect((await payinOf(account.key, "DEL-1")).body).toEqual({ order_id: "DEL-1", status: "pending" });
  });

  it("answers 404 for an unknown id and 422 for a non-uuid", async () => {
    const unknown = await archive(merchant.key, randomUUID());
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
    const malformed = await archive(merchant.key, "42");
    expect([malformed.status, malformed.body]).toEqual([
      422,
      { detail: [badUuid(["path", "gateway_id"], "invalid length: expected length 32 for simple format, found 2")] },
    ]);
  });
});

describe("GET /v1/gateway", () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let links: Created[]; // newest first
  beforeAll(async () => {
    account = await newAccount();
    const created: Created[] = [];
    for (const n of [1, 2, 3, 4, 5]) created.push(await createOk(account.key, { amount: 1000 * n, shop_name: `Shop ${n}` }));
    links = created.reverse();
  });

  it("lists the caller's links newest first, in the get shape, without a Link header", async () => {
    const reply = await list(account.key);
    expect([reply.status, reply.body]).toEqual([200, links.map((l) => viewOf(l))]);
    expect(reply.headers.get("link")).toBeNull();
  });

  it("pages with limit and starting_after, with a Link header until the last page", async () => {
    const pages: { query: string; items: Created[]; next: string | null }[] = [
      { query: "?limit=2", items: links.slice(0, 2), next: `limit=2&starting_after=${links[1]!.id}` },
      { query: `?limit=2&starting_after=${links[1]!.id}`, items: links.slice(2, 4), next: `limit=2&starting_after=${links[3]!.id}` },
      { query: `?limit=2&starting_after=${links[3]!.id}`, items: links.slice(4), next: null },
      { query: `?limit=5`, items: links, next: null },
      { query: `?limit=4`, items: links.slice(0, 4), next: `limit=4&starting_after=${links[3]!.id}` },
      { query: `?starting_after=${links[4]!.id}`, items: [], next: null },
      { query: `?starting_after=${randomUUID()}`, items: [], next: null },
    ];
    for (const { query, items, next } of pages) {
      const reply = await list(account.key, query);
      expect([query, reply.status, reply.body]).toEqual([query, 200, items.map((l) => viewOf(l))]);
      expect(reply.headers.get("link")).toBe(next && `<http://kola.test/v1/gateway?${next}>; rel="next"`);
    }
  });

  it("follows the Link header to the end", async () => {
    const seen: View[] = [];
    let query: string | undefined = "?limit=2";
    while (query) {
      const reply = await list(account.key, query);
      seen.push(...(reply.body as View[]));
      query = reply.headers.get("link")?.match(/^<http:\/\/kola\.test\/v1\/gateway(\?[^>]+)>; rel="next"$/)?.[1];
    }
    expect(seen).toEqual(links.map((l) => viewOf(l)));
  });

  it("continues after a cursor that was archived since", async () => {
    const other = await newAccount();
    const mine: Created[] = [];
    for (const n of [1, 2, 3]) mine.unshift(await createOk(other.key, { amount: 1000 * n, shop_name: `S${n}` }));
    await archive(other.key, mine[0]!.id);
    const reply = await list(other.key, `?starting_after=${mine[0]!.id}`);
    expect(reply.body).toEqual(mine.slice(1).map((l) => viewOf(l)));
  });

  const invalid: [string, Item[]][] = [
    ["?limit=0", [bad(["query", "limit"], "Input should be greater than or equal to 1", "greater_than_equal", { ge: 1 })]],
    ["?limit=-1", [bad(["query", "limit"], "Input should be greater than or equal to 1", "greater_than_equal", { ge: 1 })]],
    ["?limit=1001", [bad(["query", "limit"], "Input should be less than or equal to 1000", "less_than_equal", { le: 1000 })]],
    ["?limit=abc", [bad(["query", "limit"], "Input should be a valid integer, unable to parse string as an integer", "int_parsing")]],
    ["?limit=2.5", [bad(["query", "limit"], "Input should be a valid integer, unable to parse string as an integer", "int_parsing")]],
    ["?starting_after=nope", [badUuid(["query", "starting_after"], NOPE)]],
    ["?limit=0&starting_after=nope", [
      bad(["query", "limit"], "Input should be greater than or equal to 1", "greater_than_equal", { ge: 1 }),
      badUuid(["query", "starting_after"], NOPE),
    ]],
  ];
  for (const [query, detail] of invalid) {
    it(`answers 422 for ${query}`, async () => {
      const reply = await list(account.key, query);
      expect([reply.status, reply.body]).toEqual([422, { detail }]);
    });
  }

  it("accepts the bounds limit=1 and limit=1000", async () => {
    const one = await list(account.key, "?limit=1");
    expect([one.body, one.headers.get("link")]).toEqual([
      [viewOf(links[0]!)],
      `<http://kola.test/v1/gateway?limit=1&starting_after=${links[0]!.id}>; rel="next"`,
    ]);
    const all = await list(account.key, "?limit=1000");
    expect([all.body, all.headers.get("link")]).toEqual([links.map((l) => viewOf(l)), null]);
  });
});

describe("GET /v1/gateway without limit: the whole list", () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let views: View[]; // newest first, as the list orders them
  let archivedId: string | undefined;
  beforeAll(async () => {
    account = await newAccount();
    // More than two batches of the stream, written straight to the database: rows of one statement
    // share created_at, so the order (and where each batch resumes) falls to the id.
    const db = await getDb();
    const rows = [];
    for (const part of [0, 1, 2]) {
      const values = Array.from({ length: 450 }, (_, i) => ({
        accountId: account.accountId,
        mode: "test" as const,
        amount: 1000 + part * 1000 + i,
        currency: "XAF",
        country: "CMR",
        shopName: i % 3 === 0 ? "Marché central" : `Boutique ${part}-${i}`,
        message: `Lien ${part}-${i}`,
        orderId: `W-${part}-${i}`,
      }));
      rows.push(...(await db.insert(paymentGateways).values(values).returning()));
    }
    rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    views = rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      currency: "XAF",
      shop_name: row.shopName,
      creation_date: row.createdAt.toISOString(),
      link: `http://kola.test/pay/${row.id}`,
      message: row.message,
      order_id: row.orderId,
      success_url: "",
      failure_url: "",
      user_country: CAMEROON,
    }));
  });

  it("answers every link in one JSON array, newest first, without a Link header", async () => {
    expect(views.length).toBeGreaterThan(2 * WHOLE_LIST_BATCH);
    const reply = await list(account.key);
    expect([reply.status, reply.headers.get("content-type"), reply.headers.get("link")]).toEqual([200, "application/json", null]);
    expect(reply.body).toEqual(views);
  });

  it("keeps the filters: a search, live links only, include=payment_status", async () => {
    const archived = views.find((v) => v.shop_name === "Marché central")!;
    await archive(account.key, archived.id);
    archivedId = archived.id;
    const expected = views.filter((v) => v.shop_name === "Marché central" && v.id !== archived.id);
    const searched = await list(account.key, "?q=march%C3%A9");
    expect([searched.status, searched.body]).toEqual([200, expected]);
    const withStatus = await list(account.key, "?q=march%C3%A9&include=payment_status");
    expect(withStatus.body).toEqual(expected.map((v) => ({ ...v, payment_status: "pending", attempted: false })));
    const archivedOnly = await list(account.key, "?archived=true");
    expect(archivedOnly.body).toEqual([{ ...archived }]);
  });

  it("an empty list is []", async () => {
    const empty = await newAccount();
    const reply = await list(empty.key);
    expect([reply.status, reply.body, reply.headers.get("link")]).toEqual([200, [], null]);
  });

  it("still pages when a page is asked for: starting_after alone gives 100 and a Link header", async () => {
    const live = views.filter((v) => v.id !== archivedId);
    const reply = await list(account.key, `?starting_after=${live[0]!.id}`);
    expect([reply.status, reply.body]).toEqual([200, live.slice(1, 101)]);
    expect(reply.headers.get("link")).toBe(`<http://kola.test/v1/gateway?limit=100&starting_after=${live[100]!.id}>; rel="next"`);
  });
});

describe("GET /v1/gateway?q= with few and with many matches", () => {
  // The search looks its matches up unordered first (at most 500), then reads the page from them;
  // past 500 it walks the links newest first (lib/gateways/queries.ts): both give the same pages.
  it("pages through 520 matches and finds the one rare link, newest first, with the cursor", async () => {
    const account = await newAccount();
    const db = await getDb();
    const at = Date.parse("2026-01-01T00:00:00Z");
    const base = { accountId: account.accountId, mode: "test", amount: 1000, currency: "XAF", country: "CMR" } as const;
    const dense = await db
      .insert(paymentGateways)
      .values(Array.from({ length: 520 }, (_, i) => ({ ...base, shopName: "Boutique Dense", orderId: `D-${i}`, createdAt: new Date(at + i * 1000) })))
      .returning({ id: paymentGateways.id });
    const [rare] = await db.insert(paymentGateways).values({ ...base, shopName: "Autre", orderId: "RARE-1", createdAt: new Date(at - 1000) }).returning({ id: paymentGateways.id });
    const newest = dense.map((row) => row.id).reverse();
    const page = async (query: string) => ((await list(account.key, query)).body as View[]).map((g) => g.id);

    expect(await page("?q=dense&limit=3")).toEqual(newest.slice(0, 3));
    expect(await page(`?q=dense&limit=3&starting_after=${newest[2]}`)).toEqual(newest.slice(3, 6));
    expect(await page(`?q=dense&limit=3&starting_after=${newest[517]}`)).toEqual(newest.slice(518, 520));
    expect(await page("?q=d-51&limit=20")).toEqual(newest.filter((_, i) => [519 - 51, ...Array.from({ length: 10 }, (_, n) => 519 - 510 - n)].includes(i)));
    expect(await page("?q=rare-1")).toEqual([rare!.id]);
    expect(await page(`?q=rare-1&starting_after=${rare!.id}`)).toEqual([]);
    expect(await page("?q=nowhere")).toEqual([]);
  });
});

describe("GET /v1/gateway filters and include=payment_status", () => {
  let account: Awaited<ReturnType<typeof newAccount>>;
  let paid: Created;
  let failed: Created;
  let untried: Created;
  let archived: Created;
  let percent: Created;
  beforeAll(async () => {
    account = await newAccount();
    archived = await createOk(account.key, { amount: 1000, shop_name: "Old shop", order_id: "A-1" });
    percent = await createOk(account.key, { amount: 1000, shop_name: "Promo 50% off", message: "soldes_hiver" });
    untried = await createOk(account.key, { amount: 2000, shop_name: "Boutique Awa", order_id: "CMD-7" });
    failed = await createOk(account.key, { amount: 3000, shop_name: "Marché", message: "Tissu wax" });
    paid = await createOk(account.key, { amount: 4000, shop_name: "Boutique Bio", order_id: "cmd-8" });
    await addAttempt(paid, "failed", 5);
    await addAttempt(paid, "success", 3);
    await addAttempt(paid, "expired", 1);
    await addAttempt(failed, "pending", 9);
    await addAttempt(failed, "failed", 2);
    await addAttempt(archived, "success", 1);
    await archive(account.key, archived.id);
  });

  const ids = (reply: Reply) => (reply.body as View[]).map((g) => g.id);
  const cases: [string, () => Created[]][] = [
    ["", () => [paid, failed, untried, percent]],
    ["?q=boutique", () => [paid, untried]],
    ["?q=CMD", () => [paid, untried]], // order_id, any case
    ["?q=cmd-7", () => [untried]], // a whole order_id
    ["?q=MD-7", () => []], // an order_id by its beginning only
    ["?q=wax", () => [failed]], // message
    ["?q=%25", () => [percent]], // a literal %, not a wildcard
    ["?q=_", () => [percent]], // a literal _, not a wildcard
    ["?q=%20%20awa%20", () => [untried]], // trimmed
    ["?q=nothing-like-this", () => []],
    ["?paid=true", () => [paid]],
    ["?paid=false", () => [failed, untried, percent]],
    ["?archived=true", () => [archived]],
    ["?archived=true&paid=true", () => [archived]],
    ["?archived=false&q=shop", () => []],
    ["?q=boutique&paid=false", () => [untried]],
  ];
  for (const [query, expected] of cases) {
    it(`lists ${query || "the live links"}`, async () => {
      const reply = await list(account.key, query);
      expect([query, reply.status, ids(reply)]).toEqual([query, 200, expected().map((g) => g.id)]);
    });
  }

  it("keeps the documented item shape unless include=payment_status is asked", async () => {
    const plain = await list(account.key, "?q=Bio");
    expect(plain.body).toEqual([viewOf(paid)]);
    const withStatus = await list(account.key, "?include=payment_status");
    expect(withStatus.body).toEqual([
      { ...viewOf(paid), payment_status: "success", attempted: true },
      { ...viewOf(failed), payment_status: "failed", attempted: true },
      { ...viewOf(untried), payment_status: "pending", attempted: false },
      { ...viewOf(percent), payment_status: "pending", attempted: false },
    ]);
  });

  it("pages filtered lists, the Link header keeping the filters", async () => {
    const first = await list(account.key, "?paid=false&include=payment_status&limit=2");
    expect(ids(first)).toEqual([failed.id, untried.id]);
    expect(first.headers.get("link")).toBe(
      `<http://kola.test/v1/gateway?paid=false&include=payment_status&limit=2&starting_after=${untried.id}>; rel="next"`,
    );
    const second = await list(account.key, `?paid=false&include=payment_status&limit=2&starting_after=${untried.id}`);
    expect([ids(second), second.headers.get("link")]).toEqual([[percent.id], null]);
  });

  const invalid: [string, Item[]][] = [
    ["?paid=maybe", [bad(["query", "paid"], "Input should be a valid boolean, unable to interpret input", "bool_parsing")]],
    ["?archived=2", [bad(["query", "archived"], "Input should be a valid boolean, unable to interpret input", "bool_parsing")]],
    ["?include=everything", [bad(["query", "include"], "Input should be 'payment_status'", "enum", { expected: "'payment_status'" })]],
    ["?q=" + "x".repeat(101), [bad(["query", "q"], "String should have at most 100 characters", "string_too_long", { max_length: 100 })]],
  ];
  it("reads booleans as pydantic does: yes/no, 1/0, on/off, any case", async () => {
    for (const [lax, strict] of [["?paid=yes", "?paid=true"], ["?paid=0", "?paid=false"], ["?archived=ON", "?archived=true"], ["?paid=No&limit=1.0", "?paid=false&limit=1"]]) {
      const [a, b] = [await list(account.key, `${lax}&include=payment_status`), await list(account.key, `${strict}&include=payment_status`)];
      expect([a.status, a.body]).toEqual([200, b.body]);
    }
  });

  for (const [query, detail] of invalid) {
    it(`answers 422 for ${query.slice(0, 20)}`, async () => {
      const reply = await list(account.key, query);
      expect([reply.status, reply.body]).toEqual([422, { detail }]);
    });
  }

  it("never shows another account's links, whatever the filter", async () => {
    const other = await newAccount();
    for (const query of ["?q=boutique", "?paid=true", "?archived=true", "?include=payment_status"]) {
      expect((await list(other.key, query)).body).toEqual([]);
    }
  });
});

describe("GET /v1/gateway/payin/{order_id}", () => {
  const cases: [string, [DepositStatus, number][], DepositStatus][] = [
    ["no attempt yet", [], "pending"],
    ["one pending attempt", [["pending", 1]], "pending"],
    ["the latest attempt failed", [["expired", 9], ["failed", 1]], "failed"],
    ["the latest attempt expired", [["failed", 9], ["expired", 1]], "expired"],
    ["a new attempt after a failure", [["failed", 9], ["pending", 1]], "pending"],
    ["success, then a later failed attempt", [["success", 9], ["failed", 1]], "success"],
    ["failures around a success", [["failed", 20], ["success", 10], ["failed", 5], ["expired", 1]], "success"],
  ];
  for (const [name, attempts, status] of cases) {
    it(`answers ${status} for ${name}`, async () => {
      const orderId = `PAYIN ${randomBytes(3).toString("hex")} #1`; // spaces and '#' travel URL-encoded
      const created = await createOk(merchant.key, { amount: 5000, shop_name: "B", order_id: orderId });
      for (const [attempt, minutesAgo] of attempts) await addAttempt(created, attempt, minutesAgo);
      const reply = await payinOf(merchant.key, orderId);
      expect([reply.status, reply.body]).toEqual([200, { order_id: orderId, status }]);
    });
  }

  it("answers 404 for an unknown order_id and 422 for one over 100 characters", async () => {
    const unknown = await payinOf(merchant.key, "NOPE-404");
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
    const long = await payinOf(merchant.key, "o".repeat(101));
    expect([long.status, long.body]).toEqual([
      422,
      { detail: [bad(["path", "order_id"], "String should have at most 100 characters", "string_too_long", { max_length: 100 })] },
    ]);
  });
});

describe("tenant isolation", () => {
  const order = { amount: 5000, shop_name: "Boutique A", message: "A's", order_id: "SHARED-ORDER" };
  let owner: Awaited<ReturnType<typeof newAccount>>;
  const ownersLinks: Created[] = []; // newest first
  const intruders: [string, () => Promise<string>][] = [
    ["another account", async () => (await newAccount()).key],
    ["the same account's live key", async () => (await createApiKey({ email: owner.email, mode: "live" })).api_key],
  ];
  beforeAll(async () => {
    owner = await newAccount();
    ownersLinks.unshift(await createOk(owner.key, order));
    await addAttempt(ownersLinks[0]!, "success");
  });

  for (const [who, keyOf] of intruders) {
    it(`${who} gets 404 for every keyed endpoint given the owner's ids, never data`, async () => {
      const key = await keyOf();
      const older = await createOk(key, { amount: 4000, shop_name: "Intruder" });
      const target = await createOk(owner.key, { amount: 6000, shop_name: "Boutique A", order_id: `A-${ownersLinks.length}` });
      ownersLinks.unshift(target);
      const attempts: [string, () => Promise<Reply>][] = [
        ["PUT", () => update(key, target.id, { shop_name: "Stolen" })],
        ["PUT amount", () => update(key, target.id, { amount: 100 })],
        ["DELETE", () => archive(key, target.id)],
        ["payin", () => payinOf(key, order.order_id)],
        ["payin", () => payinOf(key, target.order_id)],
      ];
      for (const [name, attempt] of attempts) {
        const reply = await attempt();
        expect([name, reply.status, reply.body]).toEqual([name, 404, NOT_FOUND]);
      }
      // the list holds the caller's links only; the owner's id as a cursor is an unknown cursor
      expect((await list(key)).body).toEqual([viewOf(older)]);
      expect((await list(key, `?starting_after=${target.id}`)).body).toEqual([]);
      // the owner's order_id is free for the intruder: a link of its own
      const own = await createOk(key, order);
      expect(own.id).not.toBe(ownersLinks.at(-1)!.id);
      expect((await list(key)).body).toEqual([viewOf(own), viewOf(older)]);
      expect((await payinOf(key, order.order_id)).body).toEqual({ order_id: order.order_id, status: "pending" });
    });
  }

  it("left the owner's links as they were", async () => {
    for (const link of ownersLinks) expect((await get(link.id)).body).toEqual(viewOf(link));
    expect((await list(owner.key)).body).toEqual(ownersLinks.map((l) => viewOf(l)));
    expect((await payinOf(owner.key, order.order_id)).body).toEqual({ order_id: order.order_id, status: "success" });
  });
});

describe("x-request-id", () => {
  const responses: [string, (headers: Record<string, string>) => Promise<Reply>][] = [
    ["200 create", (headers) => send(collection.POST, "POST", "/v1/gateway", { key: merchant.key, headers, json: { amount: 5000, shop_name: "B" } })],
    ["200 public get", async (headers) => get((await createOk(merchant.key)).id, { headers })],
    ["401 no key", (headers) => send(collection.GET, "GET", "/v1/gateway", { headers })],
    ["404 unknown link", (headers) => get(randomUUID(), { headers })],
    ["422 validation", (headers) => send(collection.POST, "POST", "/v1/gateway", { key: merchant.key, headers, json: {} })],
    ["405 wrong method", (headers) => send(collection.PUT, "PUT", "/v1/gateway", { key: merchant.key, headers, json: {} })],
    ["404 unknown route", (headers) => send(catchAll.GET, "GET", "/v1/nothing/here", { headers })],
  ];
  const clientIds: [string, string, (sent: string) => RegExp | string][] = [
    ["none sent: a new uuid", "", () => UUID],
    ["a valid one: echoed", "req_2026-11-22T10:15:30.123:abc", (sent) => sent],
    ["one with spaces: replaced", "not valid id", () => UUID],
    ["one of 101 characters: replaced", "x".repeat(101), () => UUID],
  ];
  for (const [status, respond] of responses) {
    for (const [name, sent, expected] of clientIds) {
      it(`${status}, ${name}`, async () => {
        const reply = await respond(sent ? { "x-request-id": sent } : {});
        const want = expected(sent);
        if (typeof want === "string") expect(reply.headers.get("x-request-id")).toBe(want);
        else expect(reply.headers.get("x-request-id")).toMatch(want);
      });
    }
  }

  it("answers 405 and the JSON 404 as FastAPI does", async () => {
    const wrong = await send(collection.PUT, "PUT", "/v1/gateway", { key: merchant.key, json: {} });
    expect([wrong.status, wrong.body]).toEqual([405, { detail: "Method Not Allowed" }]);
    const unknown = await send(catchAll.GET, "GET", "/v1/nothing/here");
    expect([unknown.status, unknown.body]).toEqual([404, { detail: "Not Found" }]);
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as marketplaceGatewayRoute from "@/app/v1/api/marketplace/gateway/[gateway_id]/route";
import * as marketplaceGatewaysRoute from "@/app/v1/api/marketplace/gateway/route";
import * as gatewayRoute from "@/app/v1/gateway/[gateway_id]/route";
import * as gatewaysRoute from "@/app/v1/gateway/route";
import * as payoutsRoute from "@/app/v1/payouts/route";
import * as previewRoute from "@/app/v1/refunds/preview/route";
import * as refundsRoute from "@/app/v1/refunds/route";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { merchantWithMarketplace } from "@/test/support/checkout";
import { MAX_AMOUNT } from "@/lib/countries/amount-limit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { call, newAccount } from "@/test/support/api";
import { deliverCallbacks, newLink, payLink, queueSandboxCallbacks } from "@/test/support/money-out";

// Hostile amounts on every endpoint that takes money: none reaches the database
// as a number it would refuse (PostgreSQL integer, 2^31 − 1), so none is a 5xx. Every amount field
// is bounded in its schema (MAX_AMOUNT, shown in the OpenAPI) and a refund's currency must be its
// payment's.

type Send = (raw: string) => Promise<{ status: number; body: unknown }>;
let endpoints: [string, Send][] = [];
let trackId = "";

beforeEach(() => queueSandboxCallbacks());
afterEach(() => setSandboxTransport(undefined));

beforeAll(async () => {
  queueSandboxCallbacks();
  const shop = await newAccount("CMR");
  const linkId = await newLink(shop.key, 5000);
  trackId = (await payLink(linkId)).trackId;
  await deliverCallbacks(); // paid: 5000 XAF available, refundable
  const market = await merchantWithMarketplace({}, {});
  const json = (key: string, fields: string) => ({ key, raw: `{${fields}}` });
  endpoints = [
    ["POST /v1/gateway amount", (v) => call(gatewaysRoute.POST, "POST", "/v1/gateway", json(shop.key, `"amount": ${v}, "shop_name": "Shop"`))],
    ["PUT /v1/gateway/{id} amount", (v) => call(gatewayRoute.PUT, "PUT", `/v1/gateway/${linkId}`, json(shop.key, `"amount": ${v}`))],
    [
      "POST /v1/api/marketplace/gateway amount",
      (v) => call(marketplaceGatewaysRoute.POST, "POST", "/v1/api/marketplace/gateway", json(market.key, `"amount": ${v}, "shop_name": "S", "phone_number": "+237699000000"`)),
    ],
    [
      "POST /v1/api/marketplace/gateway fee",
      (v) => call(marketplaceGatewaysRoute.POST, "POST", "/v1/api/marketplace/gateway", json(market.key, `"amount": 10000, "fee": ${v}, "shop_name": "S", "phone_number": "+237699000000"`)),
    ],
    ["PUT /v1/api/marketplace/gateway/{id} amount", (v) => call(marketplaceGatewayRoute.PUT, "PUT", `/v1/api/marketplace/gateway/${market.link.id}`, json(market.key, `"amount": ${v}`))],
    ["PUT /v1/api/marketplace/gateway/{id} fee", (v) => call(marketplaceGatewayRoute.PUT, "PUT", `/v1/api/marketplace/gateway/${market.link.id}`, json(market.key, `"fee": ${v}`))],
    ["POST /v1/payouts amount", (v) => call(payoutsRoute.POST, "POST", "/v1/payouts", json(shop.key, `"amount": ${v}, "operator": "MTN_MOMO_CMR", "phone_number": "670000000"`))],
    ["POST /v1/refunds amount", (v) => call(refundsRoute.POST, "POST", "/v1/refunds", json(shop.key, `"track_id": "${trackId}", "amount": ${v}`))],
    [
      "GET /v1/refunds/preview amount",
      (v) => call(previewRoute.GET, "GET", `/v1/refunds/preview?track_id=${trackId}&amount=${encodeURIComponent(/^".*"$/s.test(v) ? v.slice(1, -1) : v)}`, { key: shop.key }),
    ],
  ];
}, 120_000);

// JSON texts: the numbers a client might send by mistake or on purpose, and what is not a number
const hostile = [
  "2147483647",
  "2147483648",
  "4294967296",
  "9007199254740992",
  "9007199254740993",
  "1e20",
  "1e309",
  "-1e309",
  "-1",
  "-2147483649",
  "0",
  "0.5",
  "1.0000000001",
  '"1"',
  '"2147483648"',
  '"1e309"',
  '"-1"',
  `"${"9".repeat(400)}"`,
  `"${"x".repeat(100_000)}"`,
  "null",
  "true",
  "[]",
  "[1]",
  "{}",
  '{"amount": {"amount": 1}}',
];

describe("hostile amounts on every money endpoint", () => {
  it("never a 5xx: a 4xx in the usual error shapes (or the request's ordinary answer)", { timeout: 300_000 }, async () => {
    const fives: unknown[] = [];
    const shapes: unknown[] = [];
    for (const [name, send] of endpoints) {
      for (const value of hostile) {
        const res = await send(value);
        if (res.status >= 500) fives.push([name, value.slice(0, 40), res.status, res.body]);
        // 431: a query string of 100,000 characters is refused by the HTTP edge before any route
        else if (res.status >= 400 && res.status !== 431 && !isErrorBody(res.body)) shapes.push([name, value.slice(0, 40), res.status, res.body]);
      }
    }
    expect(fives).toEqual([]);
    expect(shapes).toEqual([]);
  });

  const le = (loc: string[], max: number) => ({ loc, msg: `Input should be less than or equal to ${max}`, type: "less_than_equal", ctx: { le: max } });
  const ge = (loc: string[], min: number) => ({ loc, msg: `Input should be greater than or equal to ${min}`, type: "greater_than_equal", ctx: { ge: min } });
  const intType = (loc: string[]) => ({ loc, msg: "Input should be a valid integer", type: "int_type" });
  const fromFloat = (loc: string[]) => ({ loc, msg: "Input should be a valid integer, got a number with a fractional part", type: "int_from_float" });
  const parsing = (loc: string[]) => ({ loc, msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing" });
  const safe = (loc: string[]) => le(loc, Number.MAX_SAFE_INTEGER); // beyond it a JSON number is no longer exact
  const amount = ["body", "amount"];
  const fee = ["body", "fee"];
  const query = ["query", "amount"];
  // [endpoint, JSON text, status, whole body]
  const cases: [string, string, number, unknown][] = [
    ["POST /v1/payouts amount", "2147483648", 422, { detail: [le(amount, MAX_AMOUNT)] }],
    ["POST /v1/payouts amount", "9007199254740993", 422, { detail: [safe(amount), le(amount, MAX_AMOUNT)] }],
    ["POST /v1/payouts amount", '"2147483648"', 422, { detail: [le(amount, MAX_AMOUNT)] }],
    ["POST /v1/payouts amount", "-1", 422, { detail: [ge(amount, 1)] }],
    ["POST /v1/payouts amount", "0.5", 422, { detail: [fromFloat(amount)] }],
    ["POST /v1/payouts amount", "1e309", 422, { detail: [fromFloat(amount)] }], // JSON.parse reads it as Infinity
    ["POST /v1/payouts amount", "null", 422, { detail: [intType(amount)] }],
    ["POST /v1/payouts amount", `"${"9".repeat(400)}"`, 422, { detail: [fromFloat(amount)] }], // read as Infinity too
    ["POST /v1/payouts amount", '"abc"', 422, { detail: [parsing(amount)] }],
    ["POST /v1/payouts amount", '{"amount": 1}', 422, { detail: [intType(amount)] }],
    ["POST /v1/refunds amount", "2147483648", 422, { detail: [le(amount, MAX_AMOUNT)] }],
    ["POST /v1/refunds amount", "9007199254740992", 422, { detail: [safe(amount), le(amount, MAX_AMOUNT)] }],
    ["POST /v1/refunds amount", "-1", 422, { detail: [ge(amount, 1)] }],
    ["POST /v1/refunds amount", "0.5", 422, { detail: [fromFloat(amount)] }],
    ["POST /v1/refunds amount", "[1]", 422, { detail: [intType(amount)] }],
    ["GET /v1/refunds/preview amount", "2147483648", 422, { detail: [le(query, MAX_AMOUNT)] }],
    ["POST /v1/api/marketplace/gateway fee", "2147483648", 422, { detail: [le(fee, MAX_AMOUNT)] }],
    ["PUT /v1/api/marketplace/gateway/{id} fee", "4294967296", 422, { detail: [le(fee, MAX_AMOUNT)] }],
    ["PUT /v1/api/marketplace/gateway/{id} fee", "-1", 422, { detail: [ge(fee, 0)] }],
    ["POST /v1/gateway amount", "2147483648", 422, { detail: [le(amount, 10_000_000)] }],
    ["POST /v1/gateway amount", "1e309", 422, { detail: [fromFloat(amount)] }],
    ["PUT /v1/gateway/{id} amount", "9007199254740992", 422, { detail: [safe(amount)] }],
    ["POST /v1/api/marketplace/gateway amount", "2147483648", 422, { detail: [le(amount, 10_000_000)] }],
  ];
  it.each(cases)("%s = %s: %i", async (name, value, status, body) => {
    const send = endpoints.find(([n]) => n === name)![1];
    const res = await send(value);
    expect([res.status, res.body]).toEqual([status, body]);
  });
});

it("the OpenAPI shows every request amount's bounds, within MAX_AMOUNT", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document walked by key
  type Json = any;
  const doc = buildOpenApiDocument() as unknown as Json;
  const found: [string, unknown, unknown][] = [];
  const walk = (node: Json, path: string) => {
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node) as [string, Json][]) {
      // an optional field of a JSON body is documented as `anyOf: [T, null]` (null reads as not given)
      const integer = v?.type === "integer" ? v : v?.anyOf?.find((s: Json) => s?.type === "integer");
      if ((/(^|_)(amount|price)$/.test(k) || k === "fee") && integer && path.includes("requestBody")) found.push([`${path.split(".")[1]} ${k}`, integer.minimum, integer.maximum]);
      if (v?.name === "amount" && v.schema) found.push([`${path.split(".")[1]} query amount`, v.schema.minimum, v.schema.maximum]);
      walk(v, `${path}.${k}`);
    }
  };
  walk(doc.paths!, "paths");
  expect(found.sort()).toEqual(
    [
      ["/v1/api/marketplace/gateway amount", 1, MAX_AMOUNT],
      ["/v1/api/marketplace/gateway fee", 0, MAX_AMOUNT],
      ["/v1/api/marketplace/gateway/{gateway_id} amount", 1, MAX_AMOUNT],
      ["/v1/api/marketplace/gateway/{gateway_id} fee", 0, MAX_AMOUNT],
      ["/v1/gateway amount", 1, MAX_AMOUNT],
      ["/v1/gateway/{gateway_id} amount", 1, MAX_AMOUNT],
      ["/v1/invoices min_part_amount", 1, MAX_AMOUNT],
      ["/v1/invoices unit_price", 1, MAX_AMOUNT],
      ["/v1/payment-pages amount", 1, MAX_AMOUNT],
      ["/v1/payment-pages max_amount", 1, MAX_AMOUNT],
      ["/v1/payment-pages min_amount", 1, MAX_AMOUNT],
      ["/v1/payment-pages/{page_id} amount", 1, MAX_AMOUNT],
      ["/v1/payment-pages/{page_id} max_amount", 1, MAX_AMOUNT],
      ["/v1/payment-pages/{page_id} min_amount", 1, MAX_AMOUNT],
      ["/v1/payment-requests amount", 1, MAX_AMOUNT],
      ["/v1/payouts amount", 1, MAX_AMOUNT],
      ["/v1/refunds amount", 1, MAX_AMOUNT],
      ["/v1/refunds/preview query amount", 1, MAX_AMOUNT],
      ["/v1/stalls max_amount", 1, MAX_AMOUNT],
      ["/v1/stalls min_amount", 1, MAX_AMOUNT],
      ["/v1/stalls/{stall_id} max_amount", 1, MAX_AMOUNT],
      ["/v1/stalls/{stall_id} min_amount", 1, MAX_AMOUNT],
    ].sort(),
  );
  expect(2 * MAX_AMOUNT).toBeLessThan(2 ** 31 - 1); // an amount plus a fee fits a PostgreSQL integer
});

describe("a refund's currency", () => {
  const post = (json: Record<string, unknown>) => call(refundsRoute.POST, "POST", "/v1/refunds", { key: keyOf(), json });
  let shopKey = "";
  const keyOf = () => shopKey;
  let paid = "";
  beforeAll(async () => {
    queueSandboxCallbacks();
    const shop = await newAccount("CMR");
    shopKey = shop.key;
    paid = (await payLink(await newLink(shop.key, 5000))).trackId;
    await deliverCallbacks();
  }, 60_000);

  it.each([
    ["XOF", { detail: [{ loc: ["body", "currency"], msg: "The payment was made in XAF", type: "value_error" }] }],
    ["xaf", { detail: [{ loc: ["body", "currency"], msg: "The payment was made in XAF", type: "value_error" }] }],
    ["EURO", { detail: [{ loc: ["body", "currency"], msg: "String should have at most 3 characters", type: "string_too_long", ctx: { max_length: 3 } }] }],
  ])("another currency (%s) is refused: 422, nothing refunded", async (currency, body) => {
    const res = await post({ track_id: paid, amount: 100, currency });
    expect([res.status, res.body]).toEqual([422, body]);
  });

  it("the payment's own currency is accepted", async () => {
    const res = await post({ track_id: paid, amount: 100, currency: "XAF" });
    expect([res.status, (res.body as { amount: number; currency: string }).amount, (res.body as { currency: string }).currency]).toEqual([200, 100, "XAF"]);
  });
});

/** One of the two error shapes of the API: {detail: {message, type}} or FastAPI's {detail: [items]}. */
function isErrorBody(body: unknown): boolean {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) return detail.length > 0 && detail.every((i: { loc?: unknown; msg?: unknown; type?: unknown }) => Array.isArray(i.loc) && typeof i.msg === "string" && typeof i.type === "string");
  return typeof detail === "object" && detail !== null && typeof (detail as { type?: unknown }).type === "string" && typeof (detail as { message?: unknown }).message === "string";
}

import Ajv2020 from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "@/lib/accounts/sessions";
import { call, newAccount, type Reply } from "@/test/support/api";
import { routeFileOf } from "@/test/support/route-files";
import { buildOpenApiDocument } from "./openapi";
import { inlineRefs } from "@/test/support/openapi-inline";

// The reference states the rules the server enforces, and its examples are requests the server
// takes. Table-driven over the document itself: every request body example goes to the real route
// handler on a real database, and values on both sides of each rule are judged by the document's
// JSON Schema (Ajv, draft 2020-12) and by the server alike.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = buildOpenApiDocument() as Json;
const METHODS = ["get", "post", "put", "patch", "delete"];

const inline = (value: unknown) => inlineRefs(doc, value);

type BodyCase = { method: string; path: string; kind: "json" | "multipart"; schema: Json; example: Json | undefined; auth: "key" | "session" };
const bodies: BodyCase[] = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]?.requestBody).map((method) => {
    const content = item[method].requestBody.content as Json;
    const kind = content["application/json"] ? "json" : "multipart";
    const media = content[kind === "json" ? "application/json" : "multipart/form-data"];
    const auth: "key" | "session" = item[method].security.length ? "key" : "session";
    return { method: method.toUpperCase(), path, kind, schema: inline(media.schema) as Json, example: media.example, auth };
  }),
);

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false }); // formats are annotations in 2020-12
const documentAccepts = (schema: Json, value: unknown) => ajv.validate(schema, value);

let account: Awaited<ReturnType<typeof newAccount>>;
let cookie: string;
/** Ids made by earlier examples, by collection path: `/v1/gateway/{gateway_id}` takes the link POST /v1/gateway made. */
const made = new Map<string, string>();

beforeAll(async () => {
  account = await newAccount("CMR");
  cookie = `${SESSION_COOKIE}=${(await createSession(account.accountId)).token}`;
});

/** Sends `body` to the real handler of the operation, as its documented caller would. */
async function sendBody(c: BodyCase, body: Json): Promise<Reply> {
  const route = routeFileOf(c.path);
  if (!route) throw new Error(`no route file serves ${c.path}`);
  const handler = (await route.load())[c.method as "POST"];
  if (!handler) throw new Error(`${route.file} has no ${c.method}`);
  const path = c.path.replace(/\/\{\w+\}$/, "").replace(/\{\w+\}/g, "x");
  const concrete = c.path.replace(/\{\w+\}/g, () => made.get(path) ?? "00000000-0000-4000-8000-000000000000");
  const headers: Record<string, string> =
    c.auth === "key" ? {} : { cookie, "kola-mode": "test", origin: "http://kola.test" };
  const key = c.auth === "key" ? account.key : null;
  if (c.kind === "json") return call(handler, c.method, concrete, { key, headers, json: body });
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.set(name, String(value));
  return call(handler, c.method, concrete, { key, headers, form });
}

/** Examples that need money this fresh test account does not have: what they answer instead of 200. */
const needsState: Record<string, [number, string]> = {
  "POST /v1/refunds": [404, "DEPOSIT_NOT_FOUND"], // refunds a payment the example's reader has made
  "POST /v1/payouts": [409, "INSUFFICIENT_BALANCE"], // withdraws from an available balance
  "PATCH /v1/members/{member_id}": [404, "MEMBER_NOT_FOUND"], // changes the role of a member the reader invited
  "PATCH /v1/payouts/{payout_id}": [404, "PAYOUT_NOT_FOUND"], // redirects a seller payout that failed
  "PATCH /v1/sellers/{seller_id}": [404, "SELLER_NOT_FOUND"], // a seller is made by a marketplace sale
  "POST /v1/sellers/{seller_id}/release": [404, "SELLER_NOT_FOUND"],
  "POST /v1/payment-requests/{request_id}/resend": [404, "PAYMENT_REQUEST_NOT_FOUND"], // sends again a request the reader made
  "POST /v1/account/phones": [503, "SMS_UNAVAILABLE"], // sends a code by SMS: the tests' server sends none
  "POST /v1/account/phones/{phone_id}/verify": [404, "PHONE_NOT_FOUND"], // verifies a number the reader added
  "PATCH /v1/account/phones/{phone_id}": [404, "PHONE_NOT_FOUND"],
  "POST /v1/customers/{customer_id}/merge": [404, "CUSTOMER_NOT_FOUND"], // merges a second record of the reader's book into the first
};

describe("request body examples (in the document's order: a link exists before it is updated)", () => {
  it("every operation with a body has one", () => {
    expect(bodies.filter((c) => !c.example).map((c) => `${c.method} ${c.path}`)).toEqual([]);
    expect(bodies.length).toBeGreaterThanOrEqual(8);
  });

  for (const c of bodies) {
    it(`${c.method} ${c.path}: the document's schema and the server both take it`, async () => {
      expect(documentAccepts(c.schema, c.example), JSON.stringify(ajv.errors)).toBe(true);
      const reply = await sendBody(c, c.example!);
      const needs = needsState[`${c.method} ${c.path}`];
      if (needs) {
        // a valid request that this new account cannot carry out: the answer is the business rule's, not a 422
        expect([reply.status, (reply.body as { detail?: { type?: string } }).detail?.type]).toEqual(needs);
        return;
      }
      expect([reply.status, reply.body]).toEqual([200, expect.anything()]);
      const id = (reply.body as { id?: unknown }).id;
      if (c.method === "POST" && typeof id === "string") made.set(c.path, id);
    });
  }
});

// Each rule from both sides: a value the document refuses, the server refuses (422), and the other
// way round. Where the bound depends on the account's currency (XAF: from 100), the document gives
// the widest bounds and the per-currency ones in words; the cases here stay where both agree.
const rules: [string, string, string, unknown, boolean][] = [
  ["POST", "/v1/gateway", "amount", 100, true],
  ["POST", "/v1/gateway", "amount", 0, false],
  ["POST", "/v1/gateway", "amount", 10_000_000, true],
  ["POST", "/v1/gateway", "amount", 1_000_000_001, false],
  ["POST", "/v1/gateway", "shop_name", "B", true],
  ["POST", "/v1/gateway", "shop_name", "", false],
  ["POST", "/v1/gateway", "shop_name", "b".repeat(101), false],
  ["POST", "/v1/gateway", "message", "m".repeat(501), false],
  ["POST", "/v1/gateway", "order_id", "commande n°42 — été", true],
  ["POST", "/v1/gateway", "order_id", "2026/42", false],
  ["POST", "/v1/gateway", "order_id", "a\nb", false],
  ["POST", "/v1/gateway", "success_url", "", true],
  ["POST", "/v1/gateway", "success_url", "http://localhost:3000/ok?order=42", true],
  ["POST", "/v1/gateway", "success_url", "ftp://shop.example/ok", false],
  ["POST", "/v1/gateway", "success_url", "shop.example/ok", false],
  ["POST", "/v1/gateway", "success_url", "https://shop.example/a b", false],
  ["POST", "/v1/gateway", "failure_url", `https://shop.example/${"u".repeat(2048)}`, false],
  ["PATCH", "/v1/api/marketplace/", "color", "#ABC", true],
  ["PATCH", "/v1/api/marketplace/", "color", "#0f766e", true],
  ["PATCH", "/v1/api/marketplace/", "color", "red", false],
  ["PATCH", "/v1/api/marketplace/", "color", "#12345", false],
  ["PATCH", "/v1/api/marketplace/", "fee", "0", true],
  ["PATCH", "/v1/api/marketplace/", "fee", "05", true],
  ["PATCH", "/v1/api/marketplace/", "fee", "12.5", true],
  ["PATCH", "/v1/api/marketplace/", "fee", "50.00", true],
  ["PATCH", "/v1/api/marketplace/", "fee", "50.01", false],
  ["PATCH", "/v1/api/marketplace/", "fee", "51", false],
  ["PATCH", "/v1/api/marketplace/", "fee", "5,5", false],
  ["PATCH", "/v1/api/marketplace/", "fee", "12.345", false],
  ["PATCH", "/v1/api/marketplace/", "logo", "https://cdn.example/logo.png", true],
  ["PATCH", "/v1/api/marketplace/", "logo", "http://cdn.example/logo.png", false],
  ["PATCH", "/v1/api/marketplace/", "favicon", "logo.png", false],
  ["PATCH", "/v1/api/marketplace/", "name", "n".repeat(81), false],
  ["PATCH", "/v1/api/marketplace/", "is_active", "maybe", false],
  ["POST", "/v1/api/marketplace/gateway", "fee", 0, true],
  ["POST", "/v1/api/marketplace/gateway", "fee", -1, false],
  ["POST", "/v1/api/marketplace/gateway", "amount", 1_000_000_001, false],
  ["POST", "/v1/webhooks", "url", "http://127.0.0.1:9/hook", true],
  ["POST", "/v1/webhooks", "url", "", false],
  ["POST", "/v1/webhooks", "url", "mailto:ops@shop.example", false],
  ["POST", "/v1/webhooks", "event_types", ["payment.refunded"], false],
  // a schema fuzzer's finds: what the server took and the document refused
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "shop_name", " Atelier Fatou ", true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "shop_name", "Atelier Fatou\n", true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "shop_name", `${"a".repeat(100)} `, false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "shop_name", "   ", false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "shop_name", "Atelier\nFatou", false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "shop_name", "\u202eAtelier", false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "shop_name", null, true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "amount", null, true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "fee", null, true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "message", null, true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "phone_number", null, true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", "https://cdn.example/awa/favicon.ico", true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", "", true],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", null, false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", " https://cdn.example/awa/favicon.ico", false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", "HTTPS://cdn.example/awa/favicon.ico", false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", "https:cdn.example/awa/favicon.ico", false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", "https://cdn.example/a b.ico", false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", "https://cdn.example/a\u001fb.ico", false],
  ["PUT", "/v1/api/marketplace/gateway/{gateway_id}", "favicon", "http://cdn.example/favicon.ico", false],
  ["PATCH", "/v1/account", "country", null, false],
  ["PATCH", "/v1/account", "country", "CMR", true],
  ["PATCH", "/v1/account", "business_name", null, true],
  ["PATCH", "/v1/account", "business_name", "Boutique\r\nBcc: x@evil.example", false],
  ["POST", "/v1/gateway", "shop_name", "Boutique\u2028Awa", false],
  ["POST", "/v1/gateway", "message", null, true],
];

describe("rules, judged alike by the document and the server", () => {
  it.each(rules)("%s %s with %s = %j: accepted %s", async (method, path, field, value, accepted) => {
    const c = bodies.find((b) => b.method === method && b.path === path)!;
    // the example's order_id is taken by now: another link needs none (or its own)
    const body = { ...c.example, ...("order_id" in c.example! ? { order_id: "" } : {}), [field]: value };
    expect(documentAccepts(c.schema, body), "the document").toBe(accepted);
    const reply = await sendBody(c, body);
    if (accepted) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    else expect([reply.status, (reply.body as Json).detail?.[0]?.loc.slice(0, 2)]).toEqual([422, ["body", field]]);
  });
});

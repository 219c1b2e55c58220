import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as openapiRoute from "@/app/v1/openapi.json/route";
import * as sellersRoute from "@/app/v1/sellers/route";
import { createSession, SESSION_COOKIE } from "@/lib/accounts/sessions";
import { deliverCallbacks, depositByTrackId, newLink, payLink, queueSandboxCallbacks } from "@/test/support/money-out";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { marketplaceWithHold, sale } from "@/test/support/sellers";
import { call, type Reply } from "@/test/support/api";
import { routeFileOf } from "@/test/support/route-files";
import { inlineRefs } from "@/test/support/openapi-inline";
import { addMember } from "@/test/support/accounts";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { stalls } from "@/lib/db/schema";

// Every rule the server enforces on input is in the published document. Bodies are
// generated from GET /v1/openapi.json alone (type, format, pattern, enum, const, anyOf, bounds,
// examples, the amount bounds by currency) for every operation with a JSON body: the required
// fields only, every optional field at once, and each optional field alone, each in two variants.
// Every one must be accepted (2xx) by the server. The only values not taken from the document are
// the caller's own data, which no document can know: its currency, its payments' track_ids, its
// wallet (phone and operator), and the ids in paths.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let doc: Json;
let m: Awaited<ReturnType<typeof marketplaceWithHold>>;
let cookie: string;
/** The caller's own data, by field name: what a real client fills in from its own records. */
const own: Record<string, (operation: string, body: Json) => Promise<unknown> | unknown> = {};
/** Ids for path parameters, by parameter name (and operation). */
const ids: Record<string, (operation: string) => Promise<string> | string> = {};

beforeAll(async () => {
  queueSandboxCallbacks();
  doc = (await call(openapiRoute.GET, "GET", "/v1/openapi.json")).body as Json;
  // a merchant with available money (a paid link), a marketplace link, and one sale (a seller)
  m = await marketplaceWithHold(30);
  await sale((m.link as { id: string }).id);
  cookie = `${SESSION_COOKIE}=${(await createSession(m.accountId)).token}`;
  const seller = ((await call(sellersRoute.GET, "GET", "/v1/sellers", { key: m.key })).body as { id: string }[])[0]!;
  const linkId = (m.link as { id: string }).id;
  own.currency = () => "XAF"; // the account's (Cameroon)
  own.country = () => "CMR"; // a country of the account's currency
  // the caller's wallet (and its operator); on a marketplace link, its seller's (the seller released below)
  // a request to pay rings a number at most 5 times in 10 minutes, a customer is one per number: each generated one its own number
  let rung = 0;
  own.phone_number = (operation) =>
    operation.includes("/marketplace/gateway") ? "+237 6 99 00 00 00" : operation === "POST /v1/payment-requests" || operation === "POST /v1/customers" ? `+237 6 77 ${String(++rung).padStart(6, "0")}` : "+237 6 77 00 00 00";
  own.operator = () => "MTN_MOMO_CMR";
  // a payment of the caller's, fresh each time (a refund may take it all): a marketplace sale where
  // a seller's share is named or released, else a paid payment link
  own.track_id = async (operation, body) => {
    const pending = operation.endsWith("/release") || body.seller_share !== undefined ? await sale(linkId) : await payLink(await newLink(m.key, 5000));
    return (await settled(pending.trackId)).trackId;
  };
  ids.gateway_id = (operation) => (operation.includes("/marketplace/") ? linkId : newLink(m.key, 5000));
  ids.seller_id = () => seller.id;
  // a stall's cashier: a member of role cashier of the account, one per stall (one open stall each)
  own.user_id = async () => (await addMember(m.accountId, "cashier")).userId;
  ids.stall_id = async () => ((await send("POST", "/v1/stalls", { min_amount: 100, max_amount: 1000, user_id: (await addMember(m.accountId, "cashier")).userId })).body as { id: string }).id;
  // a customer of the caller's book, fresh each time (a merge marks the other one merged)
  const newCustomer = async () => ((await send("POST", "/v1/customers", { phone_number: `+237 6 78 ${String(++rung).padStart(6, "0")}` })).body as { id: string }).id;
  ids.customer_id = newCustomer;
  own.customer_id = newCustomer;
  // a payment page of the caller's, fresh each time (a change may cap it)
  ids.page_id = async () => ((await send("POST", "/v1/payment-pages", { title: "Cotisation", amount_type: "custom" })).body as { id: string }).id;
  const webhook = await send("POST", "/v1/webhooks", { url: "http://127.0.0.1:9/hook" });
  ids.webhook_id = () => (webhook.body as { id: string }).id;
}, 240_000);

afterAll(() => setSandboxTransport(undefined));

/** The deposit once the sandbox's success is delivered (its timer may fire late on a busy machine). */
async function settled(trackId: string) {
  for (let tries = 0; tries < 100; tries++) {
    await deliverCallbacks();
    const deposit = await depositByTrackId(trackId);
    if (deposit.status !== "pending") return deposit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${trackId} still pending`);
}

const inline = (value: unknown) => inlineRefs(doc, value);

// Strings for a pattern: the first candidate that the schema's pattern, length and format accept.
const CANDIDATES = [
  "Boutique Awa",
  "https://shop.example/merci?commande=42",
  "http://127.0.0.1:9/hook",
  "https://cdn.example.com/awa/logo.png",
  "#0f766e",
  "12.5",
  "3",
  "CMD-42",
  "awa@example.com",
  "",
];

function stringFor(schema: Json, variant: number): string {
  const fits = (s: string) =>
    (schema.minLength === undefined || s.length >= schema.minLength) &&
    (schema.maxLength === undefined || s.length <= schema.maxLength) &&
    (schema.pattern === undefined || new RegExp(schema.pattern, "u").test(s)) &&
    (schema.format !== "uri" || /^https?:\/\//.test(s)) &&
    (schema.format !== "email" || s.includes("@")) &&
    (!schema.anyOf || (schema.anyOf as Json[]).some((branch) => branch.const === s || (branch.format === "uri" && new RegExp(branch.pattern ?? "", "u").test(s))));
  const ordered = variant % 2 ? [...CANDIDATES].reverse() : CANDIDATES;
  const found = ordered.find(fits);
  if (found === undefined) throw new Error(`no candidate string fits ${JSON.stringify(schema)}`);
  return found;
}

/** A value the schema accepts; `variant` picks among the valid ones. */
function sample(schema: Json, variant: number, name: string): unknown {
  if (schema.examples?.length) return schema.examples[variant % schema.examples.length];
  if ("const" in schema) return schema.const;
  if (schema.enum) return schema.enum[variant % schema.enum.length];
  if (schema.contentMediaType === "application/json" && schema.contentSchema) return JSON.stringify(sample(schema.contentSchema, variant, name));
  // `null` (an optional field not given) has cases of its own: here, the values
  if (Array.isArray(schema.type)) return sample({ ...schema, type: schema.type.find((type: string) => type !== "null") }, variant, name);
  if (schema.anyOf && !schema.type) {
    const branches = (schema.anyOf as Json[]).filter((branch) => branch.type !== "null");
    return sample(branches[variant % branches.length] ?? {}, variant, name);
  }
  switch (schema.type) {
    case "string":
      return stringFor(schema, variant);
    case "integer":
    case "number": {
      const bounds = schema["x-bounds-by-currency"]?.XAF ?? schema;
      const min = bounds.minimum ?? 0;
      const max = bounds.maximum ?? min + 1000;
      // a negative minimum (days before a date): ten times it would pass below it, so 10 (as for 0)
      return variant % 2 ? Math.min(max, min > 0 ? min * 10 : 10) : min;
    }
    case "boolean":
      return variant % 2 === 0;
    case "array": {
      const count = Math.max(schema.minItems ?? 0, variant % 2);
      return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, (_, i) => sample(schema.items ?? {}, variant + i, name));
    }
    case "object":
      return objectOf(schema, variant, Object.keys(schema.properties ?? {}));
    default:
      return "x";
  }
}

function objectOf(schema: Json, variant: number, fields: string[]): Json {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const body: Json = {};
  for (const name of fields) body[name] = sample(properties[name] ?? {}, variant, name);
  // if/then (a select block needs its options): the document's own condition, applied
  if (schema.if && schema.then) {
    const condition = (schema.if.properties ?? {}) as Record<string, Json>;
    if (Object.entries(condition).every(([k, c]) => body[k] === c.const)) {
      for (const name of schema.then.required ?? []) if (!(name in body)) body[name] = sample(properties[name] ?? {}, variant, name);
    }
  }
  return body;
}

type Case = { method: string; path: string; auth: "key" | "session"; name: string; fields: string[]; variant: number; schema: Json; nulls?: string[] };

/** The optional fields the document says may be `null` (not given). */
const nullable = (schema: Json, fields: string[]) =>
  fields.filter((k) => {
    const field = (schema.properties?.[k] ?? {}) as Json;
    return (Array.isArray(field.type) && field.type.includes("null")) || ((field.anyOf ?? []) as Json[]).some((branch) => branch.type === "null");
  });

function cases(): Case[] {
  const all: Case[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of ["post", "put", "patch"]) {
      const media = item[method]?.requestBody?.content?.["application/json"];
      if (!media) continue;
      const schema = inline(media.schema) as Json;
      const required = (schema.required ?? []) as string[];
      const optional = Object.keys(schema.properties ?? {}).filter((k) => !required.includes(k));
      const sets: [string, string[]][] = [
        ["required fields only", required],
        ["every field", [...required, ...optional]],
        ...optional.map((k): [string, string[]] => [`with ${k}`, [...required, k]]),
      ];
      const auth = item[method].security.length ? "key" : "session";
      for (const [name, fields] of sets) {
        for (const variant of [0, 1]) all.push({ method: method.toUpperCase(), path, auth, name: `${name} (variant ${variant})`, fields, variant, schema });
      }
      const nulls = nullable(schema, optional);
      if (nulls.length) all.push({ method: method.toUpperCase(), path, auth, name: "every nullable field null", fields: required, variant: 0, schema, nulls });
    }
  }
  return all;
}

/** A request to a path without parameters. */
const send = (method: string, path: string, body: Json): Promise<Reply> => sendTo(method, path, path, body, "key");

async function sendTo(method: string, template: string, concrete: string, body: Json, auth: "key" | "session"): Promise<Reply> {
  const route = routeFileOf(template);
  if (!route) throw new Error(`no route file serves ${template}`);
  const handler = (await route.load())[method as "POST"];
  if (!handler) throw new Error(`${route.file} has no ${method}`);
  const headers: Record<string, string> = auth === "key" ? {} : { cookie, "kola-mode": "test", origin: "http://kola.test" };
  return call(handler, method, concrete, { key: auth === "key" ? m.key : null, headers, json: body });
}

/** Operations whose valid body meets a state this test does not build: the business answer, never a 422. */
const needsState: Record<string, string> = {
  "PATCH /v1/payouts/{payout_id}": "PAYOUT_NOT_FOUND", // redirects a seller payout that failed
  "PATCH /v1/members/{member_id}": "MEMBER_NOT_FOUND", // changes the role of a member the owner invited
  "POST /v1/payment-requests/{request_id}/resend": "PAYMENT_REQUEST_NOT_FOUND", // sends again a request that failed
  "POST /v1/account/phones": "SMS_UNAVAILABLE", // sends a code by SMS: this server sends none
  "POST /v1/account/phones/{phone_id}/verify": "PHONE_NOT_FOUND", // verifies a number the account added
  "PATCH /v1/account/phones/{phone_id}": "PHONE_NOT_FOUND",
};

describe("bodies generated from the published document", () => {
  it("cover every operation with a JSON body", () => {
    const operations = new Set(cases().map((c) => `${c.method} ${c.path}`));
    expect(operations.size).toBeGreaterThanOrEqual(14);
  });

  it("are all accepted by the server", { timeout: 600_000 }, async () => {
    const refused: unknown[] = [];
    let tried = 0;
    for (const c of cases()) {
      const body = objectOf(c.schema, c.variant, c.fields);
      for (const name of c.nulls ?? []) body[name] = null;
      const operation = `${c.method} ${c.path}`;
      for (const name of c.fields) if (own[name]) body[name] = await own[name]!(operation, body);
      // a link's order_id is held by one live link: each generated link gets its own
      if (typeof body.order_id === "string" && body.order_id) body.order_id = `${body.order_id}-${tried}`;
      // an address gets at most 3 invitation mails an hour from one account: each generated invitation its own
      if (operation === "POST /v1/invitations" && typeof body.email === "string") body.email = body.email.replace("@", `+${tried}@`);
      // one open stall per account: the account's own is archived before another is opened
      if (operation === "POST /v1/stalls" && (body.user_id === undefined || body.user_id === null)) {
        await (await getDb()).update(stalls).set({ archivedAt: new Date() }).where(and(eq(stalls.accountId, m.accountId), isNull(stalls.userId), isNull(stalls.archivedAt)));
      }
      let concrete = c.path;
      for (const [, param] of c.path.matchAll(/\{(\w+)\}/g)) {
        concrete = concrete.replace(`{${param}}`, ids[param!] ? await ids[param!]!(operation) : "00000000-0000-4000-8000-000000000000");
      }
      const reply = await sendTo(c.method, c.path, concrete, body, c.auth);
      tried++;
      const expected = needsState[operation];
      const type = (reply.body as { detail?: { type?: string } } | null)?.detail?.type;
      const ok = expected ? type === expected : reply.status >= 200 && reply.status < 300;
      if (!ok) refused.push({ operation, case: c.name, body, status: reply.status, answer: reply.body });
    }
    expect(refused).toEqual([]);
    expect(tried).toBeGreaterThan(100);
  });
});

import { createHash, randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/gateway/route";
import * as item from "@/app/v1/gateway/[gateway_id]/route";
import * as marketplace from "@/app/v1/api/marketplace/route";
import * as getFile from "@/app/files/[key]/route";
import * as apiKeys from "@/app/v1/api-keys/route";
import * as apiKey from "@/app/v1/api-keys/[key_id]/route";
import * as marketplaceGateway from "@/app/v1/api/marketplace/gateway/route";
import * as webhooks from "@/app/v1/webhooks/route";
import * as webhookItem from "@/app/v1/webhooks/[webhook_id]/route";
import * as rotate from "@/app/v1/webhooks/[webhook_id]/rotate-secret/route";
import * as webhookTest from "@/app/v1/webhooks/[webhook_id]/test/route";
import * as resend from "@/app/v1/webhooks/[webhook_id]/deliveries/[delivery_id]/resend/route";
import { createSession, SESSION_COOKIE } from "@/lib/accounts/sessions";
import { createApiKey } from "@/lib/accounts/create-account";
import { dbKind, getDb } from "@/lib/db/client";
import { files, idempotencyKeys, paymentGateways } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { presentCreated } from "@/lib/gateways/present";
import { gatewayOperations } from "@/lib/gateways/schemas";
import { route } from "@/lib/api/route";
import { call, newAccount, type Reply } from "@/test/support/api";
import { file, png, storedKeys, tempDataDir } from "@/test/support/files";

const data = tempDataDir();

// Idempotency-Key on mutating requests (DESIGN §9), through the real route wrapper and database.

const REUSED = {
  detail: { message: "This Idempotency-Key was already used with another request body", type: "IDEMPOTENCY_KEY_REUSED" },
};
const IN_USE = {
  detail: { message: "A request with this Idempotency-Key is still being processed; retry later", type: "IDEMPOTENCY_KEY_IN_USE" },
};
const BODY = { amount: 5000, shop_name: "Boutique", order_id: "" };

const post = (key: string, idempotencyKey: string | null, json: unknown = BODY) =>
  call(collection.POST, "POST", "/v1/gateway", {
    key,
    json,
    headers: idempotencyKey === null ? {} : { "idempotency-key": idempotencyKey },
  });

const replayed = (reply: Reply) => reply.headers.get("idempotent-replayed");

async function linksOf(accountId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(paymentGateways).where(eq(paymentGateways.accountId, accountId));
  return row!.n;
}

/** A key row as a request still running would leave it: its body's hash, no response yet. */
async function inFlight(accountId: string, key: string, json: unknown, startedMinutesAgo = 0) {
  const requestHash = createHash("sha256").update(`POST /v1/gateway\n${JSON.stringify(json)}`).digest("hex");
  const db = await getDb();
  await db.insert(idempotencyKeys).values({
    accountId,
    mode: "test",
    key,
    requestHash,
    createdAt: new Date(Date.now() - startedMinutesAgo * 60_000),
  });
}

describe("Idempotency-Key on POST /v1/gateway", () => {
  it("replays the stored response for the same key and body, without creating a second link", async () => {
    const { key, accountId } = await newAccount();
    const first = await post(key, "order-7-attempt");
    expect([first.status, replayed(first)]).toEqual([200, null]);
    for (let i = 0; i < 2; i++) {
      const again = await post(key, "order-7-attempt");
      expect([again.status, again.body, replayed(again)]).toEqual([200, first.body, "true"]);
      expect(again.headers.get("content-type")).toBe("application/json");
      expect(again.headers.get("x-request-id")).toBeTruthy();
    }
    expect(await linksOf(accountId)).toBe(1);
  });

  it("without a key (or with an empty one), every request creates a link", async () => {
    const { key, accountId } = await newAccount();
    const a = await post(key, null);
    const b = await post(key, "");
    expect((a.body as { id: string }).id).not.toBe((b.body as { id: string }).id);
    expect([replayed(a), replayed(b)]).toEqual([null, null]);
    expect(await linksOf(accountId)).toBe(2);
  });

  // Every stored answer below 500 is replayed, errors included: the client learns the same thing twice.
  const replays: [string, unknown, number, unknown][] = [
    ["a 200", BODY, 200, expect.objectContaining({ amount: 5000, shop_name: "Boutique", order_id: "" })],
    ["a 422 from the schema", { amount: "x", shop_name: "" }, 422, {
      detail: [
        { loc: ["body", "amount"], msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing" },
        { loc: ["body", "shop_name"], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } },
      ],
    }],
    ["a 422 from the amount bounds", { amount: 99, shop_name: "B" }, 422, {
      detail: [{ loc: ["body", "amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal", ctx: { ge: 100 } }],
    }],
    ["a 409 ORDER_ID_CONFLICT", { amount: 6000, shop_name: "B", order_id: "TAKEN" }, 409, {
      detail: { message: "A payment link with this order_id already exists with other values", type: "ORDER_ID_CONFLICT" },
    }],
  ];
  for (const [name, json, status, body] of replays) {
    it(`replays ${name}`, async () => {
      const { key, accountId } = await newAccount();
      await post(key, null, { amount: 5000, shop_name: "B", order_id: "TAKEN" });
      const first = await post(key, "k-1", json);
      expect([first.status, first.body, replayed(first)]).toEqual([status, body, null]);
      const again = await post(key, "k-1", json);
      expect([again.status, again.body, replayed(again)]).toEqual([status, first.body, "true"]);
      expect(await linksOf(accountId)).toBe(status === 200 ? 2 : 1);
    });
  }

  const otherRequests: [string, (key: string, id: string) => Promise<Reply>][] = [
    ["another amount", (key) => post(key, "shared", { ...BODY, amount: 5001 })],
    ["an extra field", (key) => post(key, "shared", { ...BODY, message: "x" })],
    ["the same body on PUT /v1/gateway/{id}", (key, id) =>
      call(item.PUT, "PUT", `/v1/gateway/${id}`, { key, json: BODY, headers: { "idempotency-key": "shared" } })],
    ["DELETE /v1/gateway/{id}", (key, id) =>
      call(item.DELETE, "DELETE", `/v1/gateway/${id}`, { key, headers: { "idempotency-key": "shared" } })],
  ];
  for (const [name, request] of otherRequests) {
    it(`answers 422 IDEMPOTENCY_KEY_REUSED for the same key with ${name}`, async () => {
      const { key, accountId } = await newAccount();
      const first = await post(key, "shared");
      const reply = await request(key, (first.body as { id: string }).id);
      expect([reply.status, reply.body, replayed(reply)]).toEqual([422, REUSED, null]);
      expect(await linksOf(accountId)).toBe(1);
      const original = await post(key, "shared");
      expect([original.body, replayed(original)]).toEqual([first.body, "true"]);
    });
  }

  // Rows without an answer are no longer written (the claim commits with the answer); one left by
  // the version before, whose request may still run during a rolling upgrade, counts as in flight.
  it("answers 409 IDEMPOTENCY_KEY_IN_USE for a key row without an answer (left by an earlier version)", async () => {
    const { key, accountId } = await newAccount();
    await inFlight(accountId, "running", BODY);
    const reply = await post(key, "running");
    expect([reply.status, reply.body]).toEqual([409, IN_USE]);
    const other = await post(key, "running", { ...BODY, amount: 6000 });
    expect([other.status, other.body]).toEqual([422, REUSED]);
    expect(await linksOf(accountId)).toBe(0);
  });

  it("takes over a key row without an answer after 5 minutes (left by an earlier version)", async () => {
    const { key, accountId } = await newAccount();
    await inFlight(accountId, "orphan", BODY, 6);
    const reply = await post(key, "orphan");
    expect([reply.status, replayed(reply)]).toEqual([200, null]);
    const again = await post(key, "orphan");
    expect([again.body, replayed(again)]).toEqual([reply.body, "true"]);
    expect(await linksOf(accountId)).toBe(1);
  });

  it("forgets a key after 24 hours: it may then carry another body", async () => {
    const { key, accountId } = await newAccount();
    await post(key, "yesterday");
    const db = await getDb();
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, "yesterday")));
    const reply = await post(key, "yesterday", { ...BODY, amount: 7000 });
    expect([reply.status, replayed(reply), (reply.body as { amount: number }).amount]).toEqual([200, null, 7000]);
    expect(await linksOf(accountId)).toBe(2);
  });

  it("lets two racing requests with one key create one link", async () => {
    const { key, accountId } = await newAccount();
    for (const n of [1, 2, 3, 4, 5]) {
      const replies = await Promise.all([post(key, `race-${n}`), post(key, `race-${n}`), post(key, `race-${n}`)]);
      const original = replies.find((r) => r.status === 200 && replayed(r) === null);
      expect(original).toBeDefined();
      for (const reply of replies.filter((r) => r !== original)) {
        const outcome = reply.status === 409 ? [409, IN_USE, null] : [200, original!.body, "true"];
        expect([reply.status, reply.body, replayed(reply)]).toEqual(outcome);
      }
    }
    expect(await linksOf(accountId)).toBe(5);
  });

  it("keeps keys per account and per mode", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const live = (await createApiKey({ email: a.email, mode: "live" })).api_key;
    const replies = [await post(a.key, "same-key"), await post(b.key, "same-key"), await post(live, "same-key")];
    expect(replies.map((r) => [r.status, replayed(r)])).toEqual([[200, null], [200, null], [200, null]]);
    expect(new Set(replies.map((r) => (r.body as { id: string }).id)).size).toBe(3);
    // a key running for one account does not block another
    await inFlight(a.accountId, "busy", BODY);
    expect((await post(b.key, "busy")).status).toBe(200);
    const blocked = await post(a.key, "busy");
    expect([blocked.status, blocked.body]).toEqual([409, IN_USE]);
  });

  it("stores nothing for a request refused for its API key", async () => {
    const { key, accountId } = await newAccount();
    const refused = await post(`kola_test_${"x".repeat(43)}`, "first-try");
    expect(refused.status).toBe(404);
    const reply = await post(key, "first-try");
    expect([reply.status, replayed(reply)]).toEqual([200, null]);
    expect(await linksOf(accountId)).toBe(1);
  });

  it("accepts keys up to 255 characters and answers 422 for longer ones", async () => {
    const { key } = await newAccount();
    expect((await post(key, "k".repeat(255))).status).toBe(200);
    const reply = await post(key, "k".repeat(256));
    expect([reply.status, reply.body]).toEqual([
      422,
      { detail: [{ loc: ["header", "idempotency-key"], msg: "String should have at most 255 characters", type: "string_too_long", ctx: { max_length: 255 } }] },
    ]);
  });
});

describe("Idempotency-Key on PUT and DELETE /v1/gateway/{gateway_id}", () => {
  it("replays an update even after the link changed since", async () => {
    const { key } = await newAccount();
    const { id } = (await post(key, null)).body as { id: string };
    const put = (json: unknown, idempotencyKey?: string) =>
      call(item.PUT, "PUT", `/v1/gateway/${id}`, { key, json, headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {} });
    const first = await put({ message: "v1" }, "put-1");
    expect([first.status, (first.body as { message: string }).message]).toEqual([200, "v1"]);
    await put({ message: "v2" });
    const again = await put({ message: "v1" }, "put-1");
    expect([again.status, again.body, replayed(again)]).toEqual([200, first.body, "true"]);
  });

  it("replays an archive instead of answering 404 the second time", async () => {
    const { key } = await newAccount();
    const { id } = (await post(key, null)).body as { id: string };
    const del = () => call(item.DELETE, "DELETE", `/v1/gateway/${id}`, { key, headers: { "idempotency-key": `del-${id}` } });
    const first = await del();
    expect([first.status, first.body, replayed(first)]).toEqual([200, { id, deleted: true }, null]);
    const again = await del();
    expect([again.status, again.body, replayed(again)]).toEqual([200, { id, deleted: true }, "true"]);
    const unkeyed = await call(item.DELETE, "DELETE", `/v1/gateway/${id}`, { key });
    expect(unkeyed.status).toBe(404);
  });

  it("answers 404 for an unknown link and replays that 404", async () => {
    const { key } = await newAccount();
    const id = randomUUID();
    const del = () => call(item.DELETE, "DELETE", `/v1/gateway/${id}`, { key, headers: { "idempotency-key": "gone" } });
    const notFound = { detail: { message: "Payment Gateway Not found", type: "GATEWAY_NOT_FOUND" } };
    expect([(await del()).status, (await del()).body]).toEqual([404, notFound]);
    expect(replayed(await del())).toBe("true");
  });
});

describe("Idempotency-Key: the key, the effect and the answer commit together", () => {
  it("a second request while the first with the key runs: 409 on PostgreSQL, on PGlite it waits and replays", async () => {
    const { key, accountId } = await newAccount();
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    // POST /v1/gateway as app/v1/gateway/route.ts has it, held inside its handler until released
    const held = route(gatewayOperations.create, async ({ auth, body }) => {
      entered();
      await gate;
      return presentCreated(await createGateway(auth, body));
    });
    const first = call(held, "POST", "/v1/gateway", { key, json: BODY, headers: { "idempotency-key": "slow" } });
    await inside;
    const same = postReading(key, "slow", BODY);
    const other = postReading(key, "slow", { ...BODY, amount: 6000 });
    // Both have read their bodies: from there nothing but the database stands between them and the key.
    await Promise.all([same.read, other.read]);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    if ((await dbKind()) === "postgres") {
      // answered at once, while the first still holds the key (its body is not known yet: 409 too)
      const early = await Promise.all([same.reply, other.reply]);
      expect(early.map((r) => [r.status, r.body, replayed(r)])).toEqual([[409, IN_USE, null], [409, IN_USE, null]]);
      release();
      const done = await first;
      expect([done.status, replayed(done)]).toEqual([200, null]);
      const late = [await post(key, "slow"), await post(key, "slow", { ...BODY, amount: 6000 })];
      expect(late.map((r) => [r.status, r.body, replayed(r)])).toEqual([[200, done.body, "true"], [422, REUSED, null]]);
    } else {
      // one connection: the others start once the first has committed
      release();
      const [done, again, reused] = await Promise.all([first, same.reply, other.reply]);
      expect([done.status, replayed(done)]).toEqual([200, null]);
      expect([again.status, again.body, replayed(again)]).toEqual([200, done.body, "true"]);
      expect([reused.status, reused.body, replayed(reused)]).toEqual([422, REUSED, null]);
    }
    expect(await linksOf(accountId)).toBe(1);
  });

  it("20 simultaneous requests with one key and body make one link; the others replay it or get 409", async () => {
    const { key, accountId } = await newAccount();
    const replies = await Promise.all(Array.from({ length: 20 }, () => post(key, "twenty")));
    const originals = replies.filter((r) => r.status === 200 && replayed(r) === null);
    expect(originals).toHaveLength(1);
    const link = originals[0]!.body;
    const outcomes = replies.filter((r) => r !== originals[0]).map((r) => [r.status, r.body, replayed(r)]);
    for (const outcome of outcomes) expect([[200, link, "true"], [409, IN_USE, null]]).toContainEqual(outcome);
    // PGlite runs the transactions one after another: every other request replays
    if ((await dbKind()) === "pglite") expect(outcomes.filter(([status]) => status === 409)).toEqual([]);
    expect(await linksOf(accountId)).toBe(1);
  });

  it("when storing the answer fails (500), the link is not kept either and the retry creates it once", async () => {
    const { key, accountId } = await newAccount();
    const db = await getDb();
    await failWrites("idempotency_keys", "before insert or update", "new.response_status is not null");
    let failed: Reply;
    try {
      failed = await post(key, "store-fails");
    } finally {
      await stopFailingWrites("idempotency_keys");
    }
    expect([failed.status, failed.body]).toEqual([500, INTERNAL]);
    expect(await linksOf(accountId)).toBe(0);
    const [row] = await db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.accountId, accountId));
    expect(row!.n).toBe(0);
    const retry = await post(key, "store-fails");
    expect([retry.status, replayed(retry)]).toEqual([200, null]);
    const again = await post(key, "store-fails");
    expect([again.status, again.body, replayed(again)]).toEqual([200, retry.body, "true"]);
    expect(await linksOf(accountId)).toBe(1);
  });

  it("a 500 after an upload leaves no file row (the bytes stay on disk, unreferenced and never served)", async () => {
    const { key, accountId } = await newAccount();
    const logo = () => form({ name: "Boutique", "logo.0": file(png(2, 2), "logo.png", "image/png") });
    const create = () =>
      call(marketplace.POST, "POST", "/v1/api/marketplace", { key, form: logo(), headers: { "idempotency-key": "shop" } });
    await failWrites("marketplaces", "before insert", "true");
    let failed: Reply;
    try {
      failed = await create();
    } finally {
      await stopFailingWrites("marketplaces");
    }
    expect([failed.status, failed.body]).toEqual([500, INTERNAL]);
    expect(await filesOf(accountId)).toEqual([]);
    const [orphan] = storedKeys(data.uploads());
    const served = await call(getFile.GET, "GET", `/files/${orphan}`);
    expect([served.status, served.body]).toEqual([404, { detail: { message: "File not found", type: "FILE_NOT_FOUND" } }]);

    const created = await create();
    expect([created.status, replayed(created)]).toEqual([200, null]);
    const { fileKey } = (created.body as { logo: { fileKey: string } }).logo;
    expect(await filesOf(accountId)).toEqual([fileKey]);
    expect(storedKeys(data.uploads()).sort()).toEqual([orphan, fileKey].sort());
    expect((await call(getFile.GET, "GET", `/files/${fileKey}`)).status).toBe(200);
  });

  it("a multipart body is the same under another boundary; another file under the key is 422", async () => {
    const { key, accountId } = await newAccount();
    const send = (parts: Record<string, string | File>) =>
      call(marketplace.POST, "POST", "/v1/api/marketplace", { key, form: form(parts), headers: { "idempotency-key": "form" } });
    const parts = { name: "Boutique", "logo.0": file(png(2, 2), "logo.png", "image/png") };
    const first = await send(parts);
    expect([first.status, replayed(first)]).toEqual([200, null]);
    const again = await send(parts); // encoded anew: another random boundary
    expect([again.status, again.body, replayed(again)]).toEqual([200, first.body, "true"]);
    const otherFile = await send({ ...parts, "logo.0": file(png(3, 3), "logo.png", "image/png") });
    expect([otherFile.status, otherFile.body]).toEqual([422, REUSED]);
    const otherName = await send({ ...parts, "logo.0": file(png(2, 2), "other.png", "image/png") });
    expect([otherName.status, otherName.body]).toEqual([422, REUSED]);
    expect(await filesOf(accountId)).toHaveLength(1);
  });
});

/** POST /v1/gateway with a key, whose body tells when the route has read it. */
function postReading(key: string, idempotencyKey: string, json: unknown) {
  let read!: () => void;
  const signal = new Promise<void>((resolve) => (read = resolve));
  const bytes = new TextEncoder().encode(JSON.stringify(json));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(bytes);
      controller.close();
      read();
    },
  });
  const headers = { "api-key": key, "idempotency-key": idempotencyKey, "content-type": "application/json" };
  const req = new Request("http://kola.test/v1/gateway", { method: "POST", headers, body, duplex: "half" } as RequestInit);
  const reply = collection.POST(req).then(async (res): Promise<Reply> => ({ status: res.status, headers: res.headers, body: await res.json() }));
  return { read: signal, reply };
}

const INTERNAL = { detail: { message: "Internal server error", type: "INTERNAL_ERROR" } };

function form(parts: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) data.append(name, value);
  return data;
}

async function filesOf(accountId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ key: files.fileKey }).from(files).where(eq(files.accountId, accountId));
  return rows.map((r) => r.key);
}

/** A failure inside the database (as a full disk would be), from a trigger on `table`. */
async function failWrites(table: string, when: string, condition: string) {
  const db = await getDb();
  await db.execute(
    sql.raw(`create or replace function kola_test_fail() returns trigger language plpgsql as $$ begin raise exception 'write refused by test'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger kola_test_fail ${when} on ${table} for each row when (${condition}) execute function kola_test_fail()`),
  );
}

async function stopFailingWrites(table: string) {
  const db = await getDb();
  await db.execute(sql.raw(`drop trigger kola_test_fail on ${table}`));
}

describe("Idempotency-Key on every mutating route behind a key or a session", () => {
  type Account = Awaited<ReturnType<typeof newAccount>>;
  type Send = (headers: Record<string, string>) => Promise<Reply>;
  const ok = async (reply: Promise<Reply>) => {
    const r = await reply;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { id: string };
  };
  const webhook = (a: Account) => ok(call(webhooks.POST, "POST", "/v1/webhooks", { key: a.key, json: { url: "https://shop.example/hooks" } }));
  const gateway = (a: Account) => ok(post(a.key, null));
  const shop = (a: Account) => ok(call(marketplace.POST, "POST", "/v1/api/marketplace", { key: a.key, form: form({ name: "Boutique" }) }));
  const session = async (a: Account) => ({ cookie: `${SESSION_COOKIE}=${(await createSession(a.accountId)).token}`, origin: "http://kola.test" });

  // Each row prepares what the request needs and returns it; the request is then sent twice with one key.
  const routes: [string, (a: Account) => Promise<Send>][] = [
    ["POST /v1/gateway", async (a) => (headers) => call(collection.POST, "POST", "/v1/gateway", { key: a.key, json: BODY, headers })],
    ["PUT /v1/gateway/{id}", async (a) => {
      const { id } = await gateway(a);
      return (headers) => call(item.PUT, "PUT", `/v1/gateway/${id}`, { key: a.key, json: { message: "v2" }, headers });
    }],
    ["DELETE /v1/gateway/{id}", async (a) => {
      const { id } = await gateway(a);
      return (headers) => call(item.DELETE, "DELETE", `/v1/gateway/${id}`, { key: a.key, headers });
    }],
    ["POST /v1/api/marketplace", async (a) => (headers) =>
      call(marketplace.POST, "POST", "/v1/api/marketplace", { key: a.key, form: form({ name: "Boutique" }), headers })],
    ["PATCH /v1/api/marketplace/", async (a) => {
      await shop(a);
      return (headers) => call(marketplace.PATCH, "PATCH", "/v1/api/marketplace/", { key: a.key, form: form({ color: "#123" }), headers });
    }],
    ["POST /v1/api/marketplace/gateway", async (a) => {
      await shop(a);
      const json = { amount: 10000, shop_name: "Awa", phone_number: "237670000000" };
      return (headers) => call(marketplaceGateway.POST, "POST", "/v1/api/marketplace/gateway", { key: a.key, json, headers });
    }],
    ["POST /v1/api-keys (session)", async (a) => {
      const cookie = await session(a);
      return (headers) => call(apiKeys.POST, "POST", "/v1/api-keys", { json: { name: "CI" }, headers: { ...cookie, ...headers } });
    }],
    ["DELETE /v1/api-keys/{id} (session)", async (a) => {
      const cookie = await session(a);
      const { id } = await ok(call(apiKeys.POST, "POST", "/v1/api-keys", { json: { name: "old" }, headers: cookie }));
      return (headers) => call(apiKey.DELETE, "DELETE", `/v1/api-keys/${id}`, { headers: { ...cookie, ...headers } });
    }],
    ["POST /v1/webhooks", async (a) => (headers) =>
      call(webhooks.POST, "POST", "/v1/webhooks", { key: a.key, json: { url: "https://shop.example/hooks" }, headers })],
    ["PATCH /v1/webhooks/{id}", async (a) => {
      const { id } = await webhook(a);
      return (headers) => call(webhookItem.PATCH, "PATCH", `/v1/webhooks/${id}`, { key: a.key, json: { description: "shop" }, headers });
    }],
    ["DELETE /v1/webhooks/{id}", async (a) => {
      const { id } = await webhook(a);
      return (headers) => call(webhookItem.DELETE, "DELETE", `/v1/webhooks/${id}`, { key: a.key, headers });
    }],
    ["POST /v1/webhooks/{id}/rotate-secret", async (a) => {
      const { id } = await webhook(a);
      return (headers) => call(rotate.POST, "POST", `/v1/webhooks/${id}/rotate-secret`, { key: a.key, headers });
    }],
    ["POST /v1/webhooks/{id}/test", async (a) => {
      const { id } = await webhook(a);
      return (headers) => call(webhookTest.POST, "POST", `/v1/webhooks/${id}/test`, { key: a.key, headers });
    }],
    ["POST /v1/webhooks/{id}/deliveries/{id}/resend", async (a) => {
      const { id } = await webhook(a);
      const delivery = await ok(call(webhookTest.POST, "POST", `/v1/webhooks/${id}/test`, { key: a.key }));
      return (headers) =>
        call(resend.POST, "POST", `/v1/webhooks/${id}/deliveries/${delivery.id}/resend`, { key: a.key, headers });
    }],
  ];
  for (const [name, prepare] of routes) {
    it(`${name}: answers, then replays the same answer`, async () => {
      const send = await prepare(await newAccount());
      const first = await send({ "idempotency-key": "once" });
      expect([first.status, replayed(first)], JSON.stringify(first.body)).toEqual([200, null]);
      const again = await send({ "idempotency-key": "once" });
      expect([again.status, again.body, replayed(again)]).toEqual([200, first.body, "true"]);
    });
  }
});

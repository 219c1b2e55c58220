import { createHash, randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/gateway/route";
import * as item from "@/app/v1/gateway/[gateway_id]/route";
import { createApiKey } from "@/lib/accounts/create-account";
import { getDb } from "@/lib/db/client";
import { idempotencyKeys, paymentGateways } from "@/lib/db/schema";
import { call, newAccount, type Reply } from "@/lib/test/api";

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
        { loc: ["body", "shop_name"], msg: "String should have at least 1 character", type: "string_too_short" },
      ],
    }],
    ["a 422 from the amount bounds", { amount: 99, shop_name: "B" }, 422, {
      detail: [{ loc: ["body", "amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal" }],
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

  it("answers 409 IDEMPOTENCY_KEY_IN_USE while the first request with the key is running", async () => {
    const { key, accountId } = await newAccount();
    await inFlight(accountId, "running", BODY);
    const reply = await post(key, "running");
    expect([reply.status, reply.body]).toEqual([409, IN_USE]);
    const other = await post(key, "running", { ...BODY, amount: 6000 });
    expect([other.status, other.body]).toEqual([422, REUSED]);
    expect(await linksOf(accountId)).toBe(0);
  });

  it("takes over a key left running for more than 5 minutes (its process died)", async () => {
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
      { detail: [{ loc: ["header", "idempotency-key"], msg: "String should have at most 255 characters", type: "string_too_long" }] },
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

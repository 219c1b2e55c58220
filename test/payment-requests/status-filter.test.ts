import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/payment-requests/route";
import * as cancel from "@/app/v1/payment-requests/[request_id]/cancel/route";
import { getDb } from "@/lib/db/client";
import { deposits, paymentRequests } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { pushRequests } from "@/lib/payment-requests/push";
import { call, newAccount, type Reply } from "@/test/support/api";
import { deliverTwice, holdCallbacks, sandboxPhone } from "@/test/support/sandbox-callbacks";

// GET /v1/payment-requests?status= reads the outcome the database keeps on each request (the
// attempt_outcome column, kept by triggers in the transaction of every attempt's change, migration
// 0039_request_outcome) with the request's own facts, through an index, instead of reading every
// request and its payments until a page is full. Each status lists exactly the requests that show
// it; the outcome stays right when every callback comes twice at once; the migration's backfill
// finds what the triggers kept; `ledger:check` recounts it.

const phone = sandboxPhone;

function ok(reply: Reply, status = 200) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply.body as Record<string, unknown>;
}

type Listed = { id: string; status: string };

/** Every page of `?status=` (a small limit: the pages follow each other by their `Link`). */
async function listAll(key: string, status: string): Promise<Listed[]> {
  const all: Listed[] = [];
  let path: string | null = `/v1/payment-requests?status=${status}&limit=7`;
  while (path) {
    const reply = await call(collection.GET, "GET", path, { key });
    all.push(...(ok(reply) as unknown as Listed[]));
    const next = /<([^>]+)>; rel="next"/.exec(reply.headers.get("link") ?? "")?.[1];
    path = next ? new URL(next).pathname + new URL(next).search : null;
  }
  return all;
}

describe("GET /v1/payment-requests?status=", () => {
  it("lists, for each status, exactly the requests that show it, newest first, page after page", { timeout: 120_000 }, async () => {
    const { key } = await newAccount("CMR");
    holdCallbacks();
    const create = async (last: string, json: Record<string, unknown> = {}) =>
      String(ok(await call(collection.POST, "POST", "/v1/payment-requests", { key, json: { amount: 1500, phone_number: phone(last), ...json } })).id);
    const paid = [await create("00"), await create("00")];
    const failed = [await create("01"), await create("02")];
    const cancelled = await create("01"); // failed, then cancelled (a prompt on the phone cannot be)
    const inFlight = await create("03"); // pushed, never answered: its prompt is still on the phone
    const attemptExpired = await create("03");
    const ranOut = await create("03");
    while ((await pushRequests()) > 0);
    await deliverTwice(5); // the two paid, the three failed (the …03 never answer)
    ok(await call(cancel.POST, "POST", `/v1/payment-requests/${cancelled}/cancel`, { key }));
    const db = await getDb();
    // the sweeper's part: the attempt ran out of time on the phone
    const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, attemptExpired));
    await db.update(deposits).set({ status: "expired" }).where(eq(deposits.paymentGatewayId, request!.paymentGatewayId));
    // a request past its own expiry before any answer came: its attempt given up, nothing written since
    const [late] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, ranOut));
    await db.update(deposits).set({ abandonedAt: sql`now()` }).where(eq(deposits.paymentGatewayId, late!.paymentGatewayId));
    await db.update(paymentRequests).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(paymentRequests.id, ranOut));

    const expected: Record<string, string[]> = {
      paid: [...paid].reverse(),
      failed: [...failed].reverse(),
      pending: [inFlight],
      expired: [ranOut, attemptExpired],
      cancelled: [cancelled],
    };
    const everyOne = ok(await call(collection.GET, "GET", "/v1/payment-requests?limit=100", { key })) as unknown as Listed[];
    for (const [status, ids] of Object.entries(expected)) {
      const listed = await listAll(key, status);
      // whole bodies: each as the unfiltered list shows it, and in this status
      expect({ status, listed }).toEqual({ status, listed: ids.map((id) => everyOne.find((r) => r.id === id)) });
      expect(listed.map((r) => r.status)).toEqual(ids.map(() => status));
    }
    expect(await checkLedger()).toEqual([]);
  });

  it("100 requests whose callbacks all come twice at once: the paid and the failed ones are listed exactly", { timeout: 180_000 }, async () => {
    const { key } = await newAccount("CMR");
    holdCallbacks();
    const made: { id: string; paid: boolean }[] = [];
    for (let i = 0; i < 100; i++) {
      const paid = i % 2 === 0;
      const body = ok(await call(collection.POST, "POST", "/v1/payment-requests", { key, json: { amount: 1000 + i, phone_number: phone(paid ? "00" : "01") } }));
      made.push({ id: String(body.id), paid });
      // pushed as they come (an attempt not pushed within a minute is left to the reconciler: on a
      // loaded machine, making a hundred can take longer than that)
      if (i % 10 === 9) while ((await pushRequests()) > 0);
    }
    await deliverTwice(100);
    const ids = (list: Listed[]) => list.map((r) => r.id).sort();
    expect(ids(await listAll(key, "paid"))).toEqual(made.filter((m) => m.paid).map((m) => m.id).sort());
    expect(ids(await listAll(key, "failed"))).toEqual(made.filter((m) => !m.paid).map((m) => m.id).sort());
    expect(await listAll(key, "pending")).toEqual([]);
    expect(await checkLedger()).toEqual([]);
  });

  it("the migration's backfill finds what the triggers kept", async () => {
    const db = await getDb();
    const snapshot = async () => (await db.select({ id: paymentRequests.id, outcome: paymentRequests.attemptOutcome }).from(paymentRequests)).map((r) => `${r.id}|${r.outcome}`).sort();
    const kept = await snapshot();
    expect(new Set(kept.map((k) => k.split("|")[1]))).toEqual(new Set(["paid", "failed", "expired", "none", "in_flight"]));
    const migration = fs.readFileSync("lib/db/migrations/0039_request_outcome.sql", "utf8");
    const backfill = migration.slice(migration.indexOf("-- the requests made before"));
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table payment_requests, deposits in share mode`);
      await tx.execute(sql`update payment_requests set attempt_outcome = 'none'`);
      await tx.execute(sql.raw(backfill));
    });
    expect(await snapshot()).toEqual(kept);
    expect(await checkLedger()).toEqual([]);
  });
});

import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/v1/payment-requests/route";
import * as summary from "@/app/v1/payment-requests/summary/route";
import { getDb } from "@/lib/db/client";
import { deposits, paymentRequestHours, paymentRequests } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { pushRequests } from "@/lib/payment-requests/push";
import { addMember, sessionHeaders } from "@/test/support/accounts";
import { call, newAccount, type Reply } from "@/test/support/api";
import { deliverTwice, holdCallbacks, sandboxPhone } from "@/test/support/sandbox-callbacks";

// The counter's summary (GET /v1/payment-requests/summary) reads the hourly totals the database
// keeps in the transaction of each change (payment_request_hours, migration 0034), not the day's
// requests: the same body as the requests say, a new version on every change of one of them,
// each payment counted once however often and however concurrently its callback comes, and the
// totals the migration counts from the rows are the ones the triggers kept.

const phone = sandboxPhone;

function body(reply: Reply) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as Record<string, unknown>;
}

describe("the day's summary", () => {
  let merchant: { accountId: string; key: string };
  beforeAll(async () => {
    merchant = await newAccount("CMR");
  });

  it("is the day's paid requests per collector, and changes version with every change of a request of the day", async () => {
    holdCallbacks();
    const cashier = await addMember(merchant.accountId, "cashier");
    const mine = await sessionHeaders(merchant.accountId, cashier.userId);
    const read = async (headers?: Record<string, string>, day?: string) =>
      body(await call(summary.GET, "GET", `/v1/payment-requests/summary${day ? `?day=${day}` : ""}`, headers ? { headers } : { key: merchant.key }));
    const create = async (json: unknown, headers?: Record<string, string>) =>
      body(await call(collection.POST, "POST", "/v1/payment-requests", headers ? { key: null, headers, json } : { key: merchant.key, json }));

    const empty = await read();
    const today = String(empty.day);
    expect(empty).toEqual({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), currency: "XAF", paid_count: 0, paid_total: 0, version: expect.any(String), by_collector: [] });
    expect((await read()).version).toBe(empty.version); // nothing changed: the same version

    const sale = await create({ amount: 2500, phone_number: phone("00") }, mine);
    const made = await read();
    expect(made.version).not.toBe(empty.version); // a request made
    expect({ ...made, version: "" }).toEqual({ ...empty, version: "" });
    const byKey = await create({ amount: 4000, phone_number: phone("00") });
    const refused = await create({ amount: 1000, phone_number: phone("01") }, mine);
    await pushRequests();
    await deliverTwice(3);

    const day = await read();
    expect(day).toEqual({
      day: today,
      currency: "XAF",
      paid_count: 2,
      paid_total: 6500,
      version: expect.any(String),
      by_collector: [
        { collected_by: byKey.collected_by, paid_count: 1, paid_total: 4000 },
        { collected_by: { type: "member", id: cashier.userId, name: cashier.email }, paid_count: 1, paid_total: 2500 },
      ],
    });
    expect(sale.collected_by).toEqual({ type: "member", id: cashier.userId, name: cashier.email });
    // the list says the same of each request
    const listed = body(await call(collection.GET, "GET", "/v1/payment-requests?day=today&limit=100", { key: merchant.key })) as unknown as { id: string; status: string }[];
    expect(Object.fromEntries(listed.map((r) => [r.id, r.status]))).toEqual({ [String(sale.id)]: "paid", [String(byKey.id)]: "paid", [String(refused.id)]: "failed" });
    // a cashier: its own line only, of today only
    expect(await read(mine)).toEqual({
      day: today,
      currency: "XAF",
      paid_count: 1,
      paid_total: 2500,
      version: expect.any(String),
      by_collector: [{ collected_by: sale.collected_by, paid_count: 1, paid_total: 2500 }],
    });
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect({ ...(await read(mine, yesterday)), version: "" }).toEqual({ day: yesterday, currency: "XAF", paid_count: 0, paid_total: 0, version: "", by_collector: [] });
    expect({ ...(await read(undefined, yesterday)), version: "" }).toEqual({ day: yesterday, currency: "XAF", paid_count: 0, paid_total: 0, version: "", by_collector: [] });

    // a status that is not paid: a new version, the same totals
    const failing = await create({ amount: 700, phone_number: phone("02") }, mine);
    await pushRequests();
    const before = await read();
    await deliverTwice(1);
    const after = await read();
    expect(after.version).not.toBe(before.version);
    expect({ ...after, version: "" }).toEqual({ ...day, version: "" });
    expect(failing.status).toBe("pending");

    // a request that expires with no write (a pay link never opened): a new version too
    const silent = await create({ amount: 900, phone_number: phone("03") }, mine);
    const open = await read();
    const db = await getDb();
    await db.update(paymentRequests).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(paymentRequests.id, String(silent.id)));
    const expired = await read();
    expect(expired.version).not.toBe(open.version);
    expect({ ...expired, version: "" }).toEqual({ ...day, version: "" });
    expect(await checkLedger()).toEqual([]);
  });

  it("100 requests of one collector, every callback delivered twice at once: each paid request counted once", { timeout: 120_000 }, async () => {
    const { accountId, key } = await newAccount("CMR");
    holdCallbacks();
    const amounts = Array.from({ length: 100 }, (_, i) => 1000 + i * 10);
    const made: Record<string, unknown>[] = [];
    for (const [i, amount] of amounts.entries()) {
      made.push(body(await call(collection.POST, "POST", "/v1/payment-requests", { key, json: { amount, phone_number: phone("00") } })));
      // pushed as they come: an attempt not pushed within a minute is left to the reconciler
      if (i % 10 === 9) while ((await pushRequests()) > 0);
    }
    await deliverTwice(100);
    const day = body(await call(summary.GET, "GET", "/v1/payment-requests/summary", { key }));
    const total = amounts.reduce((a, b) => a + b, 0);
    expect(day).toEqual({
      day: expect.any(String),
      currency: "XAF",
      paid_count: 100,
      paid_total: total,
      version: expect.any(String),
      by_collector: [{ collected_by: made[0]!.collected_by, paid_count: 100, paid_total: total }],
    });
    const db = await getDb();
    const successes = await db.select({ id: deposits.id }).from(deposits).where(sql`${deposits.accountId} = ${accountId} and ${deposits.status} = 'success'`);
    expect(successes).toHaveLength(100);
    expect(await checkLedger()).toEqual([]);
  });

  it("the migration counts from the rows what the triggers kept", async () => {
    const db = await getDb();
    const snapshot = async () =>
      (await db.select().from(paymentRequestHours))
        .map((h) => `${h.accountId}|${h.mode}|${h.hour.toISOString()}|${h.collector}|${h.paidCount}|${h.paidTotal}`)
        .sort();
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(0);
    const migration = fs.readFileSync("lib/db/migrations/0034_payment_request_hours.sql", "utf8");
    const backfill = migration.slice(migration.indexOf("-- the requests made before"));
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table payment_requests, deposits in share mode`);
      await tx.execute(sql`delete from payment_request_hours`);
      await tx.execute(sql.raw(backfill));
    });
    expect(await snapshot()).toEqual(kept);
    expect(await checkLedger()).toEqual([]);
  });
});

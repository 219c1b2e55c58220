import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as route from "@/app/v1/stats/route";
import { createApiKey } from "@/lib/accounts/create-account";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { deposits, ledgerPostings, marketplaces, sellers } from "@/lib/db/schema";
import { postEntry, type NewEntry } from "@/lib/ledger/post";
import type { DepositStatus } from "@/lib/core/deposit-statuses";
import { newTrackId } from "@/lib/deposits/create-deposit";
import { call, newAccount } from "@/test/support/api";
import { getStats } from "@/lib/stats/get-stats";
import { checkLedger } from "@/lib/ledger/check";

// GET /v1/stats (the dashboard's overview), on a real database.

async function insert(accountId: string, at: string, status: DepositStatus, amount: number, extra: { mode?: "test" | "live"; currency?: string } = {}) {
  const db = await getDb();
  await db.insert(deposits).values({
    accountId,
    mode: extra.mode ?? "test",
    trackId: newTrackId(),
    amount,
    currency: extra.currency ?? "XAF",
    country: "CMR",
    operator: "MTN_MOMO_CMR",
    phoneNumber: "237670000000",
    status,
    provider: "sandbox",
    createdAt: new Date(at),
  });
}

const auth = (accountId: string): Auth => ({ accountId, mode: "test", apiKeyId: null, country: "CMR", currency: "XAF", via: "key", role: "admin", userId: null });
const NOW = new Date("2026-03-12T08:30:00Z");

describe("getStats", () => {
  it("counts attempts by status, sums successes per currency and per day, zeros included", async () => {
    const { accountId } = await newAccount("CMR");
    await insert(accountId, "2026-03-12T07:00:00Z", "success", 5000);
    await insert(accountId, "2026-03-12T06:00:00Z", "success", 2500);
    await insert(accountId, "2026-03-12T05:00:00Z", "pending", 900);
    await insert(accountId, "2026-03-10T00:00:00Z", "success", 1000); // the first instant of the period
    await insert(accountId, "2026-03-10T12:00:00Z", "failed", 700);
    await insert(accountId, "2026-03-11T23:59:59Z", "expired", 800);
    await insert(accountId, "2026-03-11T10:00:00Z", "success", 12345, { currency: "KES" }); // a marketplace seller abroad
    await insert(accountId, "2026-03-09T23:59:59Z", "success", 99999); // the day before the period: the previous one
    await insert(accountId, "2026-03-07T00:00:00Z", "success", 300); // the first instant of the previous period
    await insert(accountId, "2026-03-08T09:00:00Z", "failed", 400); // a failure counts in neither series
    await insert(accountId, "2026-03-06T23:59:59Z", "success", 600); // before both periods
    await insert(accountId, "2026-03-08T10:00:00Z", "success", 5555, { currency: "KES" }); // another currency: not in the series
    await insert(accountId, "2026-03-12T07:00:00Z", "success", 77777, { mode: "live" }); // the other mode
    await insert((await newAccount()).accountId, "2026-03-12T07:00:00Z", "success", 55555); // another account

    expect(await getStats(auth(accountId), 3, NOW)).toEqual({
      days: 3,
      from: "2026-03-10",
      to: "2026-03-12",
      currency: "XAF",
      payments: { total: 7, succeeded: 4, failed: 1, expired: 1, pending: 1 },
      success_rate: 4 / 6,
      volumes: [
        { currency: "XAF", count: 3, amount: 8500 },
        { currency: "KES", count: 1, amount: 12345 },
      ],
      net: { amount: 0, received: 0, refunded: 0 },
      daily: [
        { date: "2026-03-10", succeeded: 1, amount: 1000, net: 0 },
        { date: "2026-03-11", succeeded: 0, amount: 0, net: 0 },
        { date: "2026-03-12", succeeded: 2, amount: 7500, net: 0 },
      ],
      previous: {
        from: "2026-03-07",
        to: "2026-03-09",
        succeeded: 2,
        amount: 100299,
        net: 0,
        daily: [
          { date: "2026-03-07", succeeded: 1, amount: 300, net: 0 },
          { date: "2026-03-08", succeeded: 0, amount: 0, net: 0 },
          { date: "2026-03-09", succeeded: 1, amount: 99999, net: 0 },
        ],
      },
    });
  });

  it("has no success rate before an attempt has finished, and the account's currency even at zero", async () => {
    const { accountId } = await newAccount("CMR");
    await insert(accountId, "2026-03-12T07:00:00Z", "pending", 5000);
    const stats = await getStats(auth(accountId), 1, NOW);
    expect(stats).toEqual({
      days: 1,
      from: "2026-03-12",
      to: "2026-03-12",
      currency: "XAF",
      payments: { total: 1, succeeded: 0, failed: 0, expired: 0, pending: 1 },
      success_rate: null,
      volumes: [{ currency: "XAF", count: 0, amount: 0 }],
      net: { amount: 0, received: 0, refunded: 0 },
      daily: [{ date: "2026-03-12", succeeded: 0, amount: 0, net: 0 }],
      previous: { from: "2026-03-11", to: "2026-03-11", succeeded: 0, amount: 0, net: 0, daily: [{ date: "2026-03-11", succeeded: 0, amount: 0, net: 0 }] },
    });
  });
});

describe("getStats: the merchant's net revenue (the overview's volume)", () => {
  // the entries money flows post (lib/ledger/record-payment.ts, lib/money-out), each closed so the
  // books stay true for the file's ledger check; `daysAgo` moves an entry's postings back in time
  async function post(accountId: string, kind: NewEntry["kind"], lines: NewEntry["lines"], extra: { daysAgo?: number; currency?: string; mode?: "test" | "live" } = {}) {
    const db = await getDb();
    const id = await postEntry(db, { accountId, mode: extra.mode ?? "test", currency: extra.currency ?? "XAF", kind, lines });
    if (extra.daysAgo) await db.update(ledgerPostings).set({ createdAt: sql`now() - make_interval(days => ${extra.daysAgo})` }).where(eq(ledgerPostings.entryId, id!));
  }

  it("counts payments and marketplace fees, less refunds; not sellers' shares, releases or withdrawals", async () => {
    const { accountId } = await newAccount("CMR");
    const db = await getDb();
    const [market] = await db.insert(marketplaces).values({ accountId, mode: "test", name: "Marché", color: "#000000" }).returning();
    const [seller] = await db.insert(sellers).values({ accountId, mode: "test", marketplaceId: market!.id, phoneNumber: "+237670000000", country: "CMR", currency: "XAF", name: "Boutique" }).returning();
    const sellerId = seller!.id;
    await post(accountId, "payment", [{ account: "provider_clearing", amount: -5000 }, { account: "merchant_available", amount: 5000 }]);
    // a marketplace sale of 15 000 + 375 fee: the seller's share is paid out, only the fee is the merchant's
    await post(accountId, "marketplace_sale", [{ account: "provider_clearing", amount: -15375 }, { account: "seller_payable", amount: 15000, sellerId }, { account: "merchant_available", amount: 375 }]);
    await post(accountId, "payout", [{ account: "seller_payable", amount: -15000, sellerId }, { account: "payouts_in_flight", amount: 15000 }]);
    await post(accountId, "payout_succeeded", [{ account: "payouts_in_flight", amount: -15000 }, { account: "provider_clearing", amount: 15000 }]);
    // a payment held, then released: counted once
    await post(accountId, "payment", [{ account: "provider_clearing", amount: -3000 }, { account: "merchant_pending", amount: 3000 }]);
    await post(accountId, "release", [{ account: "merchant_pending", amount: -3000 }, { account: "merchant_available", amount: 3000 }]);
    // a refund of 2 000 that went out, and one of 1 000 that failed (its money came back)
    await post(accountId, "refund", [{ account: "merchant_available", amount: -2000 }, { account: "refunds_in_flight", amount: 2000 }]);
    await post(accountId, "refund_succeeded", [{ account: "refunds_in_flight", amount: -2000 }, { account: "provider_clearing", amount: 2000 }]);
    await post(accountId, "refund", [{ account: "merchant_available", amount: -1000 }, { account: "refunds_in_flight", amount: 1000 }]);
    await post(accountId, "refund_failed", [{ account: "refunds_in_flight", amount: -1000 }, { account: "merchant_available", amount: 1000 }]);
    // a withdrawal: the merchant's own money leaving, not a loss of revenue
    await post(accountId, "payout", [{ account: "merchant_available", amount: -1000 }, { account: "payouts_in_flight", amount: 1000 }]);
    await post(accountId, "payout_succeeded", [{ account: "payouts_in_flight", amount: -1000 }, { account: "provider_clearing", amount: 1000 }]);
    // the period before; another currency; the other mode; another account
    await post(accountId, "payment", [{ account: "provider_clearing", amount: -7000 }, { account: "merchant_available", amount: 7000 }], { daysAgo: 8 });
    await post(accountId, "payment", [{ account: "provider_clearing", amount: -900 }, { account: "merchant_available", amount: 900 }], { daysAgo: 30 });
    await post(accountId, "payment", [{ account: "provider_clearing", amount: -4444 }, { account: "merchant_available", amount: 4444 }], { currency: "KES" });
    await post(accountId, "payment", [{ account: "provider_clearing", amount: -6666 }, { account: "merchant_available", amount: 6666 }], { mode: "live" });
    const other = (await newAccount("CMR")).accountId;
    await post(other, "payment", [{ account: "provider_clearing", amount: -5555 }, { account: "merchant_available", amount: 5555 }]);

    const stats = await getStats(auth(accountId), 7);
    expect([stats.net, stats.previous.net]).toEqual([{ amount: 6375, received: 8375, refunded: 2000 }, 7000]);
    // the chart's bars are the same measure, per day: today's bar is the period's net, the day 8 days ago the period before's
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    expect([...stats.daily, ...stats.previous.daily].filter((d) => d.net !== 0).map((d) => [d.date, d.net])).toEqual([
      [day(0), 6375],
      [day(8), 7000],
    ]);
  });
});

describe("getStats: the daily totals the database keeps", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  async function pendingDeposits(accountId: string, count: number) {
    const db = await getDb();
    const rows = Array.from({ length: count }, (_, i) => ({
      accountId,
      mode: "test" as const,
      trackId: newTrackId(),
      amount: 100 * (i + 1),
      currency: "XAF",
      country: "CMR",
      operator: "MTN_MOMO_CMR",
      phoneNumber: "237670000000",
      provider: "sandbox",
    }));
    return (await db.insert(deposits).values(rows).returning({ id: deposits.id })).map((row) => row.id);
  }
  const settle = async (id: string, status: DepositStatus) => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.update(deposits).set({ status }).where(eq(deposits.id, id));
    });
  };
  const dayProblems = async () => (await checkLedger()).filter((p) => p.problem === "deposit_days_mismatch" || p.problem === "ledger_days_mismatch");

  it("counts every change once when 30 attempts of one account finish at once, late successes and new attempts among them", async () => {
    const { accountId } = await newAccount("CMR");
    const ids = await pendingDeposits(accountId, 30);
    const late = ids.slice(0, 5);
    await Promise.all(late.map((id) => settle(id, "expired")));
    const outcomes: [string, DepositStatus][] = ids.map((id, i) => [id, late.includes(id) ? "success" : (["success", "failed", "expired"] as const)[i % 3]!]);
    await Promise.all([...outcomes.map(([id, status]) => settle(id, status)), insert(accountId, new Date().toISOString(), "failed", 50)]);

    const stats = await getStats(auth(accountId), 1);
    // 0-4: expired then success; 5-29: success, failed, expired by turn (i % 3)
    const succeeded = [0, 1, 2, 3, 4, 6, 9, 12, 15, 18, 21, 24, 27];
    const amount = succeeded.reduce((sum, i) => sum + 100 * (i + 1), 0);
    expect([stats.payments, stats.daily]).toEqual([
      { total: 31, succeeded: 13, failed: 9, expired: 9, pending: 0 },
      [{ date: today(), succeeded: 13, amount, net: 0 }],
    ]);
    expect(await dayProblems()).toEqual([]);
  });

  it("keeps nothing of a change whose transaction did not commit", async () => {
    const { accountId } = await newAccount("CMR");
    const [id] = await pendingDeposits(accountId, 1);
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(deposits).set({ status: "success" }).where(eq(deposits.id, id!));
        throw new Error("killed before the commit");
      }),
    ).rejects.toThrow("killed before the commit");
    const stats = await getStats(auth(accountId), 1);
    expect([stats.payments, stats.daily]).toEqual([{ total: 1, succeeded: 0, failed: 0, expired: 0, pending: 1 }, [{ date: today(), succeeded: 0, amount: 0, net: 0 }]]);
    expect(await dayProblems()).toEqual([]);
  });
});

describe("GET /v1/stats", () => {
  it("answers the last 30 days by default, in the key's mode", async () => {
    const { accountId, key, email } = await newAccount("SEN");
    await insert(accountId, new Date().toISOString(), "success", 4000, { currency: "XOF" });
    const reply = await call(route.GET, "GET", "/v1/stats", { key });
    expect(reply.status).toBe(200);
    const body = reply.body as { days: number; daily: unknown[]; volumes: unknown[]; currency: string; payments: unknown };
    expect([body.days, body.daily.length, body.currency, body.volumes, body.payments]).toEqual([
      30,
      30,
      "XOF",
      [{ currency: "XOF", count: 1, amount: 4000 }],
      { total: 1, succeeded: 1, failed: 0, expired: 0, pending: 0 },
    ]);
    const live = (await createApiKey({ email, mode: "live" })).api_key;
    const liveReply = await call(route.GET, "GET", "/v1/stats?days=7", { key: live });
    expect((liveReply.body as { payments: unknown; daily: unknown[] }).payments).toEqual({ total: 0, succeeded: 0, failed: 0, expired: 0, pending: 0 });
    expect((liveReply.body as { daily: unknown[] }).daily).toHaveLength(7);
  });

  const invalid: [string, unknown][] = [
    ["?days=0", [{ loc: ["query", "days"], msg: "Input should be greater than or equal to 1", type: "greater_than_equal", ctx: { ge: 1 } }]],
    ["?days=366", [{ loc: ["query", "days"], msg: "Input should be less than or equal to 365", type: "less_than_equal", ctx: { le: 365 } }]],
    ["?days=week", [{ loc: ["query", "days"], msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing" }]],
  ];
  for (const [query, detail] of invalid) {
    it(`answers 422 for ${query}`, async () => {
      const { key } = await newAccount();
      const reply = await call(route.GET, "GET", `/v1/stats${query}`, { key });
      expect([reply.status, reply.body]).toEqual([422, { detail }]);
    });
  }

  it("needs a key or a session", async () => {
    const reply = await call(route.GET, "GET", "/v1/stats");
    expect([reply.status, reply.body]).toEqual([401, { detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" } }]);
  });
});

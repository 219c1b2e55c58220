import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as byPath from "@/app/v1/api/deposit/get_transaction/[track_id]/route";
import * as byQuery from "@/app/v1/api/deposit/get_transaction/route";
import { createApiKey } from "@/lib/accounts/create-account";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import { call, newAccount } from "@/test/support/api";
import { createDeposit, newTrackId, type DepositRow } from "@/lib/deposits/create-deposit";

const MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/;
const NOT_FOUND = { detail: { message: "Deposit transaction not found", type: "DEPOSIT_NOT_FOUND" } };

// The two ways of asking, as a table: query string and path.
const lookups = [
  { how: "query", read: (key: string, trackId: string) => call(byQuery.GET, "GET", `/v1/api/deposit/get_transaction?track_id=${encodeURIComponent(trackId)}`, { key }) },
  { how: "path", read: (key: string, trackId: string) => call(byPath.GET, "GET", `/v1/api/deposit/get_transaction/${encodeURIComponent(trackId)}`, { key }) },
];

describe("newTrackId", () => {
  it("is TRK + 20 base32 characters, URL-safe", () => {
    for (let i = 0; i < 200; i++) expect(newTrackId()).toMatch(/^TRK[A-Z2-7]{20}$/);
  });

  it("does not repeat", () => {
    const ids = new Set(Array.from({ length: 5000 }, newTrackId));
    expect(ids.size).toBe(5000);
  });

  it("uses the whole alphabet", () => {
    const seen = new Set(Array.from({ length: 200 }, newTrackId).join(""));
    for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") expect(seen.has(c)).toBe(true);
  });
});

describe("GET /v1/api/deposit/get_transaction", () => {
  let a: Awaited<ReturnType<typeof newAccount>>;
  let b: Awaited<ReturnType<typeof newAccount>>;
  let liveKey: string;
  let pending: DepositRow;
  let success: DepositRow;
  let live: DepositRow;

  /** GET's body of a deposit of `a` (XAF, Cameroon), with its status now. */
  const bodyOf = (d: DepositRow, status: string) => ({
    track_id: d.trackId,
    amount: d.amount,
    phone_number: d.phoneNumber,
    country: "CMR",
    currency: "XAF",
    operator: d.operator,
    status,
    created_at: expect.stringMatching(MICROS),
  });

  beforeAll(async () => {
    a = await newAccount("CMR");
    b = await newAccount("SEN");
    liveKey = (await createApiKey({ email: a.email, mode: "live" })).api_key;
    const base = { accountId: a.accountId, currency: "XAF", country: "CMR", provider: "sandbox" } as const;
    pending = await createDeposit({ ...base, mode: "test", amount: 10250, operator: "MTN_MOMO_CMR", phoneNumber: "237670000011" });
    success = await createDeposit({
      ...base,
      mode: "test",
      amount: 500,
      operator: "ORANGE_MONEY_CMR",
      phoneNumber: "237690000000",
      status: "success",
    });
    live = await createDeposit({ ...base, mode: "live", amount: 700, operator: "MTN_MOMO_CMR", phoneNumber: "237670000000" });
  });

  describe.each(lookups)("by $how", ({ read }) => {
    it.each([
      ["lower case", (id: string) => id.toLowerCase()],
      ["mixed case and spaces", (id: string) => ` ${id.slice(0, 10).toLowerCase()}${id.slice(10)} `],
    ])("finds a track_id typed in %s", async (_what, typed) => {
      const res = await read(a.key, typed(pending.trackId));
      expect([res.status, (res.body as { track_id: string }).track_id]).toEqual([200, pending.trackId]);
    });

    it("returns the deposit, created_at in UTC with microseconds and no zone", async () => {
      const res = await read(a.key, pending.trackId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(bodyOf(pending, "pending"));
      // the same instant as the row's timestamp (JavaScript keeps milliseconds of it)
      const createdAt = (res.body as { created_at: string }).created_at;
      expect(createdAt.slice(0, 23)).toBe(pending.createdAt.toISOString().slice(0, 23));
    });

    it("shows the deposit's current status", async () => {
      expect((await read(a.key, success.trackId)).body).toEqual(bodyOf(success, "success"));
      const db = await getDb();
      await db.update(deposits).set({ status: "failed" }).where(eq(deposits.id, pending.id));
      expect((await read(a.key, pending.trackId)).body).toEqual(bodyOf(pending, "failed"));
      await db.update(deposits).set({ status: "pending" }).where(eq(deposits.id, pending.id));
    });

    it.each([
      { name: "an unknown track_id", key: () => a.key, trackId: () => "TRKAAAAAAAAAAAAAAAAAAAA" },
      { name: "another account's track_id", key: () => b.key, trackId: () => pending.trackId },
      { name: "a live track_id with a test key", key: () => a.key, trackId: () => live.trackId },
      { name: "a test track_id with a live key", key: () => liveKey, trackId: () => pending.trackId },
    ])("$name → 404 DEPOSIT_NOT_FOUND", async ({ key, trackId }) => {
      const res = await read(key(), trackId());
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it("the live key reads the live deposit", async () => {
      expect((await read(liveKey, live.trackId)).body).toEqual(bodyOf(live, "pending"));
    });

    it.each([
      { name: "no api-key header", key: null, status: 401, body: { detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" } } },
      { name: "a malformed key", key: "nope", status: 404, body: { detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" } } },
      {
        name: "an unknown key",
        key: `kola_test_${"A".repeat(43)}`,
        status: 404,
        body: { detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" } },
      },
    ])("$name → $status", async ({ key, status, body }) => {
      const res = await read(key as string, pending.trackId);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(body);
    });
  });

  it.each([
    {
      name: "missing track_id",
      path: "/v1/api/deposit/get_transaction",
      detail: [{ loc: ["query", "track_id"], msg: "Field required", type: "missing" }],
    },
    {
      name: "empty track_id",
      path: "/v1/api/deposit/get_transaction?track_id=",
      detail: [{ loc: ["query", "track_id"], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } }],
    },
    {
      name: "a track_id over 64 characters",
      path: `/v1/api/deposit/get_transaction?track_id=${"T".repeat(65)}`,
      detail: [{ loc: ["query", "track_id"], msg: "String should have at most 64 characters", type: "string_too_long", ctx: { max_length: 64 } }],
    },
  ])("query: $name → 422", async ({ path, detail }) => {
    const res = await call(byQuery.GET, "GET", path, { key: a.key });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail });
  });

  it("path: a track_id over 64 characters → 422 at path", async () => {
    const res = await call(byPath.GET, "GET", `/v1/api/deposit/get_transaction/${"T".repeat(65)}`, { key: a.key });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: [{ loc: ["path", "track_id"], msg: "String should have at most 64 characters", type: "string_too_long", ctx: { max_length: 64 } }],
    });
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("%s → 405", async (method) => {
    const res = await call(byQuery[method], method, "/v1/api/deposit/get_transaction", { key: a.key });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: "Method Not Allowed" });
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/v1/payout-numbers/route";
import * as oneRoute from "@/app/v1/payout-numbers/[payout_number_id]/route";
import * as payoutsRoute from "@/app/v1/payouts/route";
import { errorTypes, type ErrorType } from "@/lib/core/errors";
import { PAYOUT_NUMBER_LIMIT } from "@/lib/payouts/payout-number-schemas";
import { call, newAccount } from "@/test/support/api";
import { addMember, sessionHeaders } from "@/test/support/accounts";

// Saved payout numbers: saved checked against their operator, listed masked, read whole by id,
// removed; scoped by account and mode; a viewer reads, an admin changes.

const error = (type: ErrorType) => ({ status: errorTypes[type].status, type });
const outcome = (r: { status: number; body: unknown }) => ({ status: r.status, type: (r.body as { detail?: { type?: string } }).detail?.type });
const save = (key: string | null, json: unknown, headers: Record<string, string> = {}) => call(listRoute.POST, "POST", "/v1/payout-numbers", { key, json, headers });
const list = (key: string | null, headers: Record<string, string> = {}) => call(listRoute.GET, "GET", "/v1/payout-numbers", { key, headers });
const one = (key: string | null, id: string, method: "GET" | "DELETE" = "GET", headers: Record<string, string> = {}) =>
  call(method === "GET" ? oneRoute.GET : oneRoute.DELETE, method, `/v1/payout-numbers/${id}`, { key, headers });

describe("saved payout numbers", () => {
  // the first /v1 call starts the test server (test/support/api.ts): on a loaded machine, longer than a test's 60 s
  beforeAll(async () => {
    await list(null);
  }, 180_000);

  it("saves, lists masked, reads whole, saves again as the same row, removes", async () => {
    const m = await newAccount("CMR");
    const saved = await save(m.key, { label: "Mon MTN", operator: "MTN_MOMO_CMR", phone_number: "6 70 12 34 56" });
    expect(saved.status).toBe(200);
    const view = saved.body as Record<string, unknown>;
    expect(view).toMatchObject({ label: "Mon MTN", country: "CMR", operator: "MTN_MOMO_CMR", phone_number: "237670123456", phone_number_masked: "+237 •••••••56" });

    // no operator: the number's by its prefix (69: Orange)
    const orange = (await save(m.key, { phone_number: "+237 6 99 00 00 11" })).body as Record<string, unknown>;
    expect(orange).toMatchObject({ operator: "ORANGE_MONEY_CMR", label: "", phone_number: "237699000011" });

    const listed = (await list(m.key)).body as Record<string, unknown>[];
    expect(listed.map((n) => [n.id, n.operator, n.phone_number_masked])).toEqual([
      [view.id, "MTN_MOMO_CMR", "+237 •••••••56"],
      [orange.id, "ORANGE_MONEY_CMR", "+237 •••••••11"],
    ]);
    expect(listed.every((n) => !("phone_number" in n))).toBe(true); // masked in lists

    expect((await one(m.key, view.id as string)).body).toEqual(view);

    // the same number and operator again: the same row, its label replaced when given
    const again = (await save(m.key, { label: "Boutique", operator: "MTN_MOMO_CMR", phone_number: "+237670123456" })).body as Record<string, unknown>;
    expect([again.id, again.label]).toEqual([view.id, "Boutique"]);
    expect(((await save(m.key, { operator: "MTN_MOMO_CMR", phone_number: "237670123456" })).body as Record<string, unknown>).label).toBe("Boutique");
    expect(((await list(m.key)).body as unknown[]).length).toBe(2);

    expect((await one(m.key, view.id as string, "DELETE")).body).toEqual({ id: view.id, deleted: true });
    expect(outcome(await one(m.key, view.id as string))).toEqual(error("PAYOUT_NUMBER_NOT_FOUND"));
    expect(outcome(await one(m.key, view.id as string, "DELETE"))).toEqual(error("PAYOUT_NUMBER_NOT_FOUND"));
  });

  it("refuses an Orange wallet on an MTN number (67…), and a number of another country, with a clear 422", async () => {
    const m = await newAccount("CMR");
    const mismatch = await save(m.key, { operator: "ORANGE_MONEY_CMR", phone_number: "+237 6 77 00 00 00" });
    expect(mismatch.status).toBe(422);
    expect(JSON.stringify(mismatch.body)).toContain("The number is on MTN's network: its wallet is MTN_MOMO_CMR");
    const foreign = await save(m.key, { operator: "MTN_MOMO_CMR", phone_number: "+225 07 07 12 34 56" });
    expect(foreign.status).toBe(422);
    expect(((await list(m.key)).body as unknown[]).length).toBe(0);
    // the withdrawal itself refuses it the same way (POST /v1/payouts)
    const withdrawal = await call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json: { amount: 1000, operator: "ORANGE_MONEY_CMR", phone_number: "+237 6 77 00 00 00" } });
    expect(withdrawal.status).toBe(422);
    expect(JSON.stringify(withdrawal.body)).toContain("MTN's network");
  });

  it("keeps each account's and each mode's numbers apart", async () => {
    const a = await newAccount("CMR");
    const b = await newAccount("CMR");
    const mine = (await save(a.key, { operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 01" })).body as { id: string };
    expect(((await list(b.key)).body as unknown[]).length).toBe(0);
    expect(outcome(await one(b.key, mine.id))).toEqual(error("PAYOUT_NUMBER_NOT_FOUND"));
    expect(outcome(await one(b.key, mine.id, "DELETE"))).toEqual(error("PAYOUT_NUMBER_NOT_FOUND"));
    // the same account in live mode (a dashboard session): none of the test mode's
    const live = await sessionHeaders(a.accountId, undefined, "live");
    expect((await list(null, live)).body).toEqual([]);
    expect(outcome(await one(null, mine.id, "GET", live))).toEqual(error("PAYOUT_NUMBER_NOT_FOUND"));
    const test = await sessionHeaders(a.accountId, undefined, "test");
    expect(((await list(null, test)).body as { id: string }[]).map((n) => n.id)).toEqual([mine.id]);
  });

  it("lets a viewer read and only an admin change", async () => {
    const m = await newAccount("CMR");
    const saved = (await save(m.key, { operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 02" })).body as { id: string };
    const viewer = await sessionHeaders(m.accountId, (await addMember(m.accountId, "viewer")).userId);
    expect(((await list(null, viewer)).body as unknown[]).length).toBe(1);
    expect((await one(null, saved.id, "GET", viewer)).status).toBe(200);
    expect(outcome(await save(null, { operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 03" }, viewer)).status).toBe(403);
    expect(outcome(await one(null, saved.id, "DELETE", viewer)).status).toBe(403);
    const admin = await sessionHeaders(m.accountId, (await addMember(m.accountId, "admin")).userId);
    expect((await save(null, { operator: "MTN_MOMO_CMR", phone_number: "+237 6 70 00 00 03" }, admin)).status).toBe(200);
    expect((await one(null, saved.id, "DELETE", admin)).status).toBe(200);
  });

  it(`holds at most ${PAYOUT_NUMBER_LIMIT} numbers per mode, even saved at once`, async () => {
    const m = await newAccount("CMR");
    const replies = await Promise.all(
      Array.from({ length: PAYOUT_NUMBER_LIMIT + 5 }, (_, i) => save(m.key, { operator: "MTN_MOMO_CMR", phone_number: `+237 6 70 10 00 ${String(i).padStart(2, "0")}` })),
    );
    expect(replies.filter((r) => r.status === 200).length).toBe(PAYOUT_NUMBER_LIMIT);
    expect(replies.filter((r) => r.status !== 200).map(outcome)).toEqual(Array.from({ length: 5 }, () => error("PAYOUT_NUMBER_LIMIT_REACHED")));
    expect(((await list(m.key)).body as unknown[]).length).toBe(PAYOUT_NUMBER_LIMIT);
  });
});

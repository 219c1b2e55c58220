import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as transactionsRoute from "@/app/v1/balance/transactions/route";
import * as payoutRoute from "@/app/v1/payouts/[payout_id]/route";
import * as retryRoute from "@/app/v1/payouts/[payout_id]/retry/route";
import * as payoutsRoute from "@/app/v1/payouts/route";
import * as previewRoute from "@/app/v1/refunds/preview/route";
import * as refundsRoute from "@/app/v1/refunds/route";
import * as releaseRoute from "@/app/v1/sellers/[seller_id]/release/route";
import * as sellerRoute from "@/app/v1/sellers/[seller_id]/route";
import * as salesRoute from "@/app/v1/sellers/[seller_id]/sales/route";
import * as sellersRoute from "@/app/v1/sellers/route";
import { getDb } from "@/lib/db/client";
import { ledgerEntries, outboxEvents } from "@/lib/db/schema";
import { errorTypes, type ErrorType } from "@/lib/core/errors";
import { checkLedger } from "@/lib/ledger/check";
import { call, newAccount } from "@/test/support/api";
import { DAY, marketplaceWithHold, moneyRound, sale, sellersOf, sellerTestHooks } from "@/test/support/sellers";

// The sellers' API, whole bodies: the sellers and their sales, holding a seller,
// releasing early, a failed payout sent to a corrected phone, the refund preview, the events.

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);
const error = (type: ErrorType) => ({ status: errorTypes[type].status, body: { detail: { message: errorTypes[type].message, type } } });
const reply = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const hooks = sellerTestHooks();

// the file's first test also waits for the database's first queries: longer than the default on a busy machine
describe("GET /v1/sellers and /v1/sellers/{seller_id}", { timeout: 90_000 }, () => {
  it("a seller is made by its first sale; its balance and its sales, whole", async () => {
    const m = await marketplaceWithHold(7);
    expect((await call(sellersRoute.GET, "GET", "/v1/sellers", { key: m.key })).body).toEqual([]);
    const deposit = await sale(m.link.id);
    const seller = {
      id: uuid,
      marketplace_id: m.marketplace.id,
      name: "Atelier Fatou",
      phone_number: "237699000000",
      country: "CMR",
      currency: "XAF",
      on_hold: false,
      hold_reason: "",
      held_at: null,
      balance: { pending: 10000, available: 0, in_flight: 0, paid_out: 0 },
      created_at: ISO,
    };
    const listed = await call(sellersRoute.GET, "GET", "/v1/sellers", { key: m.key });
    expect(reply(listed)).toEqual({ status: 200, body: [seller] });
    const id = (listed.body as { id: string }[])[0]!.id;
    expect(reply(await call(sellerRoute.GET, "GET", `/v1/sellers/${id}`, { key: m.key }))).toEqual({ status: 200, body: seller });

    const sales = await call(salesRoute.GET, "GET", `/v1/sellers/${id}/sales`, { key: m.key });
    const row = {
      id: deposit.id,
      track_id: deposit.trackId,
      transaction_id: uuid,
      marketplace_gateway_id: m.link.id,
      buyer_price: 10500,
      share: 10000,
      fee: 500,
      refunded: 0,
      held: 10000,
      owed: 0,
      state: "held",
      release_at: ISO,
      released_at: null,
      payout_id: null,
      created_at: ISO,
    };
    expect(reply(sales)).toEqual({ status: 200, body: [row] });

    hooks.clock().advance(7 * DAY);
    await moneyRound();
    await moneyRound();
    const paid = (await call(salesRoute.GET, "GET", `/v1/sellers/${id}/sales`, { key: m.key })).body as Record<string, unknown>[];
    expect(paid).toEqual([{ ...row, held: 0, state: "paid", released_at: ISO, payout_id: uuid }]);
    expect((await call(sellerRoute.GET, "GET", `/v1/sellers/${id}`, { key: m.key })).body).toEqual({ ...seller, balance: { pending: 0, available: 0, in_flight: 0, paid_out: 10000 } });

    // the seller's statement: the ledger lines of its money (sorted here: on PGlite the test clock
    // is the database's too, and lines written within one of its ticks have one time)
    const lines = (await call(transactionsRoute.GET, "GET", `/v1/balance/transactions?seller_id=${id}`, { key: m.key })).body as Record<string, unknown>[];
    const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(sorted(lines.map((l) => [l.type, l.account, l.amount, l.seller_id]))).toEqual(sorted([
      ["payout_succeeded", "payouts_in_flight", -10000, id],
      ["payout", "payouts_in_flight", 10000, id],
      ["payout", "seller_payable", -10000, id],
      ["seller_release", "seller_payable", 10000, id],
      ["seller_release", "seller_pending", -10000, id],
      ["marketplace_sale", "seller_pending", 10000, id],
    ]));
  });

  it.each([
    ["another account's seller", "other", "SELLER_NOT_FOUND"],
    ["an unknown id", "unknown", "SELLER_NOT_FOUND"],
  ] as const)("404 for %s, on every seller route", async (_, which, type) => {
    const m = await marketplaceWithHold(7);
    await sale(m.link.id);
    const [{ id: own }] = await sellersOf(m.key);
    const other = await newAccount("CMR");
    const key = which === "other" ? other.key : m.key;
    const id = which === "other" ? own! : "00000000-0000-4000-8000-000000000000";
    expect(reply(await call(sellerRoute.GET, "GET", `/v1/sellers/${id}`, { key }))).toEqual(error(type));
    expect(reply(await call(sellerRoute.PATCH, "PATCH", `/v1/sellers/${id}`, { key, json: { on_hold: true } }))).toEqual(error(type));
    expect(reply(await call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key, json: {} }))).toEqual(error(type));
    expect(reply(await call(salesRoute.GET, "GET", `/v1/sellers/${id}/sales`, { key }))).toEqual(error(type));
    expect((await call(sellersRoute.GET, "GET", "/v1/sellers", { key: other.key })).body).toEqual([]);
  });

  it("422 for a seller id that is not a uuid, and a hold that is not a boolean", async () => {
    const { key } = await newAccount("CMR");
    expect(reply(await call(sellerRoute.GET, "GET", "/v1/sellers/nope", { key }))).toEqual({
      status: 422,
      body: { detail: [{ loc: ["path", "seller_id"], msg: expect.any(String), type: "uuid_parsing", ctx: expect.anything() }] },
    });
    const res = await call(sellerRoute.PATCH, "PATCH", "/v1/sellers/00000000-0000-4000-8000-000000000000", { key, json: { on_hold: "maybe" } });
    expect(reply(res)).toEqual({ status: 422, body: { detail: [{ loc: ["body", "on_hold"], msg: "Input should be a valid boolean, unable to interpret input", type: "bool_parsing" }] } });
  });
});

describe("holding a seller, releasing early", () => {
  it("a seller on hold is not paid; its money waits in available; clearing the hold pays it out", async () => {
    const m = await marketplaceWithHold(7);
    await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    const held = await call(sellerRoute.PATCH, "PATCH", `/v1/sellers/${id}`, { key: m.key, json: { on_hold: true, hold_reason: "Commandes contestées" } });
    expect(held.body).toMatchObject({ on_hold: true, hold_reason: "Commandes contestées", held_at: ISO });
    const early = await call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key: m.key, json: {} });
    expect(early.body).toMatchObject({ balance: { pending: 0, available: 10000, in_flight: 0, paid_out: 0 } });
    await moneyRound();
    expect((await call(sellerRoute.GET, "GET", `/v1/sellers/${id}`, { key: m.key })).body).toMatchObject({ balance: { pending: 0, available: 10000, in_flight: 0, paid_out: 0 } });
    expect((await call(salesRoute.GET, "GET", `/v1/sellers/${id}/sales`, { key: m.key })).body).toMatchObject([{ state: "due", owed: 10000 }]);

    const cleared = await call(sellerRoute.PATCH, "PATCH", `/v1/sellers/${id}`, { key: m.key, json: { on_hold: false } });
    expect(cleared.body).toMatchObject({ on_hold: false, hold_reason: "", held_at: null });
    await moneyRound();
    await moneyRound();
    expect((await call(sellerRoute.GET, "GET", `/v1/sellers/${id}`, { key: m.key })).body).toMatchObject({ balance: { pending: 0, available: 0, in_flight: 0, paid_out: 10000 } });
    expect(await checkLedger()).toEqual([]);
  });

  it("releasing one sale by track_id; an unknown track_id is 404 and releases nothing", async () => {
    const m = await marketplaceWithHold(7);
    const first = await sale(m.link.id);
    await sale(m.link.id, "237670000021");
    const [{ id }] = await sellersOf(m.key);
    const unknown = await call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key: m.key, json: { track_id: "TRKNOSUCHSALE" } });
    expect(reply(unknown)).toEqual({ status: 404, body: { detail: { message: "This seller has no sale with this track_id", type: "DEPOSIT_NOT_FOUND" } } });
    const one = await call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key: m.key, json: { track_id: first.trackId.toLowerCase() } });
    expect(one.body).toMatchObject({ balance: { pending: 10000, available: 10000 } });
    const again = await call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key: m.key, json: { track_id: first.trackId } });
    expect(again.body).toMatchObject({ balance: { pending: 10000, available: 10000 } });
    expect(await checkLedger()).toEqual([]);
  });
});

describe("PATCH /v1/payouts/{payout_id}: a failed seller payout to a corrected phone", () => {
  async function failedSellerPayout() {
    const m = await marketplaceWithHold(0, "+237 6 99 00 00 01"); // the sandbox fails payouts to …01
    const deposit = await sale(m.link.id);
    await moneyRound();
    await moneyRound();
    const [failed] = (await call(payoutsRoute.GET, "GET", "/v1/payouts?kind=seller", { key: m.key })).body as Record<string, unknown>[];
    expect(failed).toMatchObject({ status: "failed", phone_number: "237699000001" });
    return { ...m, deposit, failed: failed! };
  }

  it("sends what the share owes to the new phone once; the ledger says it was redirected; it reaches the seller", async () => {
    const m = await failedSellerPayout();
    const [{ id: sellerId }] = await sellersOf(m.key);
    const patch = (key: string) =>
      call(payoutRoute.PATCH, "PATCH", `/v1/payouts/${m.failed.id}`, { key: m.key, json: { operator: "ORANGE_MONEY_CMR", phone_number: "6 55 00 00 00" }, headers: { "idempotency-key": key } });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => patch(`redirect-${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => JSON.stringify(a.body) === JSON.stringify(error("PAYOUT_NOT_REDIRECTABLE").body))).toBe(true);
    const redirected = answers.find((a) => a.status === 200)!.body as Record<string, unknown>;
    expect(redirected).toEqual({
      ...m.failed,
      id: uuid,
      status: "pending",
      operator: "ORANGE_MONEY_CMR",
      phone_number: "237655000000",
      retry_of: m.failed.id,
      retried_by: null,
      failure_reason: null,
      created_at: ISO,
      completed_at: null,
    });
    const db = await getDb();
    const [entry] = await db.select({ kind: ledgerEntries.kind }).from(ledgerEntries).where(eq(ledgerEntries.payoutId, redirected.id as string));
    expect(entry).toEqual({ kind: "payout_redirected" });
    expect(reply(await call(retryRoute.POST, "POST", `/v1/payouts/${m.failed.id}/retry`, { key: m.key }))).toEqual(error("PAYOUT_NOT_RETRYABLE"));

    await moneyRound();
    expect((await call(sellerRoute.GET, "GET", `/v1/sellers/${sellerId}`, { key: m.key })).body).toMatchObject({ balance: { pending: 0, available: 0, in_flight: 0, paid_out: 10000 } });
    expect(await checkLedger()).toEqual([]);
  });

  it.each([
    ["a wallet of another currency", { operator: "ORANGE_MONEY_SEN", phone_number: "77 000 00 00" }, 422],
    ["a withdrawal", { operator: "MTN_MOMO_CMR", phone_number: "670000000" }, 409],
    ["a seller on hold", { operator: "MTN_MOMO_CMR", phone_number: "670000000" }, 409],
  ] as const)("refused: %s", async (which, body, status) => {
    const m = await failedSellerPayout();
    let id = m.failed.id as string;
    if (which === "a withdrawal") {
      const w = await call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json: { amount: 100, operator: "MTN_MOMO_CMR", phone_number: "670000001" } });
      await moneyRound();
      id = (w.body as { id: string }).id;
    }
    if (which === "a seller on hold") {
      const [{ id: sellerId }] = await sellersOf(m.key);
      await call(sellerRoute.PATCH, "PATCH", `/v1/sellers/${sellerId}`, { key: m.key, json: { on_hold: true } });
    }
    const res = await call(payoutRoute.PATCH, "PATCH", `/v1/payouts/${id}`, { key: m.key, json: body });
    const expected =
      status === 422
        ? { status: 422, body: { detail: [{ loc: ["body", "operator"], msg: "Value error, the payout is in XAF: choose a wallet paid in XAF", type: "value_error", ctx: { error: "the payout is in XAF: choose a wallet paid in XAF" } }] } }
        : error(which === "a withdrawal" ? "PAYOUT_NOT_REDIRECTABLE" : "SELLER_ON_HOLD");
    expect(reply(res)).toEqual(expected);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("GET /v1/refunds/preview", () => {
  it("says what each seller_share would take from whom, before the refund; a payment link has no split", async () => {
    const m = await marketplaceWithHold(7);
    const deposit = await sale(m.link.id);
    const res = await call(previewRoute.GET, "GET", `/v1/refunds/preview?track_id=${deposit.trackId}&amount=5250`, { key: m.key });
    expect(reply(res)).toEqual({
      status: 200,
      body: {
        track_id: deposit.trackId,
        currency: "XAF",
        amount: 5250,
        refundable: 10500,
        share_part: 5000,
        default_seller_share: "reverse",
        options: [
          { seller_share: "reverse", allowed: true, seller_amount: 5000, merchant_amount: 250, seller_available_after: 0, advanced: 0, merchant_pays: 250 },
          { seller_share: "merchant", allowed: true, seller_amount: 0, merchant_amount: 5250, seller_available_after: 0, advanced: 0, merchant_pays: 5250 },
          { seller_share: "debit_seller", allowed: true, seller_amount: 5000, merchant_amount: 250, seller_available_after: -5000, advanced: 5000, merchant_pays: 5250 },
        ],
      },
    });
    const whole = await call(previewRoute.GET, "GET", `/v1/refunds/preview?track_id=${deposit.trackId}`, { key: m.key });
    expect(whole.body).toMatchObject({ amount: 10500, share_part: 10000 });
    const tooMuch = await call(previewRoute.GET, "GET", `/v1/refunds/preview?track_id=${deposit.trackId}&amount=10501`, { key: m.key });
    expect(reply(tooMuch)).toEqual(error("REFUND_EXCEEDS_REMAINING"));

    const db = await getDb();
    const [paymentLink] = await db.select().from(outboxEvents).where(and(eq(outboxEvents.accountId, m.accountId), eq(outboxEvents.type, "payment.succeeded")));
    const trackId = (paymentLink!.data as { track_id: string }).track_id;
    const plain = await call(previewRoute.GET, "GET", `/v1/refunds/preview?track_id=${trackId}`, { key: m.key });
    expect(plain.body).toEqual({ track_id: trackId, currency: "XAF", amount: 20000, refundable: 20000, share_part: null, default_seller_share: null, options: [] });
    const refused = await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: trackId, seller_share: "reverse" } });
    expect(reply(refused)).toEqual({ status: 422, body: { detail: [{ loc: ["body", "seller_share"], msg: "Value error, only a marketplace sale has a seller's share", type: "value_error", ctx: { error: "only a marketplace sale has a seller's share" } }] } });
  });
});

describe("events carry the split", () => {
  it("seller_payout.succeeded and refund.succeeded: the payout and the refund as the API shows them", async () => {
    const m = await marketplaceWithHold(0);
    const deposit = await sale(m.link.id);
    await moneyRound();
    await moneyRound();
    await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: deposit.trackId, amount: 2100, seller_share: "debit_seller" } });
    await moneyRound();
    const db = await getDb();
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.accountId, m.accountId)).orderBy(outboxEvents.createdAt);
    const of = (type: string) => events.find((e) => e.type === type)!.data;
    expect(of("seller_payout.succeeded")).toMatchObject({ kind: "seller", amount: 10000, seller_id: uuid, split: { buyer_price: 10500, seller_share: 10000, fee: 500, refunded: 0 } });
    expect(of("refund.succeeded")).toMatchObject({ amount: 2100, seller_share: "debit_seller", split: { seller_id: uuid, share_part: 2000, seller_amount: 2000, merchant_amount: 100 } });
    expect(events.map((e) => e.type)).not.toContain("payout.succeeded");
  });
});

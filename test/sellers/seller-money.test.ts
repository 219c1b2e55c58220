import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as marketplaceGatewayRoute from "@/app/v1/api/marketplace/gateway/[gateway_id]/route";
import * as payoutsRoute from "@/app/v1/payouts/route";
import * as refundsRoute from "@/app/v1/refunds/route";
import * as releaseRoute from "@/app/v1/sellers/[seller_id]/release/route";
import { getDb } from "@/lib/db/client";
import { processMoneyWork } from "@/lib/money-out/round";
import { marketplaceTransactions, payouts, refunds } from "@/lib/db/schema";
import { errorTypes, type ErrorType } from "@/lib/core/errors";
import { checkLedger } from "@/lib/ledger/check";
import { buy, deliverCallbacks, depositByTrackId, entriesOf } from "@/test/support/money-out";
import { call } from "@/test/support/api";
import { balances, DAY, marketplaceWithHold, moneyRound, sale, sellersOf, sellerTestHooks } from "@/test/support/sellers";

// Sellers' money end to end on the real database: a 7-day payout hold passed by a test
// clock, refunds borne as each `seller_share` says before and after the payout, a seller's debt
// netted from its next sale, the seller fixed at the buyer's submit, and 50 refunds and releases of
// one sale at once. Every case ends with the ledger check; each states the balances before and after.

const error = (type: ErrorType) => ({ status: errorTypes[type].status, body: { detail: { message: errorTypes[type].message, type } } });
const hooks = sellerTestHooks();

const seller = (pending: number, available: number, paidOut: number, inFlight = 0) => ({ pending, available, in_flight: inFlight, paid_out: paidOut });
const merchant = (available: number, debt = 0, refunding = 0) => ({ available, seller_debt: debt, refunds_in_flight: refunding });

// the file's first test also waits for the database's first queries: longer than the default on a busy machine
describe("a sale with a 7-day payout hold", { timeout: 90_000 }, () => {
  it("holds the seller's share for 7 days on the test clock, then pays it out once", async () => {
    const m = await marketplaceWithHold(7);
    await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    expect(await balances(m.key, id!)).toEqual({ merchant: merchant(20500), seller: seller(10000, 0, 0) });

    hooks.clock().advance(7 * DAY - 60_000); // a minute before the hold ends
    await moneyRound();
    expect(await balances(m.key, id!)).toEqual({ merchant: merchant(20500), seller: seller(10000, 0, 0) });

    hooks.clock().advance(60_000);
    await moneyRound(); // released, paid out, sent; the sandbox's answer delivered
    await moneyRound();
    expect(await balances(m.key, id!)).toEqual({ merchant: merchant(20500), seller: seller(0, 0, 10000) });
    await moneyRound();
    // (in any order: on PGlite the test clock is the database's too, and it ticks coarsely)
    const entries = await entriesOf(m.accountId);
    expect([entries.length, entries]).toEqual([
      5,
      expect.arrayContaining([
        ["marketplace_sale", { merchant_available: 500, provider_clearing: -10500, seller_pending: 10000 }],
        ["seller_release", { seller_payable: 10000, seller_pending: -10000 }],
        ["payout", { payouts_in_flight: 10000, seller_payable: -10000 }],
        ["payout_succeeded", { payouts_in_flight: -10000, provider_clearing: 10000 }],
      ]),
    ]);
    expect(await checkLedger()).toEqual([]);
  });

  // Half the sale refunded (5 250 of 10 500): the seller's part is 5 000, the fee's 250. Before: the
  // merchant has 20 000 + the 500 fee available; the seller 10 000 pending (or 10 000 paid out).
  it.each([
    ["held", undefined, { status: 200, seller_share: "reverse", seller_amount: 5000 }, merchant(20250, 0, 5250), seller(5000, 0, 0), seller(0, 0, 5000), merchant(20250)],
    ["held", "reverse", { status: 200, seller_share: "reverse", seller_amount: 5000 }, merchant(20250, 0, 5250), seller(5000, 0, 0), seller(0, 0, 5000), merchant(20250)],
    ["held", "merchant", { status: 200, seller_share: "merchant", seller_amount: 0 }, merchant(15250, 0, 5250), seller(10000, 0, 0), seller(0, 0, 10000), merchant(15250)],
    // the seller owes 5 000 at once (the merchant advances it); its own share repays it at the release
    ["held", "debit_seller", { status: 200, seller_share: "debit_seller", seller_amount: 5000 }, merchant(15250, 5000, 5250), seller(10000, -5000, 0), seller(0, 0, 5000), merchant(20250)],
    ["paid out", undefined, { status: 200, seller_share: "merchant", seller_amount: 0 }, merchant(15250, 0, 5250), seller(0, 0, 10000), seller(0, 0, 10000), merchant(15250)],
    ["paid out", "merchant", { status: 200, seller_share: "merchant", seller_amount: 0 }, merchant(15250, 0, 5250), seller(0, 0, 10000), seller(0, 0, 10000), merchant(15250)],
    ["paid out", "reverse", { status: 409 }, merchant(20500), seller(0, 0, 10000), seller(0, 0, 10000), merchant(20500)],
    ["paid out", "debit_seller", { status: 200, seller_share: "debit_seller", seller_amount: 5000 }, merchant(15250, 5000, 5250), seller(0, -5000, 10000), seller(0, -5000, 10000), merchant(15250, 5000)],
  ] as const)("refunded while the share is %s, seller_share %s", async (when, asked, expected, merchantAfter, sellerAfter, sellerFinal, merchantFinal) => {
    const m = await marketplaceWithHold(7);
    const deposit = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    if (when === "paid out") {
      hooks.clock().advance(7 * DAY);
      for (let i = 0; i < 3; i++) await moneyRound();
    }
    expect(await balances(m.key, id!)).toEqual(when === "held" ? { merchant: merchant(20500), seller: seller(10000, 0, 0) } : { merchant: merchant(20500), seller: seller(0, 0, 10000) });

    const res = await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: deposit.trackId, amount: 5250, ...(asked ? { seller_share: asked } : {}) } });
    if (expected.status === 409) expect({ status: res.status, body: res.body }).toEqual(error("SELLER_SHARE_PAID_OUT"));
    else
      expect(res.body).toMatchObject({
        amount: 5250,
        seller_share: expected.seller_share,
        split: { seller_id: id, share_part: 5000, seller_amount: expected.seller_amount, merchant_amount: 5250 - expected.seller_amount },
      });
    expect(await balances(m.key, id!)).toEqual({ merchant: merchantAfter, seller: sellerAfter });

    hooks.clock().advance(8 * DAY); // the refund reaches the buyer; what is left of the share is released and paid out
    for (let i = 0; i < 3; i++) await moneyRound();
    expect(await balances(m.key, id!)).toEqual({ merchant: merchantFinal, seller: sellerFinal });
    expect(await checkLedger()).toEqual([]);
  });

  it("partial refunds split in proportion, and add up to the whole share exactly", async () => {
    const m = await marketplaceWithHold(7);
    const deposit = await sale(m.link.id);
    const parts = [];
    for (const amount of [3500, 3500, 3500]) {
      const res = await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: deposit.trackId, amount } });
      parts.push((res.body as { split: { share_part: number; merchant_amount: number } }).split);
    }
    expect(parts.map((p) => [p.share_part, p.merchant_amount])).toEqual([
      [3333, 167],
      [3334, 166],
      [3333, 167],
    ]);
    const [{ id }] = await sellersOf(m.key);
    expect(await balances(m.key, id!)).toEqual({ merchant: merchant(20000, 0, 10500), seller: seller(0, 0, 0) });
    expect(await checkLedger()).toEqual([]);
  });
});

describe("a seller's debt", () => {
  it("is netted from its next sale before any new payout; the merchant gets its advance back", async () => {
    const m = await marketplaceWithHold(7);
    const first = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    hooks.clock().advance(7 * DAY);
    for (let i = 0; i < 3; i++) await moneyRound(); // the first share paid out: 10 000
    await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: first.trackId, seller_share: "debit_seller" } });
    await moneyRound(); // the buyer refunded in full: the seller owes its 10 000
    expect(await balances(m.key, id!)).toEqual({ merchant: merchant(10000, 10000), seller: seller(0, -10000, 10000) });

    await sale(m.link.id, "237670000021"); // the next sale: 10 000 held, the seller still owes 10 000
    expect(await balances(m.key, id!)).toEqual({ merchant: merchant(10500, 10000), seller: seller(10000, -10000, 10000) });
    await sale(m.link.id, "237670000022");
    hooks.clock().advance(7 * DAY);
    for (let i = 0; i < 3; i++) await moneyRound();
    // both shares released: 20 000; 10 000 repays the debt (to the merchant), 10 000 is paid out
    expect(await balances(m.key, id!)).toEqual({ merchant: merchant(21000, 0), seller: seller(0, 0, 20000) });
    const paid = (await call(payoutsRoute.GET, "GET", `/v1/payouts?seller_id=${id}`, { key: m.key })).body as { amount: number; status: string }[];
    expect(paid.map((p) => [p.amount, p.status])).toEqual([
      [10000, "success"], // the third sale's
      [10000, "success"], // the first sale's (the second's share went to the debt)
    ]);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("the seller is fixed when the buyer submits", () => {
  it("a phone and price edited between the submit and the success change nothing for that sale", async () => {
    const m = await marketplaceWithHold(0);
    const pending = await buy(m.link.id); // submitted: the sandbox's success is queued, not delivered
    const edited = await call(marketplaceGatewayRoute.PUT, "PUT", `/v1/api/marketplace/gateway/${m.link.id}`, {
      key: m.key,
      json: { phone_number: "+237 6 99 00 00 77", amount: 15000 },
    });
    expect(edited.status).toBe(200);
    await deliverCallbacks(); // the success
    await moneyRound();
    await moneyRound();
    const [payout] = (await call(payoutsRoute.GET, "GET", `/v1/payouts?track_id=${pending.trackId}`, { key: m.key })).body as Record<string, unknown>[];
    expect(payout).toMatchObject({ phone_number: "237699000000", amount: 10000, status: "success", split: { buyer_price: 10500, seller_share: 10000, fee: 500, refunded: 0 } });
    const listed = await sellersOf(m.key);
    expect(listed.map((s) => [(s as unknown as { phone_number: string }).phone_number, s.balance.paid_out])).toEqual([["237699000000", 10000]]);

    await sale(m.link.id, "237670000021"); // a new buyer pays the edited link: a new seller, the new price
    expect((await sellersOf(m.key)).map((s) => (s as unknown as { phone_number: string }).phone_number)).toEqual(["237699000077", "237699000000"]);
    await moneyRound();
    await moneyRound();
    expect(await checkLedger()).toEqual([]);
  });
});

describe("an attempt recorded without its seller", () => {
  it("(by a process of the version before sellers, during an upgrade) gets the link's seller when it succeeds", async () => {
    const m = await marketplaceWithHold(0);
    const pending = await buy(m.link.id);
    const db = await getDb();
    await db.update(marketplaceTransactions).set({ sellerId: null }).where(eq(marketplaceTransactions.depositId, pending.id));
    await deliverCallbacks();
    await moneyRound();
    await moneyRound();
    const [transaction] = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.depositId, pending.id));
    const [{ id }] = await sellersOf(m.key);
    expect(transaction!.sellerId).toBe(id);
    expect(await balances(m.key, id)).toEqual({ merchant: merchant(20500), seller: seller(0, 0, 10000) });
    expect(await checkLedger()).toEqual([]);
  });
});

describe("50 refunds and releases of one sale at once", () => {
  it("move its money once: 5 refunds of a fifth each, the share released at most once", { timeout: 120_000 }, async () => {
    const m = await marketplaceWithHold(7);
    const deposit = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: deposit.trackId, amount: 2100 }, headers: { "idempotency-key": `rf-${i}` } })
          : call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key: m.key, json: { track_id: deposit.trackId }, headers: { "idempotency-key": `rl-${i}` } }),
      ),
    );
    const refundAnswers = answers.filter((_, i) => i % 2);
    expect(refundAnswers.map((a) => a.status).sort()).toEqual([...Array(5).fill(200), ...Array(20).fill(409)]);
    expect(answers.filter((_, i) => !(i % 2)).every((a) => a.status === 200)).toBe(true);
    expect((await depositByTrackId(deposit.trackId)).refundedAmount).toBe(10500);
    const db = await getDb();
    const made = await db.select().from(refunds).where(eq(refunds.depositId, deposit.id));
    expect(made.map((r) => r.sharePart).reduce((a, b) => a + b, 0)).toBe(10000);
    // each refund took its 2 000 back from the share, held or released: the seller is owed nothing
    expect(await balances(m.key, id!)).toEqual({ merchant: merchant(20000, 0, 10500), seller: seller(0, 0, 0) });
    const kinds = (await entriesOf(m.accountId)).map(([kind]) => kind);
    expect(kinds.filter((k) => k === "refund")).toHaveLength(5);
    expect(kinds.filter((k) => k === "seller_release").length).toBeLessThanOrEqual(1);
    await moneyRound();
    expect(await db.select().from(payouts).where(eq(payouts.depositId, deposit.id))).toEqual([]);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("background rounds at once", () => {
  it("10 rounds releasing and paying the same due shares pay each share once", { timeout: 120_000 }, async () => {
    const m = await marketplaceWithHold(7);
    for (const buyer of ["237670000021", "237670000022", "237670000023"]) await sale(m.link.id, buyer);
    const [{ id }] = await sellersOf(m.key);
    hooks.clock().advance(7 * DAY);
    await Promise.all(Array.from({ length: 10 }, () => processMoneyWork()));
    const db = await getDb();
    const made = await db.select().from(payouts).where(eq(payouts.sellerId, id));
    expect(made.map((p) => p.amount)).toEqual([10000, 10000, 10000]);
    expect(new Set(made.map((p) => p.depositId)).size).toBe(3);
    await moneyRound();
    await moneyRound();
    expect(await balances(m.key, id)).toEqual({ merchant: merchant(21500), seller: seller(0, 0, 30000) });
    expect(await checkLedger()).toEqual([]);
  });
});

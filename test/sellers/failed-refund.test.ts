import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as payoutRoute from "@/app/v1/payouts/[payout_id]/route";
import * as retryRoute from "@/app/v1/payouts/[payout_id]/retry/route";
import * as payoutsRoute from "@/app/v1/payouts/route";
import * as refundsRoute from "@/app/v1/refunds/route";
import * as releaseRoute from "@/app/v1/sellers/[seller_id]/release/route";
import { databaseSettings, getDb } from "@/lib/db/client";
import { refunds, sellerShares } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { REFUND_UNDER_WAY } from "@/lib/payouts/create-seller-payout";
import { payDueShares } from "@/lib/money-out/seller-payouts";
import { call } from "@/test/support/api";
import { balances, DAY, failRefund, marketplaceWithHold, moneyRound, sale, salesOf, sellersOf, sellerTestHooks } from "@/test/support/sellers";

// A sale's refund that fails at the provider gives each part back, and what was owed to the seller
// is paid out after all, exactly once, whatever happened to the share meanwhile: released early
// (repaying the debt the refund made), or a payout due while the refund was under way. A payout is
// never computed against money that a refund under way may give back (lib/payouts/create-seller-payout.ts).

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);
const hooks = sellerTestHooks();

const seller = (pending: number, available: number, paidOut: number, inFlight = 0) => ({ pending, available, in_flight: inFlight, paid_out: paidOut });
const merchant = (available: number, debt = 0, refunding = 0) => ({ available, seller_debt: debt, refunds_in_flight: refunding });
type Share = { held: number; owed: number; refunded: number; state: string; released?: boolean; payout?: boolean };

/** The sale as GET /v1/sellers/{id}/sales shows it: a 10 500 sale, share 10 000, fee 500. */
function saleRow(deposit: { id: string; trackId: string }, gatewayId: string, s: Share) {
  return {
    id: deposit.id,
    track_id: deposit.trackId,
    transaction_id: uuid,
    marketplace_gateway_id: gatewayId,
    buyer_price: 10500,
    share: 10000,
    fee: 500,
    refunded: s.refunded,
    held: s.held,
    owed: s.owed,
    state: s.state,
    release_at: ISO,
    released_at: s.released ? ISO : null,
    payout_id: s.payout ? uuid : null,
    created_at: ISO,
  };
}

async function refund(key: string, trackId: string, amount: number, sellerShare: string): Promise<string> {
  const res = await call(refundsRoute.POST, "POST", "/v1/refunds", { key, json: { track_id: trackId, amount, seller_share: sellerShare } });
  expect(res.status).toBe(200);
  return (res.body as { id: string }).id;
}

/** The seller payouts of a sale, oldest first: [amount, status]. */
async function payoutsOf(key: string, trackId: string) {
  const listed = (await call(payoutsRoute.GET, "GET", `/v1/payouts?track_id=${trackId}`, { key })).body as { amount: number; status: string }[];
  return listed.map((p) => [p.amount, p.status]).reverse();
}

describe("a held sale's refund fails after the share was released early", { timeout: 90_000 }, () => {
  // Before: the merchant has 20 000 + the 500 fee available; the seller 10 000 pending. The refund is
  // made, the share released early (POST /v1/sellers/{id}/release) and the background work asked to
  // pay it while the refund is under way; then the provider fails the refund.
  it.each([
    [
      "debit_seller",
      10500,
      [merchant(10000, 10000, 10500), seller(10000, -10000, 0), { held: 10000, owed: 0, refunded: 10000, state: "held" }],
      // released: the share repays the seller's debt; a payout now would be 0 and strand the 10 000 if the refund fails: it waits
      [merchant(20000, 0, 10500), seller(0, 0, 0), { held: 0, owed: 10000, refunded: 10000, state: "due", released: true }],
      [merchant(20500), seller(0, 10000, 0), { held: 0, owed: 10000, refunded: 0, state: "due", released: true }],
    ],
    [
      "debit_seller",
      5250,
      [merchant(15250, 5000, 5250), seller(10000, -5000, 0), { held: 10000, owed: 0, refunded: 5000, state: "held" }],
      [merchant(20250, 0, 5250), seller(0, 5000, 0), { held: 0, owed: 10000, refunded: 5000, state: "due", released: true }],
      [merchant(20500), seller(0, 10000, 0), { held: 0, owed: 10000, refunded: 0, state: "due", released: true }],
    ],
    [
      "reverse",
      10500,
      [merchant(20000, 0, 10500), seller(0, 0, 0), { held: 0, owed: 0, refunded: 10000, state: "closed" }],
      [merchant(20000, 0, 10500), seller(0, 0, 0), { held: 0, owed: 0, refunded: 10000, state: "closed", released: true }],
      // given back to the share where it now is: released, so owed
      [merchant(20500), seller(0, 10000, 0), { held: 0, owed: 10000, refunded: 0, state: "due", released: true }],
    ],
    [
      "reverse",
      5250,
      [merchant(20250, 0, 5250), seller(5000, 0, 0), { held: 5000, owed: 0, refunded: 5000, state: "held" }],
      // a share with a reverse refund under way is not paid: its failure gives the share back
      [merchant(20250, 0, 5250), seller(0, 5000, 0), { held: 0, owed: 5000, refunded: 5000, state: "due", released: true }],
      [merchant(20500), seller(0, 10000, 0), { held: 0, owed: 10000, refunded: 0, state: "due", released: true }],
    ],
    [
      "merchant",
      10500,
      [merchant(10000, 0, 10500), seller(10000, 0, 0), { held: 10000, owed: 0, refunded: 10000, state: "held" }],
      // the merchant bears it all: the seller's share is paid at once
      [merchant(10000, 0, 10500), seller(0, 0, 0, 10000), { held: 0, owed: 0, refunded: 10000, state: "paying", released: true, payout: true }],
      [merchant(20500), seller(0, 0, 0, 10000), { held: 0, owed: 0, refunded: 0, state: "paying", released: true, payout: true }],
    ],
  ] as const)("seller_share %s, %i refunded: the seller's 10 000 is paid out once", async (sellerShare, amount, afterRefund, afterRelease, afterFailure) => {
    const m = await marketplaceWithHold(7);
    const deposit = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    const state = async () => ({ ...(await balances(m.key, id)), sales: await salesOf(m.key, id) });
    const expected = ([merchantNow, sellerNow, share]: readonly [unknown, unknown, Share]) => ({ merchant: merchantNow, seller: sellerNow, sales: [saleRow(deposit, m.link.id, share)] });

    const refundId = await refund(m.key, deposit.trackId, amount, sellerShare);
    expect(await state()).toEqual(expected(afterRefund));

    const released = await call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key: m.key, json: { track_id: deposit.trackId } });
    expect(released.status).toBe(200);
    expect(await payDueShares()).toBe(sellerShare === "merchant" ? 1 : 0);
    expect(await payDueShares()).toBe(0);
    expect(await state()).toEqual(expected(afterRelease));

    expect(await failRefund(refundId)).toEqual({ received: true, outcome: "settled" });
    expect(await state()).toEqual(expected(afterFailure));
    expect(await checkLedger()).toEqual([]);

    for (let i = 0; i < 3; i++) await moneyRound();
    expect(await state()).toEqual({
      merchant: merchant(20500),
      seller: seller(0, 0, 10000),
      sales: [saleRow(deposit, m.link.id, { held: 0, owed: 0, refunded: 0, state: "paid", released: true, payout: true })],
    });
    expect(await payoutsOf(m.key, deposit.trackId)).toEqual([[10000, "success"]]);
    hooks.clock().advance(8 * DAY); // the hold date passes: nothing more to release or pay
    for (let i = 0; i < 2; i++) await moneyRound();
    expect(await payoutsOf(m.key, deposit.trackId)).toEqual([[10000, "success"]]);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("a payout due while a debit_seller refund is under way", { timeout: 90_000 }, () => {
  // No payout hold: the share is due at once (10 000). A partial refund (5 250: the seller's part
  // 5 000) borne by the seller is made before the background work pays the share.
  it.each([
    ["fails", [[10000, "success"]], merchant(20500), seller(0, 0, 10000), { refunded: 0, state: "paid" }],
    // the refund reaches the buyer: the seller bore 5 000, so the share's payout is the 5 000 left
    ["succeeds", [[5000, "success"]], merchant(20250), seller(0, 0, 5000), { refunded: 5000, state: "paid" }],
  ] as const)("waits for the refund's outcome; it %s: the seller is paid what is left, once", async (outcome, paid, merchantFinal, sellerFinal, shareFinal) => {
    const m = await marketplaceWithHold(0);
    const deposit = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    const refundId = await refund(m.key, deposit.trackId, 5250, "debit_seller");
    const due = { merchant: merchant(20250, 0, 5250), seller: seller(0, 5000, 0), sales: [saleRow(deposit, m.link.id, { held: 0, owed: 10000, refunded: 5000, state: "due", released: true })] };
    expect({ ...(await balances(m.key, id)), sales: await salesOf(m.key, id) }).toEqual(due);

    expect(await payDueShares()).toBe(0); // paying 5 000 now would strand the other 5 000 if the refund fails
    expect({ ...(await balances(m.key, id)), sales: await salesOf(m.key, id) }).toEqual(due);

    if (outcome === "fails") expect(await failRefund(refundId)).toEqual({ received: true, outcome: "settled" });
    for (let i = 0; i < 4; i++) await moneyRound();
    expect({ ...(await balances(m.key, id)), sales: await salesOf(m.key, id) }).toEqual({
      merchant: merchantFinal,
      seller: sellerFinal,
      sales: [saleRow(deposit, m.link.id, { held: 0, owed: 0, ...shareFinal, released: true, payout: true })],
    });
    expect(await payoutsOf(m.key, deposit.trackId)).toEqual(paid);
    expect(await checkLedger()).toEqual([]);
  });

  it.each([
    ["fails", [[10000, "success"]], merchant(21000), seller(0, 0, 20000), { refunded: 0, state: "paid", payout: true }],
    // the refund reaches the buyer: the released sale's 10 000 went to the refund (closed), the other sale is paid
    ["succeeds", [], merchant(20500), seller(0, 0, 10000), { refunded: 10000, state: "paid", payout: true }],
  ] as const)("a refund of another sale of the seller: a payout that it would reduce waits; it %s", async (outcome, paidFirst, merchantFinal, sellerFinal, refundedFinal) => {
    const m = await marketplaceWithHold(7);
    const first = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    await call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key: m.key, json: { track_id: first.trackId } });
    const second = await sale(m.link.id, "237670000021");
    const refundId = await refund(m.key, second.trackId, 10500, "debit_seller"); // the seller's 10 000 available pays it
    expect(await balances(m.key, id)).toEqual({ merchant: merchant(20500, 0, 10500), seller: seller(10000, 0, 0) });
    expect(await payDueShares()).toBe(0);

    if (outcome === "fails") expect(await failRefund(refundId)).toEqual({ received: true, outcome: "settled" });
    for (let i = 0; i < 3; i++) await moneyRound();
    hooks.clock().advance(7 * DAY); // the second sale's hold ends
    for (let i = 0; i < 3; i++) await moneyRound();
    expect(await balances(m.key, id)).toEqual({ merchant: merchantFinal, seller: sellerFinal });
    expect(await payoutsOf(m.key, first.trackId)).toEqual(paidFirst);
    expect(await payoutsOf(m.key, second.trackId)).toEqual([[10000, "success"]]);
    const sales = await salesOf(m.key, id);
    expect(sales).toEqual([
      saleRow(second, m.link.id, { held: 0, owed: 0, released: true, ...refundedFinal }),
      saleRow(first, m.link.id, outcome === "fails" ? { held: 0, owed: 0, refunded: 0, state: "paid", released: true, payout: true } : { held: 0, owed: 0, refunded: 0, state: "closed", released: true }),
    ]);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("a held sale refunded", { timeout: 90_000 }, () => {
  it.each([
    ["in full, reverse (the default)", 10500, undefined, { held: 0, owed: 0, refunded: 10000, state: "closed" }],
    // the seller still gets its share at the release (its balance bore the refund, or the merchant did)
    ["in full, debit_seller", 10500, "debit_seller", { held: 10000, owed: 0, refunded: 10000, state: "held" }],
    ["in full, merchant", 10500, "merchant", { held: 10000, owed: 0, refunded: 10000, state: "held" }],
    ["in part, reverse", 5250, undefined, { held: 5000, owed: 0, refunded: 5000, state: "held" }],
  ] as const)("%s: its state says at once whether anything is left to pay", async (_, amount, sellerShare, share) => {
    const m = await marketplaceWithHold(7);
    const deposit = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    const res = await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: deposit.trackId, amount, ...(sellerShare ? { seller_share: sellerShare } : {}) } });
    expect(res.status).toBe(200);
    expect(await salesOf(m.key, id)).toEqual([saleRow(deposit, m.link.id, share)]);
    expect(await checkLedger()).toEqual([]);
  });
});

describe("a failed seller payout sent again while a refund the seller bears is under way", { timeout: 90_000 }, () => {
  it("is refused, saying why, until the refund's outcome; after its failure it sends the whole share", async () => {
    const m = await marketplaceWithHold(0, "+237 6 99 00 00 01"); // the sandbox fails payouts to …01
    const deposit = await sale(m.link.id);
    await moneyRound();
    await moneyRound();
    const [{ id }] = await sellersOf(m.key);
    const [failed] = (await call(payoutsRoute.GET, "GET", "/v1/payouts?kind=seller", { key: m.key })).body as { id: string; status: string }[];
    expect(failed!.status).toBe("failed");
    const refundId = await refund(m.key, deposit.trackId, 5250, "debit_seller");
    expect(await balances(m.key, id)).toEqual({ merchant: merchant(20250, 0, 5250), seller: seller(0, 5000, 0) });

    const conflict = (type: string) => ({ status: 409, body: { detail: { message: REFUND_UNDER_WAY, type } } });
    const retried = await call(retryRoute.POST, "POST", `/v1/payouts/${failed!.id}/retry`, { key: m.key });
    expect({ status: retried.status, body: retried.body }).toEqual(conflict("PAYOUT_NOT_RETRYABLE"));
    const redirected = await call(payoutRoute.PATCH, "PATCH", `/v1/payouts/${failed!.id}`, { key: m.key, json: { operator: "MTN_MOMO_CMR", phone_number: "670000000" } });
    expect({ status: redirected.status, body: redirected.body }).toEqual(conflict("PAYOUT_NOT_REDIRECTABLE"));
    expect(await salesOf(m.key, id)).toEqual([saleRow(deposit, m.link.id, { held: 0, owed: 10000, refunded: 5000, state: "failed", released: true, payout: true })]);

    expect(await failRefund(refundId)).toEqual({ received: true, outcome: "settled" });
    const again = await call(payoutRoute.PATCH, "PATCH", `/v1/payouts/${failed!.id}`, { key: m.key, json: { operator: "MTN_MOMO_CMR", phone_number: "670000000" } });
    expect(again.body).toMatchObject({ status: "pending", amount: 10000, retry_of: failed!.id, phone_number: "237670000000" });
    await moneyRound();
    await moneyRound();
    expect(await balances(m.key, id)).toEqual({ merchant: merchant(20500), seller: seller(0, 0, 10000) });
    expect(await checkLedger()).toEqual([]);
  });
});

type Barrier = "share" | "refund" | "none";

/**
 * Runs `race` from behind a barrier on PostgreSQL: another transaction holds a row lock until the
 * racers are where `ready` says, then commits and sets them off together.
 * - `share`: the sale's share row, until the refund's failure and the release both wait for it;
 *   the server then gives it to one, then the other, in its own order;
 * - `refund`: the refund's row, until its failure waits for it and the release has answered: the
 *   release, and the background work's payouts, come in while the failure is on its way.
 * PGlite has one connection: the racers simply interleave (as with `none`).
 */
async function fromBarrier<T>(barrier: Barrier, rows: { depositId: string; refundId: string }, ready: () => boolean, race: () => Promise<T>): Promise<T> {
  if (!databaseSettings().databaseUrl || barrier === "none") return race();
  const db = await getDb();
  const waiting = async () =>
    ((await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { n: number }[])[0]!.n;
  let raced: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    if (barrier === "share") await tx.select({ id: sellerShares.depositId }).from(sellerShares).where(eq(sellerShares.depositId, rows.depositId)).for("update");
    else await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, rows.refundId)).for("update");
    raced = race();
    raced.catch(() => {}); // awaited below, once the barrier is open
    await vi.waitFor(async () => expect([await waiting(), ready()]).toEqual([barrier === "share" ? 2 : 1, true]), { timeout: 30_000, interval: 10 });
  });
  return raced!;
}

describe("a refund failing while its share is released", () => {
  it("run at once (with the background work) again and again: the seller is paid each share once, the books agree", { timeout: 240_000 }, async () => {
    const m = await marketplaceWithHold(7);
    const cases = [
      ["debit_seller", 10500],
      ["debit_seller", 5250],
      ["reverse", 10500],
      ["reverse", 5250],
    ] as const;
    const barriers: Barrier[] = ["share", "refund", "none"]; // with the 4 cases: each case behind each barrier once in 12
    let sellerId = "";
    for (let i = 0; i < 12; i++) {
      const [sellerShare, amount] = cases[i % cases.length]!;
      const barrier = barriers[i % barriers.length]!;
      const deposit = await sale(m.link.id, `237670000${String(20 + 10 * i).padStart(3, "0")}`); // never …01-03: the sandbox would fail or drop it
      sellerId ||= (await sellersOf(m.key))[0].id;
      const refundId = await refund(m.key, deposit.trackId, amount, sellerShare);
      let released = false;
      const fail = () => failRefund(refundId);
      const release = async () => {
        const res = await call(releaseRoute.POST, "POST", `/v1/sellers/${sellerId}/release`, { key: m.key, json: { track_id: deposit.trackId } });
        released = true;
        return res.status;
      };
      // the background work pays due shares over and over meanwhile, so that it can come in between
      let racing = true;
      const worker = (async () => {
        // (a turn of the event loop each time: PGlite answers within one, and the racers need theirs)
        while (racing) await Promise.all([payDueShares(), new Promise((r) => setImmediate(r))]);
      })();
      const ready = () => barrier === "share" || released;
      const answers = await fromBarrier(barrier, { depositId: deposit.id, refundId }, ready, () => Promise.all(i % 2 ? [release(), fail()] : [fail(), release()])).finally(
        () => (racing = false),
      );
      await worker;
      const what = `${sellerShare} ${amount}, barrier ${barrier}, sale ${i}`;
      expect([what, answers]).toEqual([what, i % 2 ? [200, { received: true, outcome: "settled" }] : [{ received: true, outcome: "settled" }, 200]]);
      expect(await checkLedger()).toEqual([]);
      for (let round = 0; round < 3; round++) await moneyRound();
      expect([what, await payoutsOf(m.key, deposit.trackId)]).toEqual([what, [[10000, "success"]]]);
      expect([what, await balances(m.key, sellerId)]).toEqual([what, { merchant: merchant(20000 + 500 * (i + 1)), seller: seller(0, 0, 10000 * (i + 1)) }]);
      expect([what, (await salesOf(m.key, sellerId))[0]]).toEqual([what, saleRow(deposit, m.link.id, { held: 0, owed: 0, refunded: 0, state: "paid", released: true, payout: true })]);
      expect(await checkLedger()).toEqual([]);
    }
  });
});

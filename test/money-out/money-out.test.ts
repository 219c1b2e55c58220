import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { payDueShares } from "@/lib/money-out/seller-payouts";
import * as disbursements from "@/app/api/providers/[provider]/disbursements/callback/route";
import * as balanceRoute from "@/app/v1/balance/route";
import * as transactionsRoute from "@/app/v1/balance/transactions/route";
import * as depositsRoute from "@/app/v1/deposits/route";
import * as payoutRoute from "@/app/v1/payouts/[payout_id]/route";
import * as retryRoute from "@/app/v1/payouts/[payout_id]/retry/route";
import * as payoutsRoute from "@/app/v1/payouts/route";
import * as refundRoute from "@/app/v1/refunds/[refund_id]/route";
import * as refundsRoute from "@/app/v1/refunds/route";
import * as webhooksRoute from "@/app/v1/webhooks/route";
import { findMarketplaceLink } from "@/lib/checkout/queries";
import { getDb } from "@/lib/db/client";
import { deposits, ledgerEntries, outboxEvents, providerLogs, payouts, refunds, webhookDeliveries } from "@/lib/db/schema";
import { errorTypes, type ErrorType } from "@/lib/core/errors";
import { checkLedger } from "@/lib/ledger/check";
import { releaseDue } from "@/lib/ledger/release";
import { sandboxProvider, setSandboxTransport } from "@/lib/providers/sandbox";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { signCallback } from "@/lib/providers/signature";
import { call, newAccount } from "@/test/support/api";
import { dispatchOutbox } from "@/lib/webhooks/dispatch";
import { processMoneyWork as processMoneyOut } from "@/lib/money-out/round";
import { buy, callbackRequest, deliverCallbacks, depositByTrackId, entriesOf, marketplaceLink, newLink, payLink, queueSandboxCallbacks, queuedCallbacks } from "@/test/support/money-out";

// Money out end to end on the real database: the sandbox collects, pays out and refunds (its
// callbacks delivered in-process), the ledger posts every step, the API shows it.

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);
const at = expect.stringMatching(ISO);
const error = (type: ErrorType) => ({ status: errorTypes[type].status, body: { detail: { message: errorTypes[type].message, type } } });
const reply = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

beforeEach(() => queueSandboxCallbacks());
afterEach(() => {
  setSandboxTransport(undefined);
  delete process.env.TEST_BALANCE_HOLD_SECONDS;
});

/** A merchant whose payment link of `amount` was paid (sandbox success); its deposit. */
async function paidMerchant(amount = 5000) {
  const account = await newAccount("CMR");
  const deposit = await payLink(await newLink(account.key, amount));
  await deliverCallbacks();
  return { ...account, deposit: await depositByTrackId(deposit.trackId) };
}

const balanceOf = async (key: string) => (await call(balanceRoute.GET, "GET", "/v1/balance", { key })).body;
/** GET /v1/balance of a Cameroon account: every bucket in XAF, 0 unless given (`seller`: owed to sellers, available). */
const xaf = (available: number, pending = 0, seller = 0, more: Partial<Record<"merchant_in_flight" | "refunds_in_flight" | "seller_in_flight", number>> = {}) =>
  Object.fromEntries(
    Object.entries({
      available,
      pending,
      seller_payable: seller,
      seller_pending: 0,
      seller_available: seller,
      seller_in_flight: 0,
      merchant_in_flight: 0,
      refunds_in_flight: 0,
      seller_debt: 0,
      ...more,
    }).map(([bucket, amount]) => [bucket, [{ currency: "XAF", amount }]]),
  );

async function eventsOf(accountId: string) {
  const db = await getDb();
  const rows = await db.select().from(outboxEvents).where(eq(outboxEvents.accountId, accountId)).orderBy(outboxEvents.createdAt);
  return rows.map((e) => e.type);
}

describe("what a settled payment posts", () => {
  it("a payment link credits the merchant's available balance (no hold in test mode); the line names its deposit", async () => {
    const m = await paidMerchant(5000);
    expect(await entriesOf(m.accountId)).toEqual([["payment", { merchant_available: 5000, provider_clearing: -5000 }]]);
    expect(await balanceOf(m.key)).toEqual(xaf(5000));
    const lines = await call(transactionsRoute.GET, "GET", "/v1/balance/transactions", { key: m.key });
    expect(lines.body).toEqual([
      {
        id: uuid,
        entry_id: uuid,
        type: "payment",
        account: "merchant_available",
        amount: 5000,
        currency: "XAF",
        seller_id: null,
        source: { type: "deposit", id: m.deposit.id, track_id: m.deposit.trackId, payment_amount: 5000, buyer_name: null },
        available_at: null,
        created_at: at,
      },
    ]);
  });

  it("with a hold, the payment is pending until the release makes it available, once", async () => {
    process.env.TEST_BALANCE_HOLD_SECONDS = "3600";
    const m = await paidMerchant(5000);
    expect(await balanceOf(m.key)).toEqual(xaf(0, 5000));
    expect(await releaseDue()).toBe(0); // not due yet
    const db = await getDb();
    await db.update(ledgerEntries).set({ availableAt: new Date(Date.now() - 1000) }).where(eq(ledgerEntries.accountId, m.accountId));
    expect(await releaseDue()).toBeGreaterThanOrEqual(1);
    expect(await releaseDue()).toBe(0);
    expect(await balanceOf(m.key)).toEqual(xaf(5000, 0));
    expect(await entriesOf(m.accountId)).toEqual([
      ["payment", { merchant_pending: 5000, provider_clearing: -5000 }],
      ["release", { merchant_available: 5000, merchant_pending: -5000 }],
    ]);
  });

  it("100 release rounds at once: each held payment released once, its mark set once", { timeout: 120_000 }, async () => {
    process.env.TEST_BALANCE_HOLD_SECONDS = "3600";
    const merchants = [await paidMerchant(5000), await paidMerchant(7000), await paidMerchant(9000)];
    const db = await getDb();
    for (const m of merchants) await db.update(ledgerEntries).set({ availableAt: new Date(Date.now() - 1000) }).where(eq(ledgerEntries.accountId, m.accountId));
    await Promise.all(Array.from({ length: 100 }, () => releaseDue()));
    for (const [m, amount] of merchants.map((m, i) => [m, [5000, 7000, 9000][i]!] as const)) {
      expect([await balanceOf(m.key), await entriesOf(m.accountId)]).toEqual([
        xaf(amount, 0),
        [
          ["payment", { merchant_pending: amount, provider_clearing: -amount }],
          ["release", { merchant_available: amount, merchant_pending: -amount }],
        ],
      ]);
    }
    expect(await releaseDue()).toBe(0);
  });

  it("the release marks the payment released in its transaction; one released before the mark existed is marked, not released twice", async () => {
    process.env.TEST_BALANCE_HOLD_SECONDS = "3600";
    const m = await paidMerchant(5000);
    const db = await getDb();
    const payment = and(eq(ledgerEntries.accountId, m.accountId), eq(ledgerEntries.kind, "payment"));
    await db.update(ledgerEntries).set({ availableAt: new Date(Date.now() - 1000) }).where(payment);
    const marked = async () => (await db.select({ at: ledgerEntries.releasedAt }).from(ledgerEntries).where(payment)).map((row) => row.at !== null);
    expect(await marked()).toEqual([false]);
    expect(await releaseDue()).toBeGreaterThanOrEqual(1);
    expect(await marked()).toEqual([true]);
    // as the migration left a payment whose release it did not see: read again, marked, nothing posted
    await db.update(ledgerEntries).set({ releasedAt: null }).where(payment);
    expect(await releaseDue()).toBe(0);
    expect([await marked(), await balanceOf(m.key), await entriesOf(m.accountId)]).toEqual([
      [true],
      xaf(5000, 0),
      [
        ["payment", { merchant_pending: 5000, provider_clearing: -5000 }],
        ["release", { merchant_available: 5000, merchant_pending: -5000 }],
      ],
    ]);
  });

  it("a success after our expiry (expired → success) posts the payment then, once; a failure posts nothing", async () => {
    const m = await newAccount("CMR");
    const late = await payLink(await newLink(m.key, 5000), "237670000003"); // the sandbox never answers …03
    const failed = await payLink(await newLink(m.key, 5000), "237670000001");
    await deliverCallbacks();
    expect(await settleDeposit(late.id, { status: "expired", reason: "no_answer_from_payer" })).toBe(true);
    expect(await entriesOf(m.accountId)).toEqual([]);
    expect(await settleDeposit(late.id, { status: "success", providerReference: "SBX-late" })).toBe(true);
    expect(await settleDeposit(late.id, { status: "success", providerReference: "SBX-late" })).toBe(false);
    expect([(await depositByTrackId(failed.trackId)).status, await entriesOf(m.accountId)]).toEqual([
      "failed",
      [["payment", { merchant_available: 5000, provider_clearing: -5000 }]],
    ]);
    expect(await balanceOf(m.key)).toEqual(xaf(5000));
  });

  it("a marketplace sale: buyer_price split into the seller's share (paid out) and the owner's fee (the merchant's)", async () => {
    const m = await marketplaceLink();
    const sale = await buy(m.link.id);
    await deliverCallbacks();
    // no payout hold (seller_payout_delay_days 0): the share is due at once, and paid out by the next round
    expect(await entriesOf(m.accountId)).toEqual([["marketplace_sale", { merchant_available: 500, provider_clearing: -10500, seller_payable: 10000 }]]);
    expect(await balanceOf(m.key)).toEqual(xaf(500, 0, 10000));
    await payDueShares();
    expect(await entriesOf(m.accountId)).toEqual([
      ["marketplace_sale", { merchant_available: 500, provider_clearing: -10500, seller_payable: 10000 }],
      ["payout", { payouts_in_flight: 10000, seller_payable: -10000 }],
    ]);
    expect(await balanceOf(m.key)).toEqual(xaf(500, 0, 0, { seller_in_flight: 10000 }));

    const listed = await call(payoutsRoute.GET, "GET", `/v1/payouts?marketplace_gateway_id=${m.link.id}`, { key: m.key });
    const payout = {
      id: uuid,
      kind: "seller",
      status: "pending",
      amount: 10000,
      currency: "XAF",
      country: "CMR",
      operator: "ORANGE_MONEY_CMR", // 69: an Orange number (lib/countries/operator-of-number.ts)
      phone_number: "237699000000",
      track_id: sale.trackId,
      transaction_id: uuid,
      marketplace_gateway_id: m.link.id,
      seller_id: uuid,
      split: { buyer_price: 10500, seller_share: 10000, fee: 500, refunded: 0 },
      retry_of: null,
      retried_by: null,
      failure_reason: null,
      created_at: at,
      completed_at: null,
    };
    expect(reply(listed)).toEqual({ status: 200, body: [payout] });

    const id = (listed.body as { id: string }[])[0]!.id;
    expect(await processMoneyOut()).toBe(0); // sent: the provider has it
    expect((await call(payoutRoute.GET, "GET", `/v1/payouts/${id}`, { key: m.key })).body).toEqual({ ...payout, status: "processing" });
    expect(await deliverCallbacks()).toEqual([{ received: true, outcome: "settled" }]);
    expect((await call(payoutRoute.GET, "GET", `/v1/payouts/${id}`, { key: m.key })).body).toEqual({ ...payout, status: "success", completed_at: at });
    expect((await entriesOf(m.accountId)).at(-1)).toEqual(["payout_succeeded", { payouts_in_flight: -10000, provider_clearing: 10000 }]);
    expect(await eventsOf(m.accountId)).toEqual(["marketplace.transaction.succeeded", "seller_payout.succeeded"]);
  });
});

/** A FastAPI `value_error` item at `loc` (dotted), as lib/core/validation.ts valueError writes it. */
const valueError = (loc: string, error: string) => ({ loc: loc.split("."), msg: `Value error, ${error}`, type: "value_error", ctx: { error } });

describe("a payout's operator is its number's", () => {
  it("a seller's Orange number in Côte d'Ivoire (07) is paid as ORANGE_MONEY_CIV, not the country's first operator", async () => {
    const m = await marketplaceLink("+225 07 07 12 34 56");
    const { gateway } = (await findMarketplaceLink(m.link.id))!;
    await startPayment({ kind: "market", gateway }, { country: "CIV", operator: "MTN_MOMO_CIV", phone: "2250505000020", client_token: randomUUID().replaceAll("-", ""), full_name: "Awa Diop", email: "awa@example.com" });
    await deliverCallbacks();
    await processMoneyOut();
    const [payout] = (await call(payoutsRoute.GET, "GET", "/v1/payouts", { key: m.key })).body as Record<string, unknown>[];
    expect(payout).toMatchObject({ kind: "seller", country: "CIV", currency: "XOF", operator: "ORANGE_MONEY_CIV", phone_number: "2250707123456", status: "processing" });
    await deliverCallbacks();
    expect((await call(payoutRoute.GET, "GET", `/v1/payouts/${payout!.id}`, { key: m.key })).body).toMatchObject({ operator: "ORANGE_MONEY_CIV", status: "success" });
  });

  it("a seller's number whose prefix tells nothing: the payout fails (operator_unknown), its money waits; PATCH sends it with an operator", async () => {
    const m = await marketplaceLink("+229 01 97 00 00 00"); // Benin: no operator ranges after 01 were found
    const { gateway } = (await findMarketplaceLink(m.link.id))!;
    await startPayment({ kind: "market", gateway }, { country: "BEN", operator: "MTN_MOMO_BEN", phone: "2290197000020", client_token: randomUUID().replaceAll("-", ""), full_name: "Awa Diop", email: "awa@example.com" });
    await deliverCallbacks();
    await processMoneyOut();
    const [failed] = (await call(payoutsRoute.GET, "GET", "/v1/payouts", { key: m.key })).body as Record<string, unknown>[];
    expect(failed).toMatchObject({ country: "BEN", operator: "", status: "failed", failure_reason: "operator_unknown" });
    expect(await queuedCallbacks()).toEqual([]); // nothing was sent to a guessed wallet
    const sent = await call(payoutRoute.PATCH, "PATCH", `/v1/payouts/${failed!.id}`, { key: m.key, json: { operator: "MOOV_MONEY_BEN", phone_number: "+229 01 97 00 00 00" } });
    expect(reply(sent)).toMatchObject({ status: 200, body: { operator: "MOOV_MONEY_BEN", phone_number: "2290197000000", status: "pending", retry_of: failed!.id } });
    await processMoneyOut();
    await deliverCallbacks();
    expect((await call(payoutRoute.GET, "GET", `/v1/payouts/${(sent.body as { id: string }).id}`, { key: m.key })).body).toMatchObject({ status: "success" });
  });

  it("a withdrawal without an operator goes to the number's (69: Orange)", async () => {
    const m = await paidMerchant(5000);
    const created = await call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json: { amount: 1000, phone_number: "+237 6 99 00 00 00" } });
    expect(reply(created)).toMatchObject({ status: 200, body: { kind: "withdrawal", operator: "ORANGE_MONEY_CMR", phone_number: "237699000000", status: "pending" } });
    await processMoneyOut();
    await deliverCallbacks();
  });
});

describe("seller payouts that fail", () => {
  it("return the share to seller_payable; a retry sends it again as a new payout, once per failed one", async () => {
    const m = await marketplaceLink("+237 6 99 00 00 01"); // the sandbox fails payouts to …01
    await buy(m.link.id);
    await deliverCallbacks();
    await processMoneyOut();
    await deliverCallbacks();
    const [failed] = (await call(payoutsRoute.GET, "GET", "/v1/payouts", { key: m.key })).body as Record<string, unknown>[];
    expect(failed).toMatchObject({ status: "failed", failure_reason: "insufficient_funds", retried_by: null });
    expect(await balanceOf(m.key)).toEqual(xaf(500, 0, 10000));

    const retried = await call(retryRoute.POST, "POST", `/v1/payouts/${failed!.id}/retry`, { key: m.key, headers: { "idempotency-key": "retry-1" } });
    expect(reply(retried)).toEqual({ status: 200, body: { ...failed, id: uuid, status: "pending", retry_of: failed!.id, failure_reason: null, created_at: at, completed_at: null } });
    expect(await balanceOf(m.key)).toEqual(xaf(500, 0, 0, { seller_in_flight: 10000 }));
    const again = await call(retryRoute.POST, "POST", `/v1/payouts/${failed!.id}/retry`, { key: m.key });
    expect(reply(again)).toEqual(error("PAYOUT_NOT_RETRYABLE"));
    const pending = await call(retryRoute.POST, "POST", `/v1/payouts/${(retried.body as { id: string }).id}/retry`, { key: m.key });
    expect(reply(pending)).toEqual(error("PAYOUT_NOT_RETRYABLE"));
    expect((await call(payoutRoute.GET, "GET", `/v1/payouts/${failed!.id}`, { key: m.key })).body).toMatchObject({ retried_by: (retried.body as { id: string }).id });

    await processMoneyOut();
    await deliverCallbacks();
    expect(await balanceOf(m.key)).toEqual(xaf(500, 0, 10000)); // the same phone fails again: the money waits again
    expect(await eventsOf(m.accountId)).toEqual(["marketplace.transaction.succeeded", "seller_payout.failed", "seller_payout.failed"]);
  });
});

describe("refunds", () => {
  it("full and partial, never more than remains; each one leaves the available balance and reaches the buyer", async () => {
    const m = await paidMerchant(5000);
    const post = (json: unknown) => call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json });
    const first = await post({ track_id: m.deposit.trackId, amount: 2000, reason: "Taille indisponible" });
    const refund = {
      id: uuid,
      track_id: m.deposit.trackId,
      amount: 2000,
      currency: "XAF",
      status: "pending",
      reason: "Taille indisponible",
      automatic: false,
      failure_reason: null,
      seller_share: null,
      split: null,
      created_at: at,
      completed_at: null,
    };
    expect(reply(first)).toEqual({ status: 200, body: refund });
    expect(reply(await post({ track_id: m.deposit.trackId, amount: 3001 }))).toEqual(error("REFUND_EXCEEDS_REMAINING"));
    const rest = await post({ track_id: m.deposit.trackId }); // omitted amount: what remains
    expect(reply(rest)).toEqual({ status: 200, body: { ...refund, amount: 3000, reason: "" } });
    expect(reply(await post({ track_id: m.deposit.trackId, amount: 1 }))).toEqual(error("REFUND_EXCEEDS_REMAINING"));
    expect(await balanceOf(m.key)).toEqual(xaf(0, 0, 0, { refunds_in_flight: 5000 }));

    await processMoneyOut();
    expect(await deliverCallbacks()).toEqual([
      { received: true, outcome: "settled" },
      { received: true, outcome: "settled" },
    ]);
    const id = (first.body as { id: string }).id;
    expect(reply(await call(refundRoute.GET, "GET", `/v1/refunds/${id}`, { key: m.key }))).toEqual({
      status: 200,
      body: { ...refund, status: "success", completed_at: at },
    });
    const listed = await call(refundsRoute.GET, "GET", `/v1/refunds?track_id=${m.deposit.trackId}&status=success`, { key: m.key });
    expect((listed.body as { amount: number }[]).map((r) => r.amount)).toEqual([3000, 2000]);
    expect(await entriesOf(m.accountId)).toEqual([
      ["payment", { merchant_available: 5000, provider_clearing: -5000 }],
      ["refund", { merchant_available: -2000, refunds_in_flight: 2000 }],
      ["refund", { merchant_available: -3000, refunds_in_flight: 3000 }],
      ["refund_succeeded", { provider_clearing: 2000, refunds_in_flight: -2000 }],
      ["refund_succeeded", { provider_clearing: 3000, refunds_in_flight: -3000 }],
    ]);
    expect(await eventsOf(m.accountId)).toEqual(["payment.succeeded", "refund.succeeded", "refund.succeeded"]);
  });

  it.each([
    ["an unknown track_id", "TRKNOSUCHDEPOSIT", {}, "DEPOSIT_NOT_FOUND"],
    ["more than the payment", "paid", { amount: 5001 }, "REFUND_EXCEEDS_REMAINING"],
    ["a failed payment", "failed", {}, "DEPOSIT_NOT_REFUNDABLE"],
    ["money still pending (hold)", "held", { amount: 100 }, "INSUFFICIENT_BALANCE"],
  ] as const)("refused: %s", async (_, which, extra, type) => {
    if (which === "held") process.env.TEST_BALANCE_HOLD_SECONDS = "3600";
    const m = await paidMerchant(5000);
    let trackId: string = which;
    if (which === "paid" || which === "held") trackId = m.deposit.trackId;
    if (which === "failed") {
      trackId = (await payLink(await newLink(m.key), "237670000001")).trackId;
      await deliverCallbacks();
    }
    const res = await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: trackId, ...extra } });
    expect(reply(res)).toEqual(error(type));
    const db = await getDb();
    expect(await db.select().from(refunds).where(eq(refunds.accountId, m.accountId))).toEqual([]);
  });

  it("a refund that fails gives its amount back to the balance and to what may be refunded", async () => {
    const m = await paidMerchant(5000);
    const res = await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: m.deposit.trackId, amount: 1500 } });
    const id = (res.body as { id: string }).id;
    const raw = JSON.stringify({ event_id: `test:${id}`, kind: "refund", id, reference: "SBX-RF-x", status: "failed", reason: "wallet_closed", timestamp: Math.floor(Date.now() / 1000) });
    const path = "/api/providers/sandbox/disbursements/callback";
    const answer = await disbursements.POST(callbackRequest(path, raw, signCallback(raw)), { params: Promise.resolve({ provider: "sandbox" }) });
    expect(await answer.json()).toEqual({ received: true, outcome: "settled" });
    const replayed = await disbursements.POST(callbackRequest(path, raw, signCallback(raw)), { params: Promise.resolve({ provider: "sandbox" }) });
    expect(await replayed.json()).toEqual({ received: true, outcome: "replay" });
    const forged = await disbursements.POST(callbackRequest(path, raw, "v1=bad"), { params: Promise.resolve({ provider: "sandbox" }) });
    expect([forged.status, await forged.json()]).toEqual([401, error("INVALID_SIGNATURE").body]);

    expect((await call(refundRoute.GET, "GET", `/v1/refunds/${id}`, { key: m.key })).body).toMatchObject({ status: "failed", failure_reason: "wallet_closed" });
    expect(await balanceOf(m.key)).toEqual(xaf(5000));
    expect((await depositByTrackId(m.deposit.trackId)).refundedAmount).toBe(0);
    await processMoneyOut(); // the provider does not know it any more: nothing changes
    expect(await eventsOf(m.accountId)).toEqual(["payment.succeeded", "refund.failed"]);
  });
});

describe("money-out callbacks", () => {
  it("a report of another amount or currency than ours settles nothing and is an alert", async () => {
    const m = await paidMerchant(5000);
    const created = await call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json: { amount: 3000, operator: "MTN_MOMO_CMR", phone_number: "670000000" } });
    const id = (created.body as { id: string }).id;
    const path = "/api/providers/sandbox/disbursements/callback";
    const cases = [
      [{ amount: 2999, currency: "XAF" }, "mismatch"],
      [{ amount: 3000, currency: "XOF" }, "mismatch"],
      [{ amount: null, currency: "XAF" }, "mismatch"],
      [{ amount: 3000, currency: "XAF" }, "settled"],
    ] as const;
    const answers = [];
    for (const [reported] of cases) {
      // the sandbox's own body carries no amount: a provider that reports one (pawaPay) is stood in for
      const spy = vi.spyOn(sandboxProvider.capabilities.moneyOut, "parseDisbursementCallback").mockResolvedValueOnce({
        kind: "payout",
        id,
        eventId: `test:${reported.amount}:${reported.currency}`,
        status: { state: "settled", outcome: "success" },
        ...reported,
      });
      const res = await disbursements.POST(callbackRequest(path, "{}", "unused"), { params: Promise.resolve({ provider: "sandbox" }) });
      answers.push((await res.json()).outcome);
      spy.mockRestore();
    }
    expect(answers).toEqual(cases.map(([, outcome]) => outcome));
    const db = await getDb();
    const logs = await db.select().from(providerLogs).where(eq(providerLogs.accountId, m.accountId)).orderBy(providerLogs.createdAt, providerLogs.id);
    // (the sale's own deposit callback is logged too, since the sandbox goes through the shared handler)
    expect(logs.filter((l) => l.kind === "callback" && l.operation.includes("disbursements")).map((l) => [l.outcome, l.alert])).toEqual([
      ["payout:mismatch", true],
      ["payout:mismatch", true],
      ["payout:mismatch", true],
      ["payout:settled:success", false],
    ]);
    expect(await balanceOf(m.key)).toEqual(xaf(2000));
  });
});

describe("withdrawals", () => {
  it("the available balance to the merchant's phone; never more than available; a failure gives it back", async () => {
    const m = await paidMerchant(5000);
    const post = (json: Record<string, unknown>, key = "w-1") => call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json, headers: { "idempotency-key": key } });
    const body = { amount: 3000, operator: "ORANGE_MONEY_CMR", phone_number: "6 55 00 00 00" };
    const first = await post(body);
    const withdrawal = {
      id: uuid,
      kind: "withdrawal",
      status: "pending",
      amount: 3000,
      currency: "XAF",
      country: "CMR",
      operator: "ORANGE_MONEY_CMR",
      phone_number: "237655000000",
      track_id: null,
      transaction_id: null,
      marketplace_gateway_id: null,
      seller_id: null,
      split: null,
      retry_of: null,
      retried_by: null,
      failure_reason: null,
      created_at: at,
      completed_at: null,
    };
    expect(reply(first)).toEqual({ status: 200, body: withdrawal });
    const replay = await post(body);
    expect([replay.headers.get("idempotent-replayed"), replay.body]).toEqual(["true", first.body]);
    expect(reply(await post({ ...body, amount: 2001 }, "w-2"))).toEqual(error("INSUFFICIENT_BALANCE"));
    expect(await balanceOf(m.key)).toEqual(xaf(2000, 0, 0, { merchant_in_flight: 3000 }));

    const failing = await post({ ...body, amount: 2000, phone_number: "655000001" }, "w-3");
    await processMoneyOut();
    await deliverCallbacks();
    expect((await call(payoutRoute.GET, "GET", `/v1/payouts/${(failing.body as { id: string }).id}`, { key: m.key })).body).toMatchObject({
      status: "failed",
      failure_reason: "insufficient_funds",
    });
    expect((await call(payoutRoute.GET, "GET", `/v1/payouts/${(first.body as { id: string }).id}`, { key: m.key })).body).toEqual({ ...withdrawal, status: "success", completed_at: at });
    expect(await balanceOf(m.key)).toEqual(xaf(2000));
    expect(await eventsOf(m.accountId)).toEqual(["payment.succeeded", "payout.succeeded", "payout.failed"]);
  });

  it("its webhook event carries the payout as the API shows it, in the documented order", async () => {
    const m = await paidMerchant(5000);
    const hook = await call(webhooksRoute.POST, "POST", "/v1/webhooks", { key: m.key, json: { url: "https://shop.example/hooks", event_types: ["payout.succeeded"] } });
    expect(hook.status).toBe(200);
    const created = await call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json: { amount: 5000, operator: "MTN_MOMO_CMR", phone_number: "670000000" } });
    await processMoneyOut();
    await deliverCallbacks();
    await dispatchOutbox();
    const db = await getDb();
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, m.accountId));
    const payload = JSON.parse(delivery!.payload) as { data: Record<string, unknown> };
    const shown = (await call(payoutRoute.GET, "GET", `/v1/payouts/${(created.body as { id: string }).id}`, { key: m.key })).body;
    // a withdrawal is about no payment: its one event is number 1
    expect(payload).toEqual({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), type: "payout.succeeded", created_at: at, sequence: 1, data: shown });
    expect(Object.keys(payload.data).slice(0, 8)).toEqual(["id", "kind", "track_id", "transaction_id", "amount", "currency", "status", "failure_reason"]);
  });

  it.each([
    [{ amount: 100, operator: "NOPE", phone_number: "655000000" }, [{ loc: ["body", "operator"], msg: "Unknown operator code", type: "value_error" }]],
    [{ amount: 100, operator: "MTN_MOMO_CMR", phone_number: "12" }, [{ loc: ["body", "phone_number"], msg: "String should have at least 6 characters", type: "string_too_short", ctx: { min_length: 6 } }]],
    [{ amount: 100, operator: "MTN_MOMO_CMR", phone_number: "221770000000" }, [{ loc: ["body", "phone_number"], msg: "Not a valid mobile number of the operator's country", type: "value_error" }]],
    [{ amount: 100, operator: "MTN_MOMO_CMR", phone_number: "670000000", currency: "XOF" }, [{ loc: ["body", "currency"], msg: "The operator's country pays in XAF", type: "value_error" }]],
    [{ amount: 0, operator: "MTN_MOMO_CMR", phone_number: "670000000" }, [{ loc: ["body", "amount"], msg: "Input should be greater than or equal to 1", type: "greater_than_equal", ctx: { ge: 1 } }]],
    // the operator of a number its prefix tells for certain (67: MTN) is that one
    [{ amount: 100, operator: "ORANGE_MONEY_CMR", phone_number: "670000000" }, [valueError("body.operator", "The number is on MTN's network: its wallet is MTN_MOMO_CMR")]],
    // without an operator: the number's, by its prefix; one whose prefix tells nothing (62) is refused
    [{ amount: 100, phone_number: "+237 6 20 00 00 00" }, [valueError("body.operator", "the number's operator cannot be told from its prefix: give `operator`")]],
    [{ amount: 100, phone_number: "670000000" }, [valueError("body.phone_number", "not a valid mobile number in international form (+225 07 …): give `operator` to use the national form")]],
  ])("422 for %j", async (json, detail) => {
    const { key } = await newAccount("CMR");
    const res = await call(payoutsRoute.POST, "POST", "/v1/payouts", { key, json });
    expect(reply(res)).toEqual({ status: 422, body: { detail } });
  });

  it("another account's payout, refund or balance lines are not found", async () => {
    const m = await paidMerchant(5000);
    const w = await call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json: { amount: 100, operator: "MTN_MOMO_CMR", phone_number: "670000000" } });
    const r = await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: m.deposit.trackId, amount: 100 } });
    const other = await newAccount("CMR");
    expect(reply(await call(payoutRoute.GET, "GET", `/v1/payouts/${(w.body as { id: string }).id}`, { key: other.key }))).toEqual(error("PAYOUT_NOT_FOUND"));
    expect(reply(await call(refundRoute.GET, "GET", `/v1/refunds/${(r.body as { id: string }).id}`, { key: other.key }))).toEqual(error("REFUND_NOT_FOUND"));
    expect(reply(await call(refundsRoute.POST, "POST", "/v1/refunds", { key: other.key, json: { track_id: m.deposit.trackId } }))).toEqual(error("DEPOSIT_NOT_FOUND"));
    expect((await call(transactionsRoute.GET, "GET", "/v1/balance/transactions", { key: other.key })).body).toEqual([]);
    expect(await balanceOf(other.key)).toEqual(xaf(0));
    await processMoneyOut();
    await deliverCallbacks();
  });
});

describe("a payment link paid twice", () => {
  it("keeps one payment and refunds the other automatically; the merchant sees it on the deposit and is told", async () => {
    const m = await newAccount("CMR");
    const link = await newLink(m.key, 5000);
    const first = await payLink(link, "237670000010");
    // the buyer gives the first attempt up and pays again; the first one succeeds anyway
    const db = await getDb();
    await db.update(deposits).set({ abandonedAt: new Date() }).where(eq(deposits.id, first.id));
    const second = await payLink(link, "237670000020");
    await deliverCallbacks();

    const listed = (await call(depositsRoute.GET, "GET", `/v1/deposits?payment_gateway_id=${link}`, { key: m.key })).body as Record<string, unknown>[];
    expect(listed.map((d) => [d.track_id, d.status, d.duplicate_of, d.refunded_amount, d.refundable_amount])).toEqual([
      [second.trackId, "success", first.trackId, 5000, 0],
      [first.trackId, "success", null, 0, 5000],
    ]);
    const [auto] = (await call(refundsRoute.GET, "GET", "/v1/refunds", { key: m.key })).body as Record<string, unknown>[];
    expect(auto).toEqual({
      id: uuid,
      track_id: second.trackId,
      amount: 5000,
      currency: "XAF",
      status: "pending",
      reason: "duplicate_payment",
      automatic: true,
      failure_reason: null,
      seller_share: null,
      split: null,
      created_at: at,
      completed_at: null,
    });
    await processMoneyOut();
    await deliverCallbacks();
    expect(await balanceOf(m.key)).toEqual(xaf(5000)); // one payment kept
    expect(await entriesOf(m.accountId)).toEqual([
      ["payment", { merchant_available: 5000, provider_clearing: -5000 }],
      ["duplicate_payment", { provider_clearing: -5000, refunds_in_flight: 5000 }],
      ["refund_succeeded", { provider_clearing: 5000, refunds_in_flight: -5000 }],
    ]);
    expect(await eventsOf(m.accountId)).toEqual(["payment.succeeded", "payment.succeeded", "refund.succeeded"]);
    const [event] = await db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.accountId, m.accountId), eq(outboxEvents.type, "refund.succeeded")));
    expect(event!.data).toMatchObject({ automatic: true, reason: "duplicate_payment", track_id: second.trackId, status: "success" });
  });
});

describe("concurrency", () => {
  it("100 concurrent withdrawals of the whole balance: exactly one succeeds", { timeout: 120_000 }, async () => {
    const m = await paidMerchant(5000);
    const body = { amount: 5000, operator: "MTN_MOMO_CMR", phone_number: "670000000" };
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json: body, headers: { "idempotency-key": `all-${i}` } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 409).length]).toEqual([1, 99]);
    expect(answers.filter((a) => a.status === 409).every((a) => JSON.stringify(a.body) === JSON.stringify(error("INSUFFICIENT_BALANCE").body))).toBe(true);
    const db = await getDb();
    expect((await db.select().from(payouts).where(eq(payouts.accountId, m.accountId))).length).toBe(1);
    expect(await balanceOf(m.key)).toEqual(xaf(0, 0, 0, { merchant_in_flight: 5000 }));
    expect(await checkLedger()).toEqual([]);
  });

  it("concurrent retries of one failed seller payout: exactly one new payout", async () => {
    const m = await marketplaceLink("+237 6 99 00 00 01");
    await buy(m.link.id);
    await deliverCallbacks();
    await processMoneyOut();
    await deliverCallbacks();
    const [failed] = (await call(payoutsRoute.GET, "GET", "/v1/payouts", { key: m.key })).body as { id: string }[];
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(retryRoute.POST, "POST", `/v1/payouts/${failed!.id}/retry`, { key: m.key })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await balanceOf(m.key)).toEqual(xaf(500, 0, 0, { seller_in_flight: 10000 }));
    expect(await checkLedger()).toEqual([]);
  });

  it("concurrent refunds never exceed the payment", async () => {
    const m = await paidMerchant(5000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: m.deposit.trackId, amount: 1000 } })),
    );
    const counts = { ok: answers.filter((a) => a.status === 200).length, refused: answers.filter((a) => a.status === 409).length };
    expect(counts).toEqual({ ok: 5, refused: 15 });
    expect((await depositByTrackId(m.deposit.trackId)).refundedAmount).toBe(5000);
    expect(await balanceOf(m.key)).toEqual(xaf(0, 0, 0, { refunds_in_flight: 5000 }));
    expect(await checkLedger()).toEqual([]);
  });
});

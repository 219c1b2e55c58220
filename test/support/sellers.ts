import { afterEach, beforeEach, vi } from "vitest";
import * as disbursementCallback from "@/app/api/providers/[provider]/disbursements/callback/route";
import * as balanceRoute from "@/app/v1/balance/route";
import * as gatewayRoute from "@/app/v1/gateway/route";
import * as sellerRoute from "@/app/v1/sellers/[seller_id]/route";
import * as salesRoute from "@/app/v1/sellers/[seller_id]/sales/route";
import * as sellersRoute from "@/app/v1/sellers/route";
import { buy, callbackRequest, deliverCallbacks, marketplaceLink, payLink, queueSandboxCallbacks } from "./money-out";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { signCallback } from "@/lib/providers/signature";
import { processMoneyWork } from "@/lib/money-out/round";
import { call } from "./api";

// Marketplace sellers' money in tests: a merchant with a payout hold, the balances as
// the API shows them, and a test clock: only Date is faked, and it keeps ticking with real time
// (timers and the sandbox's callbacks stay real; embedded PGlite reads its now() from it too), so
// days pass at a call and nothing sleeps.

export const DAY = 86_400_000;

/** Date.now() and new Date() answer a clock the test moves; returns how to move it. */
export function testClock() {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now(), shouldAdvanceTime: true });
  return {
    advance: (ms: number) => vi.setSystemTime(Date.now() + ms),
    restore: () => vi.useRealTimers(),
  };
}

/** Each test of the file gets the sandbox's callbacks queued and a test clock of its own; `clock()` is the running test's. */
export function sellerTestHooks(): { clock: () => ReturnType<typeof testClock> } {
  let clock: ReturnType<typeof testClock>;
  beforeEach(() => {
    queueSandboxCallbacks();
    clock = testClock();
  });
  afterEach(() => {
    clock.restore();
    setSandboxTransport(undefined);
  });
  return { clock: () => clock };
}

/**
 * A merchant with 20 000 XAF available (a paid payment link: what refunds it bears come from
 * there), a marketplace (fee 5 %) holding sellers' shares `holdDays` days, and one seller's link:
 * price 10 000, fee 500, buyer price 10 500.
 */
export async function marketplaceWithHold(holdDays: number, sellerPhone = "+237 6 99 00 00 00") {
  const m = await marketplaceLink(sellerPhone, { seller_payout_delay_days: String(holdDays) });
  const link = await call(gatewayRoute.POST, "POST", "/v1/gateway", { key: m.key, json: { amount: 20000, shop_name: "Caisse" } });
  await payLink((link.body as { id: string }).id, "237670000030");
  await deliverCallbacks();
  return m;
}

/** A buyer pays the link (sandbox success); the sale's deposit. */
export async function sale(linkId: string, buyerPhone = "237670000020") {
  const deposit = await buy(linkId, buyerPhone);
  await deliverCallbacks();
  return deposit;
}

/** The background money work once, and the sandbox's answers delivered: what a few seconds do. */
export async function moneyRound(): Promise<void> {
  await processMoneyWork();
  await deliverCallbacks();
}

type Listed = { id: string; phone_number: string; balance: Record<string, number> };

/** GET /v1/sellers, newest first (the tests that read it have made a sale: at least one). */
export async function sellersOf(key: string) {
  return (await call(sellersRoute.GET, "GET", "/v1/sellers", { key })).body as [Listed, ...Listed[]];
}

/** The merchant's XAF buckets and the seller's balance, as GET /v1/balance and GET /v1/sellers/{id} show them. */
export async function balances(key: string, sellerId: string) {
  const merchant = (await call(balanceRoute.GET, "GET", "/v1/balance", { key })).body as Record<string, { currency: string; amount: number }[]>;
  const seller = (await call(sellerRoute.GET, "GET", `/v1/sellers/${sellerId}`, { key })).body as { balance: Record<string, number> };
  const xaf = (bucket: string) => merchant[bucket]!.find((a) => a.currency === "XAF")!.amount;
  return {
    merchant: { available: xaf("available"), seller_debt: xaf("seller_debt"), refunds_in_flight: xaf("refunds_in_flight") },
    seller: seller.balance,
  };
}

/** The provider reports a refund failed (its signed callback, as the sandbox would send it); its answer. */
export async function failRefund(refundId: string, reason = "wallet_closed"): Promise<unknown> {
  const raw = JSON.stringify({ event_id: `test:failed:${refundId}`, kind: "refund", id: refundId, reference: `SBX-RF-${refundId}`, status: "failed", reason, timestamp: Math.floor(Date.now() / 1000) });
  const res = await disbursementCallback.POST(callbackRequest("/api/providers/sandbox/disbursements/callback", raw, signCallback(raw)), { params: Promise.resolve({ provider: "sandbox" }) });
  return res.json();
}

/** GET /v1/sellers/{id}/sales, newest first. */
export async function salesOf(key: string, sellerId: string) {
  return (await call(salesRoute.GET, "GET", `/v1/sellers/${sellerId}/sales`, { key })).body as Record<string, unknown>[];
}

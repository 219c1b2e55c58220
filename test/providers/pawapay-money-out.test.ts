import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { deposits, providerLogs } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { startPawapayEmulator, type PawapayEmulator } from "@/test/emulators/pawapay";
import { disbursementRoute, FAST_RETRIES, liveAuth, livePayout, pawapayEnv, startLivePayment } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { isProviderError, isRefusal, type ProviderError } from "@/lib/providers/provider-error";
import type { Disbursement, DisbursementUpdate } from "@/lib/providers/types";
import { clearPawapayCache, pawapayProvider } from "@/lib/providers/pawapay";

// pawaPay payouts and refunds (Merchant API v2) against the contract emulator, over real HTTP:
// the documented request bodies, signed callbacks parsed into DisbursementUpdate, the status
// checks, idempotent re-sends of one id, and "outcome unknown" whenever pawaPay gives no answer.

let live: Auth;
let emulator: PawapayEmulator;
let receiver: Served;
const updates: DisbursementUpdate[] = [];

beforeAll(async () => {
  live = await liveAuth("CMR");
  receiver = await startCallbackReceiver(callbackRoute.POST, disbursementRoute(updates));
  emulator = await startPawapayEmulator({
    token: "emulator-token",
    callbackUrl: `${receiver.url}/api/providers/pawapay/callback`,
    disbursementCallbackUrl: `${receiver.url}/api/providers/pawapay/disbursements/callback`,
    callbackDelayMs: 5,
    slowMs: 1500,
  });
  Object.assign(process.env, { ...pawapayEnv(emulator.url), ...FAST_RETRIES });
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(() => {
  clearPawapayCache();
  emulator.setDown(false);
  updates.length = 0;
  for (const key of Object.keys(emulator.tamper)) delete emulator.tamper[key as keyof typeof emulator.tamper];
  process.env.PAWAPAY_BASE_URL = emulator.url;
  process.env.PAWAPAY_API_TOKEN = "emulator-token";
});

const payout = (phone: string, extra: Partial<Disbursement> = {}) => livePayout(live, { currency: "XAF", country: "CM", operator: "MTN_MOMO_CMR" }, phone, extra);

/** A live payment collected by pawaPay (settled by its callback), as the refund's deposit. */
async function paid(phone = "237670000000", amount = 5000): Promise<DepositRow> {
  const started = await startLivePayment(live, { country: "CMR", operator: "MTN_MOMO_CMR", phone }, { amount, shop_name: "Chez Ada" });
  await emulator.settled();
  const db = await getDb();
  const [row] = await db.select().from(deposits).where(eq(deposits.id, started.id));
  return row!;
}

const refundOf = (deposit: DepositRow, amount = deposit.amount): Disbursement => ({
  id: randomUUID(),
  kind: "refund",
  mode: "live",
  amount,
  currency: deposit.currency,
  country: "CM",
  operator: deposit.operator,
  phoneNumber: deposit.phoneNumber,
  deposit,
});

/** The provider log lines of one payout or refund (by its id in the request or in the path). */
async function logsOf(d: Disbursement) {
  const db = await getDb();
  const rows = await db
    .select({ operation: providerLogs.operation, httpStatus: providerLogs.httpStatus, outcome: providerLogs.outcome, alert: providerLogs.alert, request: providerLogs.request, response: providerLogs.response, accountId: providerLogs.accountId, depositId: providerLogs.depositId })
    .from(providerLogs)
    .where(and(eq(providerLogs.provider, "pawapay"), like(providerLogs.operation, `% /v2/${d.kind}s%`)))
    .orderBy(asc(providerLogs.createdAt));
  return rows
    .filter((r) => JSON.stringify(r.request ?? r.response ?? "").includes(d.id))
    .map((r) => ({ operation: r.operation, httpStatus: r.httpStatus, outcome: r.outcome, alert: r.alert, accountId: r.accountId, depositId: r.depositId }));
}

const sentBody = (id: string) => JSON.parse(emulator.received.findLast((r) => r.method === "POST" && r.raw.includes(id))!.raw);

describe("pawaPay payouts", () => {
  it.each([
    { phone: "237670000000", pawapay: "COMPLETED", status: { state: "settled", outcome: "success", providerReference: expect.stringMatching(/^EMUPO\d+$/) } },
    { phone: "237670000001", pawapay: "FAILED", status: { state: "settled", outcome: "failed", reason: "insufficient_funds" } },
    { phone: "237670000002", pawapay: "FAILED", status: { state: "settled", outcome: "failed", reason: "recipient_not_found" } },
    { phone: "237670000006", pawapay: "FAILED", status: { state: "settled", outcome: "failed", reason: "other" } },
  ])("to …$phone: the documented request, a signed callback read as $pawapay, the same from the status check", async ({ phone, pawapay, status }) => {
    const d = payout(phone);
    expect(await pawapayProvider.capabilities.moneyOut.sendPayout(d)).toEqual({ reference: d.id });
    expect(sentBody(d.id)).toEqual({
      payoutId: d.id,
      recipient: { type: "MMO", accountDetails: { phoneNumber: phone, provider: "MTN_MOMO_CMR" } },
      amount: "5000",
      currency: "XAF",
    });
    await emulator.settled();
    expect(emulator.callbacks.at(-1)!.status).toBe(200);
    expect(updates).toEqual([{ kind: "payout", id: d.id, status, eventId: `payout:${d.id}:${pawapay}`, amount: 5000, currency: "XAF", body: emulator.payouts.get(d.id) }]);
    expect(await pawapayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual(status);
    expect(await logsOf(d)).toEqual([
      { operation: "POST /v2/payouts", httpStatus: 200, outcome: "accepted", alert: false, accountId: live.accountId, depositId: null },
      { operation: "GET /v2/payouts/{payoutId}", httpStatus: 200, outcome: pawapay.toLowerCase(), alert: false, accountId: live.accountId, depositId: null },
    ]);
  });

  it.each([
    { name: "an invalid phone number (REJECTED)", d: () => payout("237670000007"), reason: "recipient_not_found", requests: 1 },
    { name: "an amount below the provider's minimum (REJECTED)", d: () => payout("237670000000", { amount: 50 }), reason: "amount_out_of_bounds", requests: 1 },
    { name: "an operator pawaPay does not serve (nothing sent)", d: () => payout("237670000000", { operator: "NOPE_CMR" }), reason: "operator_unavailable", requests: 0 },
    { name: "a wrong API token (403)", d: () => payout("237670000000"), reason: "provider_error", requests: 1, arrange: () => void (process.env.PAWAPAY_API_TOKEN = "wrong") },
  ])("a definite no is a refusal: $name", async ({ d: make, reason, requests, arrange }) => {
    arrange?.();
    const d = make();
    const error = await pawapayProvider.capabilities.moneyOut.sendPayout(d).catch((e: unknown) => e);
    expect(isRefusal(error)).toBe(true);
    expect((error as ProviderError).reason).toBe(reason);
    expect(emulator.payouts.has(d.id)).toBe(false);
    expect((await logsOf(d)).length).toBe(requests);
  });

  it("takes the same payoutId twice as one payout (DUPLICATE_IGNORED): one payout, one callback", async () => {
    const d = payout("237670000000");
    expect(await pawapayProvider.capabilities.moneyOut.sendPayout(d)).toEqual({ reference: d.id });
    expect(await pawapayProvider.capabilities.moneyOut.sendPayout(d)).toEqual({ reference: d.id });
    await emulator.settled();
    expect((await logsOf(d)).map((l) => l.outcome)).toEqual(["accepted", "duplicate_ignored"]);
    expect(updates.map((u) => u.eventId)).toEqual([`payout:${d.id}:COMPLETED`]);
  });

  it("pawaPay down: three tries, then 'outcome unknown' (not a rejection); nothing was paid, so the status check says not found and a re-send of the same id pays once", async () => {
    emulator.setDown(true);
    const d = payout("237670000000");
    const error = await pawapayProvider.capabilities.moneyOut.sendPayout(d).catch((e: unknown) => e);
    expect([isProviderError(error, "unreachable"), isRefusal(error)]).toEqual([true, false]);
    await expect(pawapayProvider.capabilities.moneyOut.queryDisbursement(d)).rejects.toMatchObject({ kind: "unreachable" });
    emulator.setDown(false);
    expect(await pawapayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "not_found" });
    expect(await pawapayProvider.capabilities.moneyOut.sendPayout(d)).toEqual({ reference: d.id });
    await emulator.settled();
    expect(updates.map((u) => [u.id, u.status.outcome])).toEqual([[d.id, "success"]]);
    expect((await logsOf(d)).map((l) => [l.httpStatus, l.outcome])).toEqual([
      [503, "server_error"],
      [503, "server_error"],
      [503, "server_error"],
      [503, "server_error"],
      [503, "server_error"],
      [503, "server_error"],
      [200, "not_found"],
      [200, "accepted"],
    ]);
  });

  it("a lost answer (timeout) is retried with the same id: pawaPay answers DUPLICATE_IGNORED, paid once", async () => {
    process.env.PROVIDER_TIMEOUT_MS = "200";
    const d = payout("237670000008");
    const sent = await pawapayProvider.capabilities.moneyOut.sendPayout(d).finally(() => (process.env.PROVIDER_TIMEOUT_MS = "5000"));
    expect(sent).toEqual({ reference: d.id });
    expect((await logsOf(d)).map((l) => [l.httpStatus, l.outcome])).toEqual([
      [null, "timeout"],
      [200, "duplicate_ignored"],
    ]);
    // the first request is still being answered (slowly): its callback comes once it is done
    for (let i = 0; i < 100 && !updates.length; i++) await new Promise((r) => setTimeout(r, 50));
    await emulator.settled();
    expect(updates.map((u) => u.eventId)).toEqual([`payout:${d.id}:COMPLETED`]);
  });

  it("03 never ends: processing in the status check, and its non-final callback is refused (422)", async () => {
    const d = payout("237670000003");
    await pawapayProvider.capabilities.moneyOut.sendPayout(d);
    expect(await pawapayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "processing" });
    expect(await emulator.sendDisbursementCallback(d.id)).toBe(422);
    expect(updates).toEqual([]);
  });

  it("settles a callback that overtakes the initiation's answer", async () => {
    const d = payout("237670000009");
    await pawapayProvider.capabilities.moneyOut.sendPayout(d);
    expect(updates.map((u) => [u.id, u.status.outcome])).toEqual([[d.id, "success"]]);
  });

  it.each([
    { name: "signed with another key", tamper: { signatureOf: "other-key" as const } },
    { name: "unsigned", tamper: { signatureOf: "none" as const } },
    { name: "changed after signing", tamper: { alterBodyAfterSigning: true } },
  ])("refuses a payout callback $name (401)", async ({ tamper }) => {
    emulator.tamper.mute = true;
    const d = payout("237670000001");
    await pawapayProvider.capabilities.moneyOut.sendPayout(d);
    emulator.tamper.mute = false;
    Object.assign(emulator.tamper, tamper);
    expect(await emulator.sendDisbursementCallback(d.id)).toBe(401);
    expect(updates).toEqual([]);
  });

  it("reports the amount pawaPay says it sent; the status check of other money stays processing and raises an alert", async () => {
    emulator.tamper.mute = true;
    const d = payout("237670000000");
    await pawapayProvider.capabilities.moneyOut.sendPayout(d);
    Object.assign(emulator.tamper, { mute: false, amount: "4999" });
    expect(await emulator.sendDisbursementCallback(d.id)).toBe(200);
    expect(updates.map((u) => [u.amount, u.currency])).toEqual([[4999, "XAF"]]);
    expect(await pawapayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "processing" });
    // the alert beside the status check's own log line (both written at one instant: not ordered by time)
    expect((await logsOf(d)).filter((log) => log.operation === "GET /v2/payouts/{payoutId}" && log.alert)).toEqual([
      { operation: "GET /v2/payouts/{payoutId}", httpStatus: null, outcome: "mismatch", alert: true, accountId: live.accountId, depositId: null },
    ]);
  });
});

describe("pawaPay refunds", () => {
  it("refunds a whole deposit: the documented request, its signed callback and status check", async () => {
    const deposit = await paid();
    const d = refundOf(deposit);
    expect(await pawapayProvider.capabilities.moneyOut.sendRefund!(d)).toEqual({ reference: d.id });
    expect(sentBody(d.id)).toEqual({ refundId: d.id, depositId: deposit.id, amount: "5000", currency: "XAF" });
    await emulator.settled();
    const status = { state: "settled", outcome: "success", providerReference: expect.stringMatching(/^EMURF\d+$/) };
    expect(updates).toEqual([{ kind: "refund", id: d.id, status, eventId: `refund:${d.id}:COMPLETED`, amount: 5000, currency: "XAF", body: { ...emulator.refunds.get(d.id), depositId: undefined } }]);
    expect(await pawapayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual(status);
    expect(await logsOf(d)).toEqual([
      { operation: "POST /v2/refunds", httpStatus: 200, outcome: "accepted", alert: false, accountId: live.accountId, depositId: deposit.id },
      { operation: "GET /v2/refunds/{refundId}", httpStatus: 200, outcome: "completed", alert: false, accountId: live.accountId, depositId: deposit.id },
    ]);
  });

  it.each([
    { name: "2000 then 3000: both taken", amounts: [2000, 3000], results: ["taken", "taken"] },
    { name: "2000 then 4000: more than remains", amounts: [2000, 4000], results: ["taken", "amount_too_large"] },
    { name: "5000 then 1: nothing remains", amounts: [5000, 100], results: ["taken", "already_refunded"] },
  ])("partial refunds, never more than the deposit: $name", async ({ amounts, results }) => {
    const deposit = await paid();
    const got: string[] = [];
    for (const amount of amounts) {
      const outcome = await pawapayProvider.capabilities.moneyOut.sendRefund!(refundOf(deposit, amount)).then(
        () => "taken",
        (e: unknown) => (isRefusal(e) ? e.reason : String(e)),
      );
      await emulator.settled();
      got.push(outcome);
    }
    expect(got).toEqual(results);
  });

  it("takes the same refundId twice as one refund", async () => {
    const d = refundOf(await paid());
    await pawapayProvider.capabilities.moneyOut.sendRefund!(d);
    await pawapayProvider.capabilities.moneyOut.sendRefund!(d);
    await emulator.settled();
    expect((await logsOf(d)).map((l) => l.outcome)).toEqual(["accepted", "duplicate_ignored"]);
    expect(updates.map((u) => u.eventId)).toEqual([`refund:${d.id}:COMPLETED`]);
  });

  it("a refund pawaPay fails is read as failed, with its reason", async () => {
    const d = refundOf(await paid());
    emulator.tamper.failDisbursements = "UNSPECIFIED_FAILURE";
    await pawapayProvider.capabilities.moneyOut.sendRefund!(d);
    await emulator.settled();
    expect(updates.map((u) => u.status)).toEqual([{ state: "settled", outcome: "failed", reason: "other" }]);
  });

  it.each([
    { name: "a deposit pawaPay never collected", d: async () => ({ ...refundOf(await paid()), deposit: { ...(await paid()), id: randomUUID() } }), reason: "not_refundable" },
    { name: "a deposit another provider collected (nothing sent)", d: async () => ({ ...refundOf(await paid()), deposit: { ...(await paid()), provider: "cinetpay" } }), reason: "not_refundable" },
    { name: "no deposit at all (nothing sent)", d: async () => ({ ...refundOf(await paid()), deposit: undefined }), reason: "not_refundable" },
  ])("refuses to refund $name", async ({ d: make, reason }) => {
    const d = await make();
    const error = await pawapayProvider.capabilities.moneyOut.sendRefund!(d).catch((e: unknown) => e);
    expect([isRefusal(error), (error as ProviderError).reason]).toEqual([true, reason]);
  });

  it("'outcome unknown' when pawaPay is down; NOT_FOUND afterwards; the same id re-sent refunds once", async () => {
    const d = refundOf(await paid());
    emulator.setDown(true);
    await expect(pawapayProvider.capabilities.moneyOut.sendRefund!(d)).rejects.toMatchObject({ kind: "unreachable" });
    emulator.setDown(false);
    expect(await pawapayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "not_found" });
    await pawapayProvider.capabilities.moneyOut.sendRefund!(d);
    await pawapayProvider.capabilities.moneyOut.sendRefund!(d);
    await emulator.settled();
    expect(updates.map((u) => [u.id, u.status.outcome])).toEqual([[d.id, "success"]]);
  });
});

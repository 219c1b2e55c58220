import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { canRefund } from "@/lib/providers/money-out-routing";
import { providerLogs } from "@/lib/db/schema";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { cinetpayEnv, disbursementRoute, FAST_RETRIES, liveAuth, livePayout } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { isProviderError, isRefusal, type ProviderError } from "@/lib/providers/provider-error";
import type { Disbursement, DisbursementUpdate } from "@/lib/providers/types";
import { cinetpayProvider } from "@/lib/providers/cinetpay";
import { clearCinetpayTransferToken, prefixAndPhone } from "@/lib/providers/cinetpay/transfer";

// CinetPay money out through its transfer API, against the contract emulator over real HTTP: log in,
// add the contact, send; the unsigned notification is only "look now" (the check call answers);
// the same id sent again is never paid twice; refunds are refused (CinetPay has no refund API).

let live: Auth;
let emulator: CinetpayEmulator;
let receiver: Served;
const updates: DisbursementUpdate[] = [];
const credentials = { apiKey: "cp-api-key", siteId: "105900", secretKey: "cp-secret", transferPassword: "cp-transfer-password" };

beforeAll(async () => {
  live = await liveAuth("CIV");
  receiver = await startCallbackReceiver(callbackRoute.POST, disbursementRoute(updates));
  emulator = await startCinetpayEmulator({ ...credentials, transferDelayMs: 5 });
  Object.assign(process.env, { ...cinetpayEnv(emulator.url, credentials), PUBLIC_BASE_URL: receiver.url, ...FAST_RETRIES });
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(() => {
  emulator.setDown(false);
  updates.length = 0;
  clearCinetpayTransferToken();
  for (const key of Object.keys(emulator.transferTamper)) delete emulator.transferTamper[key as keyof typeof emulator.transferTamper];
  process.env.CINETPAY_TRANSFER_PASSWORD = credentials.transferPassword;
});

const payout = (phone: string, extra: Partial<Disbursement> = {}) => livePayout(live, { currency: "XOF", country: "CI", operator: "ORANGE_MONEY_CIV" }, phone, extra);

async function logsOf(d: Disbursement) {
  const db = await getDb();
  const rows = await db
    .select({ operation: providerLogs.operation, httpStatus: providerLogs.httpStatus, outcome: providerLogs.outcome, request: providerLogs.request, response: providerLogs.response })
    .from(providerLogs)
    .where(and(eq(providerLogs.provider, "cinetpay"), eq(providerLogs.accountId, live.accountId), like(providerLogs.operation, "% /v1/transfer/%")))
    .orderBy(asc(providerLogs.createdAt));
  return rows.filter((r) => JSON.stringify([r.request, r.response]).includes(d.id)).map((r) => [r.operation, r.outcome]);
}

const lastSent = (path: string) => JSON.parse(new URLSearchParams(emulator.received.findLast((r) => r.path === path)!.raw).get("data")!);

describe("CinetPay payouts (transfer API)", () => {
  it.each([
    { phone: "2250700000000", status: { state: "settled", outcome: "success", providerReference: "OPEMUTR" } },
    { phone: "2250700000001", status: { state: "settled", outcome: "failed", reason: "insufficient_funds" } },
    { phone: "2250700000002", status: { state: "settled", outcome: "failed", reason: "other" } },
  ])("to …$phone: contact, transfer as documented, notification confirmed by the check call", async ({ phone, status }) => {
    const d = payout(phone);
    const sent = await cinetpayProvider.capabilities.moneyOut.sendPayout(d);
    expect(sent).toEqual({ reference: emulator.transfers.get(d.id)!.transaction_id });
    expect(lastSent("/v1/transfer/contact")).toEqual([{ prefix: "225", phone: phone.slice(3), name: "Kola", surname: "Beneficiaire", email: "payouts@kola.example" }]);
    expect(lastSent("/v1/transfer/money/send/contact")).toEqual([
      { prefix: "225", phone: phone.slice(3), amount: 5000, notify_url: `${receiver.url}/api/providers/cinetpay/disbursements/callback`, client_transaction_id: d.id },
    ]);
    await emulator.transfersSettled();
    const transfer = emulator.transfers.get(d.id)!;
    const expected = status.outcome === "success" ? { ...status, providerReference: `OP${transfer.transaction_id}` } : { ...status, providerReference: transfer.transaction_id };
    expect(updates).toEqual([
      {
        kind: "payout",
        id: d.id,
        status: expected,
        eventId: `payout:${d.id}:${transfer.treatment_status}`,
        body: { notification: expect.objectContaining({ client_transaction_id: d.id }), check: expect.objectContaining({ client_transaction_id: d.id, treatment_status: transfer.treatment_status }) },
      },
    ]);
    expect(await cinetpayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual(expected);
    // the account's log: the check before sending (none yet), the send, the status query (the
    // notification's own check is logged too, without an account: the callback names none)
    expect(await logsOf(d)).toEqual([
      ["GET /v1/transfer/check/money", "operation_succes"],
      ["POST /v1/transfer/money/send/contact", "operation_succes"],
      ["GET /v1/transfer/check/money", transfer.treatment_status.toLowerCase()],
    ]);
  });

  it.each([
    { name: "a phone CinetPay does not pay (717)", d: () => payout("2250700000007"), reason: "recipient_not_found" },
    { name: "a low transfer balance (602)", d: () => payout("2250700000000"), reason: "insufficient_funds", arrange: () => void (emulator.transferTamper.lowBalance = true) },
    { name: "an amount not a multiple of 5 (nothing sent)", d: () => payout("2250700000000", { amount: 5003 }), reason: "amount_out_of_bounds" },
    { name: "a phone of another country (nothing sent)", d: () => payout("237670000000"), reason: "recipient_not_found" },
    { name: "a wrong transfer password (701)", d: () => payout("2250700000000"), reason: "provider_error", arrange: () => void (process.env.CINETPAY_TRANSFER_PASSWORD = "wrong") },
    { name: "no transfer password set (nothing sent)", d: () => payout("2250700000000"), reason: "payouts_unavailable", arrange: () => void (process.env.CINETPAY_TRANSFER_PASSWORD = "") },
  ])("a definite no is a refusal: $name", async ({ d: make, reason, arrange }) => {
    arrange?.();
    const d = make();
    const error = await cinetpayProvider.capabilities.moneyOut.sendPayout(d).catch((e: unknown) => e);
    expect([isRefusal(error), (error as ProviderError).reason]).toEqual([true, reason]);
    expect(emulator.transfers.has(d.id)).toBe(false);
  });

  it("never sends the same id twice: a re-send finds it with the check call", async () => {
    const d = payout("2250700000003");
    const first = await cinetpayProvider.capabilities.moneyOut.sendPayout(d);
    expect(await cinetpayProvider.capabilities.moneyOut.sendPayout(d)).toEqual(first);
    expect(emulator.received.filter((r) => r.path === "/v1/transfer/money/send/contact" && r.raw.includes(d.id)).length).toBe(1);
    expect(await cinetpayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "processing" }); // 03 stays REC
  });

  it("CinetPay down: 'outcome unknown' (not a rejection); afterwards not found, and the same id pays once", async () => {
    emulator.setDown(true);
    const d = payout("2250700000000");
    const error = await cinetpayProvider.capabilities.moneyOut.sendPayout(d).catch((e: unknown) => e);
    expect([isProviderError(error, "unreachable"), isRefusal(error)]).toEqual([true, false]);
    emulator.setDown(false);
    expect(await cinetpayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "not_found" });
    await cinetpayProvider.capabilities.moneyOut.sendPayout(d);
    await emulator.transfersSettled();
    expect(updates.map((u) => [u.id, u.status.outcome])).toEqual([[d.id, "success"]]);
  });

  it.each([
    { name: "names no transfer of ours", body: () => new URLSearchParams({ client_transaction_id: "not-a-uuid", treatment_status: "VAL" }), status: 422 },
    { name: "names an id CinetPay does not have (a forgery)", body: () => new URLSearchParams({ client_transaction_id: randomUUID(), treatment_status: "VAL" }), status: 401 },
  ])("refuses a notification that $name, settling nothing", async ({ body, status }) => {
    const res = await fetch(`${receiver.url}/api/providers/cinetpay/disbursements/callback`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body().toString() });
    expect(res.status).toBe(status);
    expect(updates).toEqual([]);
  });

  it("reads a forged 'VAL' notification by what the check call says (still REC: refused, nothing settled)", async () => {
    const d = payout("2250700000003");
    await cinetpayProvider.capabilities.moneyOut.sendPayout(d);
    const forged = new URLSearchParams({ client_transaction_id: d.id, treatment_status: "VAL", amount: "5000" });
    const res = await fetch(`${receiver.url}/api/providers/cinetpay/disbursements/callback`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: forged.toString() });
    expect(res.status).toBe(422);
    expect(updates).toEqual([]);
  });

  it("a check that reports other money stays processing and raises an alert", async () => {
    emulator.transferTamper.mute = true;
    const d = payout("2250700000000");
    await cinetpayProvider.capabilities.moneyOut.sendPayout(d);
    await emulator.transfersSettled();
    emulator.transferTamper.amount = "4995";
    expect(await cinetpayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "processing" });
  });

  it("splits a stored phone into CinetPay's prefix and number, by alpha-2 or alpha-3 country", () => {
    expect([prefixAndPhone("CI", "2250700000000"), prefixAndPhone("CIV", "2250700000000"), prefixAndPhone("SN", "2250700000000"), prefixAndPhone("XX", "1")]).toEqual([
      { prefix: "225", phone: "0700000000" },
      { prefix: "225", phone: "0700000000" },
      null,
      null,
    ]);
  });
});

describe("CinetPay refunds", () => {
  it("cannot be asked: CinetPay has no refund API, so the provider offers none and POST /v1/refunds refuses its payments", async () => {
    const d: Disbursement = { ...payout("2250700000000"), kind: "refund" };
    const before = emulator.received.length;
    expect([cinetpayProvider.capabilities.moneyOut.sendRefund, canRefund("cinetpay"), canRefund("pawapay"), canRefund("sandbox")]).toEqual([null, false, true, true]);
    expect(await cinetpayProvider.capabilities.moneyOut.queryDisbursement(d)).toEqual({ state: "not_found" });
    expect(emulator.received.length).toBe(before);
  });
});

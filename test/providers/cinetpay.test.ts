import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import * as returnRoute from "@/app/api/providers/[provider]/return/route";
import * as submitJson from "@/app/api/checkout/pay/[id]/route";
import * as linkPage from "@/app/pay/[id]/route";
import { hit } from "@/test/support/checkout";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { deposits, providerBreakers, providerLogs } from "@/lib/db/schema";
import { reconcilePending } from "@/lib/payments/reconcile";
import { OperatorUnreachable } from "@/lib/payments/offer-deposit";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { cinetpayEnv, closedPort, depositState, FAST_RETRIES, liveAuth, liveLink, startLivePayment } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { routeOperators } from "@/lib/providers";
import { cinetpayAmount } from "@/lib/providers/cinetpay";

let live: Auth;
let emulator: CinetpayEmulator;
let receiver: Served;
const credentials = { apiKey: "cp-api-key", siteId: "105900", secretKey: "cp-secret" };

beforeAll(async () => {
  live = await liveAuth("CIV");
  receiver = await startCallbackReceiver(callbackRoute.POST);
  emulator = await startCinetpayEmulator(credentials);
  Object.assign(process.env, {
    LIVE_PROVIDERS: "cinetpay",
    ...cinetpayEnv(emulator.url, credentials),
    PUBLIC_BASE_URL: receiver.url, // notify_url reaches the callback route over HTTP
    ...FAST_RETRIES,
  });
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  await (await getDb()).delete(providerBreakers); // each test starts with CinetPay trusted
  emulator.setDown(false);
  for (const key of Object.keys(emulator.tamper)) delete emulator.tamper[key as keyof typeof emulator.tamper];
  process.env.CINETPAY_BASE_URL = emulator.url;
  process.env.CINETPAY_API_KEY = credentials.apiKey;
});

const awaLink = (amount = 5000) => liveLink(live, { amount, shop_name: "Boutique Awa" });
const pay = async (phone: string, amount = 5000) => startLivePayment(live, { country: "CIV", operator: "ORANGE_MONEY_CIV", phone }, await awaLink(amount));

const tokenOf = (url: string) => url.split("/payment/")[1]!;

async function stateOf(id: string) {
  const { logs, ...state } = await depositState(id);
  return { ...state, logs: logs.map((l) => `${l.kind} ${l.operation} ${l.httpStatus} ${l.outcome}${l.alert ? " ALERT" : ""}`) };
}

const created = "request POST /v2/payment 200 created";
const checked = (outcome: string) => `request POST /v2/payment/check 200 ${outcome}`;
const notified = (outcome: string) => `callback POST /api/providers/cinetpay/callback 200 ${outcome}`;

describe("CinetPay payments through the contract emulator", () => {
  it("sends the buyer to CinetPay's page, and settles from the check call after the signed notification", async () => {
    const deposit = await pay("0700000000");
    expect(deposit.redirectUrl).toBe(`${emulator.url}/payment/${deposit.providerReference}`);
    const sent = JSON.parse(emulator.received.find((r) => r.path === "/v2/payment" && r.raw.includes(deposit.trackId))!.raw);
    expect(sent).toEqual({
      apikey: credentials.apiKey,
      site_id: credentials.siteId,
      transaction_id: deposit.trackId,
      amount: 5000,
      currency: "XOF",
      description: `Paiement ${deposit.trackId}`,
      notify_url: `${receiver.url}/api/providers/cinetpay/callback`,
      return_url: `${receiver.url}/api/providers/cinetpay/return?track_id=${deposit.trackId}`,
      channels: "MOBILE_MONEY",
      lang: "fr",
      customer_phone_number: "+2250700000000",
      customer_country: "CI",
      lock_phone_number: true,
    });
    expect(await emulator.pay(tokenOf(deposit.redirectUrl!))).toBe(200);
    expect(await stateOf(deposit.id)).toEqual({ status: "success", reason: null, events: ["payment.succeeded"], logs: [created, checked("accepted"), notified("settled:success")] });
    const db = await getDb();
    const [logged] = await db.select({ request: providerLogs.request }).from(providerLogs).where(eq(providerLogs.depositId, deposit.id)).orderBy(asc(providerLogs.createdAt));
    expect(logged!.request).toMatchObject({ apikey: "[hidden]", transaction_id: deposit.trackId });
  });

  it.each([
    ["0700000001", "insufficient_funds"],
    ["0700000002", "refused_by_payer"],
  ])("a payment from %s fails as %s", async (phone, reason) => {
    const deposit = await pay(phone);
    expect(await emulator.pay(tokenOf(deposit.redirectUrl!))).toBe(200);
    expect(await stateOf(deposit.id)).toEqual({ status: "failed", reason, events: ["payment.failed"], logs: [created, checked("refused"), notified("settled:failed")] });
  });

  it.each([
    ["an amount CinetPay cannot take (not a multiple of 5)", 5001, () => {}, "amount_out_of_bounds", []],
    ["a wrong API key", 5000, () => void (process.env.CINETPAY_API_KEY = "wrong"), "provider_error", ["request POST /v2/payment 403 auth_not_found"]],
  ])("fails at once when the initialisation is refused: %s", async (_name, amount, arrange, reason, logs) => {
    arrange();
    const deposit = await pay("0700000000", amount);
    expect([deposit.status, deposit.redirectUrl]).toEqual(["failed", undefined]);
    expect(await stateOf(deposit.id)).toEqual({ status: "failed", reason, events: ["payment.failed"], logs });
  });

  it("never fails a deposit CinetPay may have (503 to the initialisation and the check): the buyer is told, the link freed; once CinetPay answers \"not found\" the reconciler fails it (provider_unreachable)", async () => {
    emulator.setDown(true);
    const error = await pay("0700000000").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnreachable);
    const deposit = (error as OperatorUnreachable).deposit;
    expect(await stateOf(deposit.id)).toEqual({
      status: "pending",
      reason: null,
      events: [],
      logs: [...Array(3).fill("request POST /v2/payment 503 server_error"), ...Array(3).fill("request POST /v2/payment/check 503 server_error")],
    });
    emulator.setDown(false);
    const db = await getDb();
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 20_000) }).where(eq(deposits.id, deposit.id));
    expect(await reconcilePending()).toBeGreaterThanOrEqual(1);
    const after = await stateOf(deposit.id);
    expect([after.status, after.reason, after.events, after.logs.at(-1)]).toEqual(["failed", "provider_unreachable", ["payment.failed"], "request POST /v2/payment/check 404 transaction_not_found"]);
  });

  it("fails at once (provider_unreachable) when CinetPay refuses connections: provably never sent", async () => {
    process.env.CINETPAY_BASE_URL = `http://127.0.0.1:${await closedPort()}`; // nothing listens: refused before a byte is sent
    const error = await pay("0700000000").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnreachable);
    const after = await stateOf((error as OperatorUnreachable).deposit.id);
    expect([after.status, after.reason, after.logs]).toEqual(["failed", "provider_unreachable", Array(3).fill("request POST /v2/payment null connection_refused")]);
  });

  it("settles from the reconciler's check call when the notification is lost", async () => {
    const deposit = await pay("0700000000");
    emulator.tamper.mute = true;
    await emulator.pay(tokenOf(deposit.redirectUrl!));
    const db = await getDb();
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(deposits.id, deposit.id));
    expect(await reconcilePending()).toBeGreaterThanOrEqual(1);
    expect(await stateOf(deposit.id)).toEqual({ status: "success", reason: null, events: ["payment.succeeded"], logs: [created, checked("accepted")] });
  });

  it("asks CinetPay when the buyer comes back, then sends them to the waiting page", async () => {
    const deposit = await pay("0700000000");
    emulator.tamper.mute = true;
    await emulator.pay(tokenOf(deposit.redirectUrl!));
    const res = await returnRoute.POST(new Request(`http://kola.test/api/providers/cinetpay/return?track_id=${deposit.trackId}`, { method: "POST" }), {
      params: Promise.resolve({ provider: "cinetpay" }),
    });
    expect([res.status, res.headers.get("location")]).toEqual([303, `/pay/${deposit.paymentGatewayId}/${deposit.trackId}`]);
    expect((await stateOf(deposit.id)).status).toBe("success");
  });

  it("refuses a notification with a wrong x-token, or none, with 401", async () => {
    const deposit = await pay("0700000000");
    emulator.tamper.mute = true;
    await emulator.pay(tokenOf(deposit.redirectUrl!));
    emulator.tamper.mute = false;
    emulator.tamper.badToken = true;
    expect(await emulator.notify(deposit.trackId)).toBe(401);
    const unsigned = await fetch(`${receiver.url}/api/providers/cinetpay/callback`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: emulator.notifications.at(-1)!.body });
    expect([unsigned.status, await unsigned.json()]).toEqual([401, { detail: { message: "Invalid signature", type: "INVALID_SIGNATURE" } }]);
    expect(await stateOf(deposit.id)).toEqual({ status: "pending", reason: null, events: [], logs: [created] });
  });

  it("settles nothing when the check call reports another amount, and raises an alert", async () => {
    const deposit = await pay("0700000000");
    emulator.tamper.amount = 500;
    expect(await emulator.pay(tokenOf(deposit.redirectUrl!))).toBe(200);
    expect(await stateOf(deposit.id)).toEqual({ status: "pending", reason: null, events: [], logs: [created, checked("accepted"), `${notified("mismatch")} ALERT`] });
  });

  it("takes a replayed notification as a no-op", async () => {
    const deposit = await pay("0700000000");
    await emulator.pay(tokenOf(deposit.redirectUrl!));
    expect(await emulator.notify(deposit.trackId)).toBe(200);
    const { status, events, logs } = await stateOf(deposit.id);
    expect([status, events, logs.at(-1)]).toEqual(["success", ["payment.succeeded"], notified("replay")]);
  });

  it("settles nothing on a notification that comes before the payment is final: only the check call decides", async () => {
    const deposit = await pay("0700000000");
    expect(await emulator.notify(deposit.trackId)).toBe(200); // CinetPay pings while the buyer is still on its page
    expect(await stateOf(deposit.id)).toEqual({ status: "pending", reason: null, events: [], logs: [created, checked("waiting_customer_payment"), notified("processing")] });
    await emulator.pay(tokenOf(deposit.redirectUrl!));
    expect((await stateOf(deposit.id)).status).toBe("success");
  });

  it("answers 503 (CinetPay notifies again) when the check call cannot be made", async () => {
    const deposit = await pay("0700000000");
    emulator.tamper.checkDown = true;
    expect(await emulator.pay(tokenOf(deposit.redirectUrl!))).toBe(503);
    expect((await stateOf(deposit.id)).status).toBe("pending");
  });
});

describe("the checkout in a redirect flow", () => {
  it("sends the page's script to CinetPay's payment page, and the form without script through a page that links there", async () => {
    const gateway = await awaLink();
    const form = { country: "CIV", operator: "ORANGE_MONEY_CIV", phone: "0700000000", client_token: randomUUID().replaceAll("-", "") };
    const json = await hit(submitJson.POST, { id: gateway.id }, `/api/checkout/pay/${gateway.id}?lang=fr`, { form });
    const body = json.json() as { track_id: string; next: string };
    const payment = emulator.payments.get(body.track_id)!;
    expect([json.status, body]).toEqual([200, { track_id: body.track_id, status: "pending", next: `${emulator.url}/payment/${payment.token}` }]);
    // another link: this one now holds its one attempt in flight (DESIGN §3)
    const other = await awaLink();
    const page = await hit(linkPage.POST, { id: other.id }, `/pay/${other.id}?lang=en`, { form: { ...form, client_token: randomUUID().replaceAll("-", "") } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Going to the secure payment page");
    expect(page.text).toMatch(new RegExp(`href="${emulator.url}/payment/[0-9a-f]+"`));
  });
});

describe("CinetPay's rules", () => {
  it.each([
    [5000, "XOF", 5000],
    [5001, "XOF", null],
    [150000, "CDF", 1500],
    [150050, "CDF", null],
  ])("%i minor units of %s are written %s", (minor, currency, written) => {
    expect(cinetpayAmount(minor, currency)).toBe(written);
  });

  it("serves the operators of its countries only", async () => {
    expect(await routeOperators("live", ["ORANGE_MONEY_CIV", "MPESA_KEN"])).toEqual([
      { operator: "ORANGE_MONEY_CIV", provider: "cinetpay" },
      { operator: "MPESA_KEN", provider: null, reason: "unserved" },
    ]);
  });

  it.each([
    ["an amount not a multiple of 5", { amount: 5001 }],
    ["no notify_url", { notify_url: undefined }],
    ["an unknown field", { extra: "x" }],
  ])("the emulator refuses an initialisation with %s (608)", async (_name, change) => {
    const body = { apikey: credentials.apiKey, site_id: credentials.siteId, transaction_id: "TRK1", amount: 5000, currency: "XOF", description: "x", notify_url: "https://a.example/n", return_url: "https://a.example/r", channels: "MOBILE_MONEY", ...change };
    const res = await fetch(`${emulator.url}/v2/payment`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect([res.status, (await res.json()).code]).toEqual([400, "608"]);
  });
});

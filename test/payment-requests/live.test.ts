import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import * as payLink from "@/app/p/[code]/route";
import * as payLinkQr from "@/app/p/[code]/qr.png/route";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { deposits, paymentRequests, providerBreakers } from "@/lib/db/schema";
import { createPaymentRequest } from "@/lib/payment-requests/create";
import { pushRequests } from "@/lib/payment-requests/push";
import { getPaymentRequestOrThrow } from "@/lib/payment-requests/queries";
import { createPaymentRequestBody } from "@/lib/payment-requests/schemas";
import { clearPawapayCache } from "@/lib/providers/pawapay";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { startPawapayEmulator, type PawapayEmulator } from "@/test/emulators/pawapay";
import { cinetpayEnv, FAST_RETRIES, liveAuth } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";

// Requests to pay in live mode, against the providers' contract emulators: pawaPay receives the
// deposit a push is (payer, amount, currency, the shop's name as customerMessage) and calls back;
// an operator only CinetPay (a redirect provider) serves is answered with a pay link, nothing pushed.

let live: Auth;
let pawapay: PawapayEmulator;
let cinetpay: CinetpayEmulator;
let receiver: Served;
const CINETPAY = { apiKey: "k", siteId: "100000", secretKey: "s" };

beforeAll(async () => {
  live = await liveAuth("CMR");
  receiver = await startCallbackReceiver(callbackRoute.POST);
  pawapay = await startPawapayEmulator({ token: "tok", callbackUrl: `${receiver.url}/api/providers/pawapay/callback`, callbackDelayMs: 5 });
  cinetpay = await startCinetpayEmulator(CINETPAY);
  Object.assign(process.env, { ...cinetpayEnv(cinetpay.url, CINETPAY), PAWAPAY_API_TOKEN: "tok", PAWAPAY_BASE_URL: pawapay.url, PUBLIC_BASE_URL: receiver.url, ...FAST_RETRIES });
});

afterAll(async () => {
  await pawapay.settled();
  await Promise.all([pawapay.close(), cinetpay.close(), receiver.close()]);
});

beforeEach(async () => {
  clearPawapayCache();
  await (await getDb()).delete(providerBreakers);
});

const asker = () => ({ ...live, role: "owner" as const, userId: null });
const body = (fields: Record<string, unknown>) => createPaymentRequestBody.parse({ amount: 2500, ...fields });

async function paidOrFailed(id: string) {
  for (let tries = 0; tries < 200; tries++) {
    const view = await getPaymentRequestOrThrow(asker(), id);
    if (view.status !== "pending") return view;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${id} still pending`);
}

describe("a request pushed through pawaPay", () => {
  it("sends pawaPay the deposit (payer, amount, currency, the shop's name) and is paid by its callback", async () => {
    process.env.LIVE_PROVIDERS = "pawapay";
    // no operator given: pawaPay's predict-provider tells it (69…: Orange)
    const request = await createPaymentRequest(asker(), body({ phone_number: "+237 6 99 00 00 00" }), { channel: "api" });
    expect([request.status, request.delivery, request.operator]).toEqual(["pending", "push", "ORANGE_MONEY_CMR"]);
    expect(pawapay.received.filter((r) => r.path === "/v2/predict-provider").map((r) => JSON.parse(r.raw))).toContainEqual({ phoneNumber: "237699000000" });
    expect(await pushRequests()).toBe(1);
    const db = await getDb();
    const [deposit] = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, request.gateway_id));
    const initiations = pawapay.received.filter((r) => r.path === "/v2/deposits" && r.raw.includes(deposit!.id));
    expect(initiations.map((r) => JSON.parse(r.raw))).toEqual([
      {
        depositId: deposit!.id,
        payer: { type: "MMO", accountDetails: { phoneNumber: "237699000000", provider: "ORANGE_CMR" } },
        amount: "2500",
        currency: "XAF",
        customerMessage: "Test shop",
        clientReferenceId: deposit!.trackId,
      },
    ]);
    const paid = await paidOrFailed(request.id);
    expect([paid.status, paid.track_id]).toEqual(["paid", deposit!.trackId]);
    // a second round rings nobody again
    expect(await pushRequests()).toBe(0);
    expect(pawapay.received.filter((r) => r.path === "/v2/deposits" && r.raw.includes(deposit!.id))).toHaveLength(1);
  });
});

describe("an operator only a redirect provider serves", () => {
  it("is answered with a short pay link and its QR: nothing is pushed", async () => {
    process.env.LIVE_PROVIDERS = "cinetpay";
    const request = await createPaymentRequest(asker(), body({ phone_number: "670000000", operator: "MTN_MOMO_CMR" }), { channel: "api" });
    const db = await getDb();
    const [row] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, request.id));
    expect(request).toMatchObject({ status: "pending", delivery: "link", track_id: null, can_resend: false, pay_url: `${receiver.url}/p/${row!.code}`, qr_url: `${receiver.url}/p/${row!.code}/qr.png` });
    expect(await db.select().from(deposits).where(eq(deposits.paymentGatewayId, request.gateway_id))).toEqual([]);
    expect(await pushRequests()).toBe(0);
    // the short link leads to the request's checkout; its QR is a PNG
    const opened = await payLink.GET(new Request(request.pay_url), { params: Promise.resolve({ code: row!.code }) });
    expect([opened.status, opened.headers.get("location")]).toEqual([302, `${receiver.url}/pay/${request.gateway_id}`]);
    const qr = await payLinkQr.GET(new Request(request.qr_url), { params: Promise.resolve({ code: row!.code }) });
    expect([qr.status, qr.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(Buffer.from(await qr.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
    const unknown = await payLink.GET(new Request(`${receiver.url}/p/zzzzzzzz`), { params: Promise.resolve({ code: "zzzzzzzz" }) });
    expect(unknown.status).toBe(404);
  });
});

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import type { Auth } from "@/lib/core/auth";
import * as cinetpayApi from "@/lib/providers/cinetpay/schemas";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { startPawapayEmulator, type PawapayEmulator } from "@/test/emulators/pawapay";
import { cinetpayEnv, liveAuth, startLivePayment } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import { serve, type Served } from "@/test/emulators/serve";
import { clearPawapayCache, pawapayProvider } from "@/lib/providers/pawapay";
import * as pawapayApi from "@/lib/providers/pawapay/schemas";

// The providers' published examples and schemas are the contract: every fixture in
// ./fixtures (sources in fixtures/SOURCES.md) is read by our parsers, and every request we send is
// checked against the schema transcribed from the provider's page, with ajv.

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "providers");
const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), "utf8"));
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const validAgainst = (schema: string, body: unknown) => {
  const validate = ajv.compile(fixture(schema) as object);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

describe("pawaPay's published examples, read by our parsers", () => {
  it("availability: operationTypes as a list of {operationType, status}", () => {
    const statuses = pawapayApi.readAvailability(fixture("pawapay/availability.json"));
    expect(Object.fromEntries(statuses)).toEqual({
      VODAFONE_GHA: { DEPOSIT: "OPERATIONAL", PAYOUT: "DELAYED", REMITTANCE: "OPERATIONAL" },
      MTN_MOMO_GHA: { DEPOSIT: "OPERATIONAL", PAYOUT: "OPERATIONAL", REMITTANCE: "OPERATIONAL" },
      AIRTELTIGO_GHA: { DEPOSIT: "CLOSED", PAYOUT: "DELAYED", REMITTANCE: "OPERATIONAL" },
    });
    // the schema's form too (an object keyed by operation type)
    expect(Object.fromEntries(pawapayApi.readAvailability([{ country: "BEN", providers: [{ provider: "MTN_MOMO_BEN", operationTypes: { DEPOSIT: "CLOSED" } }] }]))).toEqual({
      MTN_MOMO_BEN: { DEPOSIT: "CLOSED" },
    });
  });

  it.each([
    ["the page's example (a list of one-key objects, no limits in it)", "pawapay/active-conf.example.json", { DEPOSIT: { min: undefined, max: undefined, decimalsInAmount: undefined } }],
    ["the schema's form (an object, minAmount/maxAmount)", "pawapay/active-conf.schema-form.json", {
      DEPOSIT: { min: "100", max: "2000000", decimalsInAmount: "NONE" },
      PAYOUT: { min: "100", max: "2000000", decimalsInAmount: "NONE" },
    }],
  ])("active-conf, %s: the provider is kept", (_name, file, operations) => {
    expect(pawapayApi.readActiveConf(fixture(file))).toEqual({ providers: [{ provider: "MTN_MOMO_BEN", currency: "XOF", operations }], skipped: [] });
  });

  it("active-conf: v1's spelling of limits and of operation types, and unknown fields, are read; an unreadable entry skips only itself", () => {
    const conf = {
      countries: [
        {
          country: "CMR",
          extra: { anything: true },
          providers: [
            { provider: "MTN_MOMO_CMR", currencies: [{ currency: "XAF", operationTypes: [{ operationType: "DEPOSIT", minTransactionLimit: "100", maxTransactionLimit: 1000000, novelty: 1 }] }] },
            { notAProvider: true },
            { provider: "ORANGE_CMR", currencies: [{ currency: "XAF", operationTypes: [{ DEPOSIT: { minTransactionLimit: "500" } }] }] },
          ],
        },
      ],
    };
    expect(pawapayApi.readActiveConf(conf)).toEqual({
      providers: [
        { provider: "MTN_MOMO_CMR", currency: "XAF", operations: { DEPOSIT: { min: "100", max: "1000000", decimalsInAmount: undefined } } },
        { provider: "ORANGE_CMR", currency: "XAF", operations: { DEPOSIT: { min: "500", max: undefined, decimalsInAmount: undefined } } },
      ],
      skipped: ['CMR: {"notAProvider":true}'],
    });
  });

  it.each([
    ["deposit initiated", "pawapay/deposit-initiated.json", pawapayApi.initiateAnswer],
    ["deposit status (payer spelled phoneNUmber, metadata an object)", "pawapay/deposit-status-found.json", pawapayApi.statusAnswer],
    ["payout initiated", "pawapay/payout-initiated.json", pawapayApi.payoutAnswer],
    ["payout status", "pawapay/payout-status-found.json", pawapayApi.payoutStatusAnswer],
    ["predict provider", "pawapay/predict-provider.json", pawapayApi.predictAnswer],
  ])("%s", (_name, file, schema) => {
    expect(schema.safeParse(fixture(file)).success).toBe(true);
  });

  it("the deposit callback (the status example's Deposit object) is read as a success of 123.00 ZMW", () => {
    const data = (fixture("pawapay/deposit-status-found.json") as { data: unknown }).data;
    expect(pawapayApi.deposit.parse(data)).toMatchObject({ depositId: "8917c345-4791-4285-a416-62f24b6982db", status: "COMPLETED", amount: "123.00", currency: "ZMW" });
  });

  it("refund initiated: the guide's example names it payoutId, read as the refundId", () => {
    expect(pawapayApi.refundAnswer.parse(fixture("pawapay/refund-initiated.json"))).toEqual({
      refundId: "f02b543c-541c-4f21-bbea-20d2d56063d6",
      status: "ACCEPTED",
      created: "2025-05-15T07:38:56Z",
    });
  });

  it("the published request examples pass the published schemas (the schemas are transcribed right)", () => {
    expect(validAgainst("pawapay/deposit-request.schema.json", fixture("pawapay/deposit-request.json"))).toEqual([]);
    expect(validAgainst("pawapay/payout-request.schema.json", fixture("pawapay/payout-request.json"))).toEqual([]);
    expect(validAgainst("pawapay/refund-request.schema.json", fixture("pawapay/refund-request.json"))).toEqual([]);
    expect(validAgainst("pawapay/predict-provider-request.schema.json", fixture("pawapay/predict-provider-request.json"))).toEqual([]);
    // and a schema that accepts anything would prove nothing
    expect(validAgainst("pawapay/deposit-request.schema.json", { depositId: "short", amount: 15 })).not.toEqual([]);
  });
});

describe("CinetPay's published examples, read by our parsers", () => {
  it.each([
    ["accepted", "cinetpay/check-accepted.json", { code: "00", status: "ACCEPTED", amount: "100" }],
    ["refused", "cinetpay/check-refused.json", { code: "627", status: "REFUSED", amount: "100" }],
  ])("payment check, %s", (_name, file, expected) => {
    const parsed = cinetpayApi.checkAnswer.parse(fixture(file));
    expect({ code: parsed.code, status: parsed.data?.status, amount: parsed.data?.amount }).toEqual(expected);
  });

  it("a card initialisation: the init schema, the card schema and our request schema take it; without the payer's details none of the card rules do", () => {
    const card = fixture("cinetpay/init-request-card.json") as Record<string, unknown>;
    expect(validAgainst("cinetpay/init-request.schema.json", card)).toEqual([]);
    expect(validAgainst("cinetpay/init-request-card.schema.json", card)).toEqual([]);
    expect(cinetpayApi.initRequest.safeParse(card).success).toBe(true);
    const { customer_city: _city, customer_zip_code: _zip, ...bare } = card;
    expect(validAgainst("cinetpay/init-request-card.schema.json", bare)).toEqual([" must have required property 'customer_city'", " must have required property 'customer_zip_code'", ' must match "then" schema']);
    expect(cinetpayApi.initRequest.safeParse(bare).error?.issues.map((i) => i.path.join("."))).toEqual(["customer_city", "customer_zip_code"]);
    // a mobile-money init needs none of them
    expect(validAgainst("cinetpay/init-request-card.schema.json", { ...bare, channels: "MOBILE_MONEY" })).toEqual([]);
  });
});

/** A pawaPay that answers its configuration with the published examples, and records what it is sent. */
async function publishedPawapay(conf: unknown, availability: unknown): Promise<Served> {
  return serve((req) => {
    if (req.path === "/v2/active-conf") return { status: 200, body: conf };
    if (req.path === "/v2/availability") return { status: 200, body: availability };
    return { status: 404, body: {} };
  });
}

describe("pawaPay's configuration in its published shapes", () => {
  let served: Served | undefined;
  afterAll(() => served?.close());
  beforeEach(() => clearPawapayCache());

  it("the published examples keep Benin's MTN: available, no limits (none published), nothing dropped", async () => {
    const availability = [{ country: "BEN", providers: [{ provider: "MTN_MOMO_BEN", operationTypes: [{ operationType: "DEPOSIT", status: "OPERATIONAL" }] }] }];
    served = await publishedPawapay(fixture("pawapay/active-conf.example.json"), availability);
    Object.assign(process.env, { PAWAPAY_BASE_URL: served.url, PAWAPAY_API_TOKEN: "t" });
    const report = await pawapayProvider.capabilities.availability();
    expect({ configuration: report.configuration, deposits: Object.fromEntries(report.deposits) }).toEqual({
      configuration: "ok",
      deposits: { MTN_MOMO_BEN: { available: true, min: undefined, max: undefined, decimals: 0 } },
    });
    await served.close();
    served = undefined;
  });
});

describe("our requests, validated against the published schemas", () => {
  let live: Auth;
  let pawapay: PawapayEmulator;
  let cinetpay: CinetpayEmulator;
  let receiver: Served;

  beforeAll(async () => {
    live = await liveAuth("CMR");
    receiver = await startCallbackReceiver(callbackRoute.POST);
    pawapay = await startPawapayEmulator({ token: "tok", callbackUrl: `${receiver.url}/api/providers/pawapay/callback`, callbackDelayMs: 5 });
    const credentials = { apiKey: "k", siteId: "100000", secretKey: "s" };
    cinetpay = await startCinetpayEmulator(credentials);
    Object.assign(process.env, { PAWAPAY_BASE_URL: pawapay.url, PAWAPAY_API_TOKEN: "tok", ...cinetpayEnv(cinetpay.url, credentials), PROVIDER_RETRY_BASE_MS: "1" });
  });
  afterAll(async () => {
    await pawapay.settled();
    await Promise.all([pawapay.close(), cinetpay.close(), receiver.close()]);
  });
  beforeEach(() => clearPawapayCache());

  async function pay(providers: string, operator: string, phone: string) {
    process.env.LIVE_PROVIDERS = providers;
    return startLivePayment(live, { country: "CMR", operator, phone });
  }

  it("pawaPay's deposit request", async () => {
    const deposit = await pay("pawapay", "MTN_MOMO_CMR", "670000000");
    const sent = pawapay.received.find((r) => r.path === "/v2/deposits" && r.raw.includes(deposit.id))!;
    expect(validAgainst("pawapay/deposit-request.schema.json", JSON.parse(sent.raw))).toEqual([]);
  });

  it("pawaPay's predict-provider request", async () => {
    await pawapayProvider.capabilities.predictOperator("237670000000");
    const sent = pawapay.received.findLast((r) => r.path === "/v2/predict-provider")!;
    expect(validAgainst("pawapay/predict-provider-request.schema.json", JSON.parse(sent.raw))).toEqual([]);
  });

  it("CinetPay's initialisation and check requests", async () => {
    const deposit = await pay("cinetpay", "ORANGE_MONEY_CMR", "690000000");
    const init = cinetpay.received.find((r) => r.path === "/v2/payment" && r.raw.includes(deposit.trackId))!;
    expect(validAgainst("cinetpay/init-request.schema.json", JSON.parse(init.raw))).toEqual([]);
    const { cinetpayProvider } = await import("@/lib/providers/cinetpay");
    await cinetpayProvider.queryStatus(deposit);
    const check = cinetpay.received.findLast((r) => r.path === "/v2/payment/check")!;
    expect(validAgainst("cinetpay/check-request.schema.json", JSON.parse(check.raw))).toEqual([]);
  });

  it("pawaPay's payout and refund requests (sent by the money-out adapter)", async () => {
    const deposit = await pay("pawapay", "MTN_MOMO_CMR", "670000000");
    await pawapay.settled();
    const payoutId = randomUUID();
    await pawapayProvider.capabilities.moneyOut.sendPayout({ id: payoutId, kind: "payout", mode: "live", amount: 1000, currency: "XAF", country: "CM", operator: "MTN_MOMO_CMR", phoneNumber: "237670000000" });
    const refundId = randomUUID();
    await pawapayProvider.capabilities.moneyOut.sendRefund!({ id: refundId, kind: "refund", mode: "live", amount: 1000, currency: "XAF", country: "CM", operator: "MTN_MOMO_CMR", phoneNumber: "237670000000", deposit: { ...deposit, provider: "pawapay" } });
    const payout = pawapay.received.find((r) => r.path === "/v2/payouts" && r.raw.includes(payoutId))!;
    const refund = pawapay.received.find((r) => r.path === "/v2/refunds" && r.raw.includes(refundId))!;
    expect(validAgainst("pawapay/payout-request.schema.json", JSON.parse(payout.raw))).toEqual([]);
    expect(validAgainst("pawapay/refund-request.schema.json", JSON.parse(refund.raw))).toEqual([]);
    await pawapay.settled();
  });
});

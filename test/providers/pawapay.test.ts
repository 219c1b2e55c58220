import { generateKeyPairSync, randomUUID, sign } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import * as linkPage from "@/app/pay/[id]/route";
import * as predictRoute from "@/app/api/providers/predict-operator/route";
import { hit } from "@/test/support/checkout";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { getDb } from "@/lib/db/client";
import { deposits, providerBreakers } from "@/lib/db/schema";
import { newAccount } from "@/test/support/api";
import { reconcilePending } from "@/lib/payments/reconcile";
import { OperatorUnreachable } from "@/lib/payments/offer-deposit";
import { startPawapayEmulator, type PawapayEmulator } from "@/test/emulators/pawapay";
import { closedPort, depositState, FAST_RETRIES, liveAuth, liveLink, pawapayEnv, startLivePayment } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { providerFor, routeOperators } from "@/lib/providers";
import { amountText, minorOf, outageOf, pawapayFailureCodes } from "@/lib/providers/pawapay/codes";
import { contentDigest, signatureBase, verifyMessage } from "@/lib/providers/pawapay/http-signature";
import { clearPawapayCache, customerMessage, pawapayProvider } from "@/lib/providers/pawapay";
import { depositProviderLog, providersOverviewFor } from "@/lib/providers/dashboard";

let live: Auth;
let emulator: PawapayEmulator;
let receiver: Served;

beforeAll(async () => {
  live = await liveAuth("CMR");
  receiver = await startCallbackReceiver(callbackRoute.POST);
  emulator = await startPawapayEmulator({ token: "emulator-token", callbackUrl: `${receiver.url}/api/providers/pawapay/callback`, callbackDelayMs: 5, slowMs: 1500 });
  Object.assign(process.env, { ...pawapayEnv(emulator.url), ...FAST_RETRIES });
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  clearPawapayCache();
  await (await getDb()).delete(providerBreakers); // each test starts with pawaPay trusted
  emulator.setDown(false);
  emulator.closed.clear();
  for (const key of Object.keys(emulator.tamper)) delete emulator.tamper[key as keyof typeof emulator.tamper];
  process.env.PAWAPAY_BASE_URL = emulator.url;
});

const pay = (phone: string, amount = 5000, operator = "MTN_MOMO_CMR") =>
  startLivePayment(live, { country: "CMR", operator, phone }, { amount, shop_name: "Chez Ada & Fils" });


const accepted = { kind: "request", operation: "POST /v2/deposits", httpStatus: 200, outcome: "accepted", alert: false };
const callbackLog = (outcome: string, alert = false) => ({ kind: "callback", operation: "POST /api/providers/pawapay/callback", httpStatus: 200, outcome, alert });

describe("pawaPay deposits through the contract emulator", () => {
  it("collects a payment: the request as documented, a signed callback, one event, every exchange logged", async () => {
    const deposit = await pay("237670000000");
    await emulator.settled();
    expect(await depositState(deposit.id)).toEqual({ status: "success", reason: null, events: ["payment.succeeded"], logs: [accepted, callbackLog("settled:success")] });
    const sent = emulator.received.find((r) => r.path === "/v2/deposits" && r.raw.includes(deposit.id))!;
    expect(JSON.parse(sent.raw)).toEqual({
      depositId: deposit.id,
      payer: { type: "MMO", accountDetails: { phoneNumber: "237670000000", provider: "MTN_MOMO_CMR" } },
      amount: "5000",
      currency: "XAF",
      clientReferenceId: deposit.trackId,
      customerMessage: "Chez Ada Fils",
    });
    expect(emulator.callbacks.at(-1)!.status).toBe(200);
  });

  it.each([
    ["237670000001", "INSUFFICIENT_BALANCE", "insufficient_funds"],
    ["237670000002", "PAYMENT_NOT_APPROVED", "refused_by_payer"],
    ["237670000004", "PAYER_NOT_FOUND", "payer_not_found"],
    ["237670000005", "PAYER_LIMIT_REACHED", "payer_limit_reached"],
    ["237670000006", "UNSPECIFIED_FAILURE", "other"],
  ])("a payment from %s fails with %s, stored as %s", async (phone, _code, reason) => {
    const deposit = await pay(phone);
    await emulator.settled();
    expect(await depositState(deposit.id)).toEqual({ status: "failed", reason, events: ["payment.failed"], logs: [accepted, callbackLog("settled:failed")] });
  });

  it.each([
    ["an invalid phone number", "237670000007", () => {}, "invalid_phone_number", "rejected"],
    ["a provider closed since the configuration was read", "237670000000", () => emulator.closed.add("MTN_MOMO_CMR"), "operator_unavailable", "rejected"],
  ])("fails at once when pawaPay rejects the initiation: %s", async (_name, phone, arrange, reason, outcome) => {
    await providerFor("live", "MTN_MOMO_CMR"); // the configuration is read (and cached) first
    arrange();
    const deposit = await pay(phone);
    expect([deposit.status, deposit.failureReason]).toEqual(["failed", reason]);
    expect(await depositState(deposit.id)).toEqual({ status: "failed", reason, events: ["payment.failed"], logs: [{ ...accepted, outcome }] });
  });

  it("treats DUPLICATE_IGNORED as the same deposit: a retry never pays twice", async () => {
    const deposit = await pay("237670000003");
    expect(await pawapayProvider.requestCollection(deposit)).toEqual({ reference: deposit.id });
    expect((await depositState(deposit.id)).logs.map((l) => l.outcome)).toEqual(["accepted", "duplicate_ignored"]);
  });

  it("retries after a timeout (answered DUPLICATE_IGNORED), stays pending, and the reconciler settles it from the status check", async () => {
    emulator.tamper.mute = true; // the callback is lost too
    await providerFor("live", "MTN_MOMO_CMR");
    process.env.PROVIDER_TIMEOUT_MS = "200";
    const deposit = await pay("237670000008").finally(() => (process.env.PROVIDER_TIMEOUT_MS = "5000"));
    expect(deposit.status).toBe("pending");
    expect((await depositState(deposit.id)).logs.map((l) => [l.httpStatus, l.outcome])).toEqual([
      [null, "timeout"],
      [200, "duplicate_ignored"],
    ]);
    const db = await getDb();
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(deposits.id, deposit.id));
    expect(await reconcilePending()).toBeGreaterThanOrEqual(1);
    const after = await depositState(deposit.id);
    expect([after.status, after.events, after.logs.at(-1)]).toEqual([
      "success",
      ["payment.succeeded"],
      { kind: "request", operation: "GET /v2/deposits/{depositId}", httpStatus: 200, outcome: "completed", alert: false },
    ]);
  });

  it("never fails a deposit pawaPay may have (503 to the initiation and to the status check): the buyer is told, the link freed, the deposit pending", async () => {
    await providerFor("live", "MTN_MOMO_CMR");
    emulator.setDown(true);
    const error = await pay("237670000000").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnreachable);
    const deposit = (error as OperatorUnreachable).deposit;
    const { status, events, logs } = await depositState(deposit.id);
    const down = [503, "server_error"];
    expect([status, events, logs.map((l) => [l.operation, l.httpStatus, l.outcome])]).toEqual([
      "pending",
      [],
      [...[1, 2, 3].map(() => ["POST /v2/deposits", ...down]), ...[1, 2, 3].map(() => ["GET /v2/deposits/{depositId}", ...down])],
    ]);
    const db = await getDb();
    const [row] = await db.select({ abandonedAt: deposits.abandonedAt }).from(deposits).where(eq(deposits.id, deposit.id));
    expect(row!.abandonedAt).not.toBeNull(); // the link takes a new attempt at once
  });

  it("fails at once (provider_unreachable) when pawaPay refuses connections: provably never sent, and no other provider", async () => {
    await providerFor("live", "MTN_MOMO_CMR");
    process.env.PAWAPAY_BASE_URL = `http://127.0.0.1:${await closedPort()}`;
    const error = await pay("237670000000").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnreachable);
    const { status, reason, events, logs } = await depositState((error as OperatorUnreachable).deposit.id);
    expect([status, reason, events, logs.map((l) => [l.httpStatus, l.outcome])]).toEqual([
      "failed",
      "provider_unreachable",
      ["payment.failed"],
      [1, 2, 3].map(() => [null, "connection_refused"]),
    ]);
  });

  it("treats pawaPay's operators as unknown (tried) when nothing could ever be read of it", async () => {
    emulator.setDown(true);
    expect(await routeOperators("live", ["MTN_MOMO_CMR"])).toEqual([{ operator: "MTN_MOMO_CMR", provider: "pawapay" }]);
    await expect(pay("237670000000")).rejects.toBeInstanceOf(OperatorUnreachable);
  });

  it("answers NOT_FOUND for a deposit pawaPay never received", async () => {
    const deposit = await pay("237670000003");
    expect(await pawapayProvider.queryStatus({ ...deposit, id: randomUUID() })).toEqual({ state: "not_found" });
    expect(await pawapayProvider.queryStatus(deposit)).toEqual({ state: "processing" });
  });

  it.each([
    ["signed with another key", { signatureOf: "other-key" as const }],
    ["unsigned", { signatureOf: "none" as const }],
    ["changed after signing", { alterBodyAfterSigning: true }],
  ])("refuses a callback %s with 401 and changes nothing", async (_name, tamper) => {
    emulator.tamper.mute = true;
    const deposit = await pay("237670000002");
    emulator.tamper.mute = false;
    Object.assign(emulator.tamper, tamper);
    expect(await emulator.sendCallback(deposit.id)).toBe(401);
    expect(await depositState(deposit.id)).toEqual({ status: "pending", reason: null, events: [], logs: [accepted] });
  });

  it.each([
    ["amount", { amount: "4999" }],
    ["currency", { currency: "XOF" }],
  ])("settles nothing when the callback's %s is not ours, and raises an alert", async (_name, tamper) => {
    emulator.tamper.mute = true;
    const deposit = await pay("237670000000");
    Object.assign(emulator.tamper, { mute: false, ...tamper });
    expect(await emulator.sendCallback(deposit.id)).toBe(200);
    expect(await depositState(deposit.id)).toEqual({ status: "pending", reason: null, events: [], logs: [accepted, callbackLog("mismatch", true)] });
    expect(await pawapayProvider.queryStatus(deposit)).toEqual({ state: "processing" }); // nor does the status check
  });

  it("takes a replayed callback as a no-op", async () => {
    const deposit = await pay("237670000000");
    await emulator.settled();
    expect(await emulator.sendCallback(deposit.id)).toBe(200);
    expect(await depositState(deposit.id)).toEqual({
      status: "success",
      reason: null,
      events: ["payment.succeeded"],
      logs: [accepted, callbackLog("settled:success"), callbackLog("replay")],
    });
  });

  it("settles a callback that arrives before the initiation's answer", async () => {
    const deposit = await pay("237670000009");
    expect(emulator.callbacks.at(-1)!.status).toBe(200);
    const { status, events, logs } = await depositState(deposit.id);
    expect([status, events, logs.map((l) => l.outcome).sort()]).toEqual(["success", ["payment.succeeded"], ["accepted", "settled:success"]]);
  });
});

describe("what the dashboard shows", () => {
  it("a deposit's provider log, to its own account and mode only", async () => {
    const deposit = await pay("237670000000");
    await emulator.settled();
    const entries = await depositProviderLog(live, deposit.trackId);
    expect(entries.map((e) => [e.kind, e.operation, e.http_status, e.outcome, e.alert])).toEqual([
      ["request", "POST /v2/deposits", 200, "accepted", false],
      ["callback", "POST /api/providers/pawapay/callback", 200, "settled:success", false],
    ]);
    expect(entries[0]!.request).toMatchObject({ depositId: deposit.id, amount: "5000" });
    expect(entries[1]!.request).toMatchObject({ depositId: deposit.id, status: "COMPLETED" });
    await expect(depositProviderLog({ ...live, mode: "test" }, deposit.trackId)).rejects.toMatchObject({ type: "DEPOSIT_NOT_FOUND" });
    const other = await newAccount("CMR");
    const stranger = (await findAuthByKeyHash(hashApiKey(other.key)))!;
    await expect(depositProviderLog({ ...stranger, mode: "live" }, deposit.trackId)).rejects.toMatchObject({ type: "DEPOSIT_NOT_FOUND" });
  });

  it("the Providers section: configuration, health, operators available now, and this account's alerts", async () => {
    emulator.closed.add("ORANGE_CMR");
    emulator.tamper.mute = true;
    const deposit = await pay("237670000000");
    Object.assign(emulator.tamper, { mute: false, amount: "1" });
    await emulator.sendCallback(deposit.id);
    const overview = await providersOverviewFor(live);
    const pawapay = overview.providers.find((p) => p.name === "pawapay")!;
    expect([overview.live_ready, overview.test_provider]).toEqual([true, "sandbox"]);
    expect(pawapay).toMatchObject({ name: "pawapay", listed: true, configured: true, active: true, operators_down: ["ORANGE_MONEY_CMR"] });
    expect(pawapay.operators_available).toContain("MTN_MOMO_CMR");
    expect(pawapay.last_success_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(pawapay.last_callback_at).not.toBeNull();
    expect(overview.providers.find((p) => p.name === "cinetpay")).toMatchObject({ listed: false, configured: false, active: false, operators_available: [] });
    expect(overview.alerts[0]).toMatchObject({ track_id: deposit.trackId, provider: "pawapay", outcome: "mismatch", alert: true });
    expect((await providersOverviewFor({ ...live, mode: "test" })).alerts).toEqual([]);
  });
});

describe("routing with pawaPay's active configuration", () => {
  it("routes an operator to pawaPay while it is operational, not when closed or out of its limits", async () => {
    emulator.closed.add("ORANGE_CMR");
    expect(await routeOperators("live", ["MTN_MOMO_CMR", "ORANGE_MONEY_CMR"], 5000)).toEqual([
      { operator: "MTN_MOMO_CMR", provider: "pawapay" },
      { operator: "ORANGE_MONEY_CMR", provider: null, reason: "down" },
    ]);
    expect(await routeOperators("live", ["MTN_MOMO_CMR"], 3_000_000)).toEqual([{ operator: "MTN_MOMO_CMR", provider: null, reason: "amount" }]);
  });

  it("offers on the checkout only the operators a provider can take now, and says which one is down", async () => {
    emulator.closed.add("ORANGE_CMR");
    const gateway = await liveLink(live, { shop_name: "Shop" });
    const page = await hit(linkPage.GET, { id: gateway.id }, `/pay/${gateway.id}?lang=fr`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<option value="MTN_MOMO_CMR" data-c="CMR">MTN</option>');
    expect(page.text).toContain('<option value="ORANGE_MONEY_CMR" disabled data-c="CMR">Orange — indisponible pour le moment</option>');
    for (const code of ["MTN_MOMO_CMR", "MTN_MOMO_COG", "AIRTEL_COG", "AIRTEL_GAB"]) emulator.closed.add(code); // every XAF operator
    clearPawapayCache();
    const closed = await hit(linkPage.GET, { id: gateway.id }, `/pay/${gateway.id}?lang=fr`);
    expect(closed.status).toBe(503);
  });

  it("keeps test mode on the sandbox unless TEST_PROVIDER=pawapay", async () => {
    expect((await providerFor("test", "MTN_MOMO_CMR")).name).toBe("sandbox");
    process.env.TEST_PROVIDER = "pawapay";
    try {
      expect((await providerFor("test", "MTN_MOMO_CMR")).name).toBe("pawapay");
    } finally {
      delete process.env.TEST_PROVIDER;
    }
  });

  it("has no live provider without LIVE_PROVIDERS, or without its token", async () => {
    for (const [listed, token] of [["", "emulator-token"], ["pawapay", ""]] as const) {
      process.env.LIVE_PROVIDERS = listed;
      process.env.PAWAPAY_API_TOKEN = token;
      await expect(providerFor("live", "MTN_MOMO_CMR")).rejects.toMatchObject({ type: "LIVE_PAYMENTS_UNAVAILABLE" });
    }
    Object.assign(process.env, { LIVE_PROVIDERS: "pawapay", PAWAPAY_API_TOKEN: "emulator-token" });
  });

  it("answers the checkout script's operator guess, only for the chosen country, null when unsure", async () => {
    const ask = async (query: string) => (await predictRoute.GET(new Request(`http://kola.test/api/providers/predict-operator?${query}`))).json();
    expect(await ask("country=CMR&phone=690000000")).toEqual({ operator: "ORANGE_MONEY_CMR" });
    expect(await ask("country=CMR&phone=6")).toEqual({ operator: null });
    expect(await ask("country=SEN&phone=690000000")).toEqual({ operator: null });
  });

  it("predicts the operator of a typed phone number", async () => {
    expect(await pawapayProvider.capabilities.predictOperator("237690000000")).toBe("ORANGE_MONEY_CMR");
    expect(await pawapayProvider.capabilities.predictOperator("237670000000")).toBe("MTN_MOMO_CMR");
  });
});

describe("the emulator holds requests to the published schema", () => {
  it.each([
    ["an unknown field", { extra: 1 }, "UNSUPPORTED_PARAMETER"],
    ["a customerMessage over 22 characters", { customerMessage: "a".repeat(23) }, "INVALID_PARAMETER"],
    ["an amount as a number", { amount: 5000 }, "INVALID_PARAMETER"],
    ["no payer", { payer: undefined }, "MISSING_PARAMETER"],
  ])("refuses %s with 400", async (_name, change, code) => {
    const depositId = randomUUID();
    const body = { depositId, payer: { type: "MMO", accountDetails: { phoneNumber: "237670000000", provider: "MTN_MOMO_CMR" } }, amount: "5000", currency: "XAF", ...change };
    const res = await fetch(`${emulator.url}/v2/deposits`, { method: "POST", headers: { authorization: "Bearer emulator-token", "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ depositId, status: "REJECTED", failureReason: { failureCode: code } });
  });
});

describe("amounts as pawaPay writes them", () => {
  it.each([
    [5000, 0, 0, "5000"],
    [1050, 2, 2, "10.5"],
    [1005, 2, 2, "10.05"],
    [1000, 2, 0, "10"],
    [1050, 2, 0, null],
  ])("%i minor units (%i decimals, provider takes %i) → %s", (minor, decimals, places, text) => {
    expect(amountText(minor, decimals, places)).toBe(text);
    if (text) expect(minorOf(text, decimals)).toBe(minor);
  });

  it.each([
    ["Chez Ada & Fils", "Chez Ada Fils"],
    ["Épicerie de la Gare du Nord", "Epicerie de la Gare du"],
    ["AB", "Kola AB"],
    ["€€", "Kola"],
  ])("words the payer's prompt for %s as %s (4 to 22 letters, digits, spaces)", (shop, message) => {
    expect(customerMessage(shop)).toBe(message);
  });
});

describe("RFC 9421 signatures", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const body = '{"depositId":"x"}';
  const params = `("@method" "@authority" "@path" "content-digest");alg="ecdsa-p256-sha256";keyid="k1";created=${Math.floor(Date.now() / 1000)}`;
  const message = (signature: Buffer, digest = contentDigest(body, "sha-256")) => {
    const headers = new Headers({ "content-digest": digest, "signature-input": `sig-pp=${params}`, signature: `sig-pp=:${signature.toString("base64")}:` });
    return { method: "POST", authority: "kola.example", path: "/api/providers/pawapay/callback", headers, body };
  };
  const base = () => signatureBase({ ...message(Buffer.alloc(0)), headers: new Headers({ "content-digest": contentDigest(body, "sha-256") }) }, ["@method", "@authority", "@path", "content-digest"], params)!;

  it.each([
    ["r‖s (RFC 9421)", "ieee-p1363"],
    ["DER (pawaPay's sample code)", "der"],
  ])("verifies an ECDSA signature written as %s", async (_name, dsaEncoding) => {
    const signature = sign("sha256", Buffer.from(base()), { key: privateKey, dsaEncoding: dsaEncoding as "der" });
    expect(await verifyMessage(message(signature), async (id) => (id === "k1" ? publicKey : undefined))).toEqual({ ok: true, keyid: "k1" });
  });

  it("refuses a wrong digest, an unknown key and a stale signature", async () => {
    const signature = sign("sha256", Buffer.from(base()), privateKey);
    const keys = async (id: string) => (id === "k1" ? publicKey : undefined);
    expect(await verifyMessage(message(signature, contentDigest("{}", "sha-256")), keys)).toEqual({ ok: false, why: "content_digest" });
    expect(await verifyMessage(message(signature), async () => undefined)).toEqual({ ok: false, why: "unknown_key" });
    expect(await verifyMessage(message(signature), keys, Date.now() / 1000 + 3600)).toEqual({ ok: false, why: "stale" });
  });
});

describe("what a failure code says of pawaPay's health (its circuit breaker)", () => {
  it.each([
    // no request can pass: our credentials or signature refused, pawaPay's own unknown error
    ["NO_AUTHENTICATION", "provider"],
    ["AUTHENTICATION_ERROR", "provider"],
    ["AUTHORISATION_ERROR", "provider"],
    ["HTTP_SIGNATURE_ERROR", "provider"],
    ["UNKNOWN_ERROR", "provider"],
    // one operator ("provider" in pawaPay's words) is down there
    ["PROVIDER_TEMPORARILY_UNAVAILABLE", "operator"],
    // about this one request: never counted
    ...["INVALID_INPUT", "MISSING_PARAMETER", "UNSUPPORTED_PARAMETER", "INVALID_PARAMETER", "DUPLICATE_METADATA_FIELD", "AMOUNT_OUT_OF_BOUNDS", "INVALID_AMOUNT", "INVALID_CURRENCY"].map((c) => [c, undefined]),
    ...["INVALID_COUNTRY", "INVALID_PHONE_NUMBER", "INVALID_PROVIDER", "DEPOSITS_NOT_ALLOWED", "PAYOUTS_NOT_ALLOWED", "REFUNDS_NOT_ALLOWED", "PAYER_LIMIT_REACHED"].map((c) => [c, undefined]),
    ...["PAYMENT_IN_PROGRESS", "INSUFFICIENT_BALANCE", "PAYMENT_NOT_APPROVED", "PAYER_NOT_FOUND", "RECIPIENT_NOT_FOUND", "UNSPECIFIED_FAILURE"].map((c) => [c, undefined]),
    ...["DEPOSIT_NOT_FOUND", "DEPOSIT_NOT_COMPLETED", "ALREADY_REFUNDED", "AMOUNT_TOO_LARGE", "IN_PROGRESS", "A_CODE_NOT_DOCUMENTED", undefined].map((c) => [c, undefined]),
  ])("%s → %s", (code, outage) => {
    expect(outageOf(code)).toBe(outage);
  });

  it("every failure code the adapter names is classified", () => {
    const classified = ["NO_AUTHENTICATION", "AUTHENTICATION_ERROR", "AUTHORISATION_ERROR", "HTTP_SIGNATURE_ERROR", "UNKNOWN_ERROR", "PROVIDER_TEMPORARILY_UNAVAILABLE"];
    expect(pawapayFailureCodes.filter((c) => outageOf(c) !== undefined).sort()).toEqual(classified.filter((c) => pawapayFailureCodes.includes(c)).sort());
  });
});

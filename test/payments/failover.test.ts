import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { depositProviderAttempts, deposits, outboxEvents, providerBreakers } from "@/lib/db/schema";
import { createDeposit } from "@/lib/deposits/create-deposit";
import { captureLog } from "@/lib/runtime/log";
import { reconcilePending } from "@/lib/payments/reconcile";
import { OperatorUnreachable, offerDeposit } from "@/lib/payments/offer-deposit";
import { candidatesFor, nextPayoutProvider, payoutProviderFor, refundProviderFor, routeOperators } from "@/lib/providers";
import { breakerStates, claimProbe, recordFailure } from "@/lib/providers/breaker";
import { providersOverviewFor } from "@/lib/providers/dashboard";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { startPawapayEmulator, type PawapayEmulator } from "@/test/emulators/pawapay";
import { cinetpayEnv, closedPort, FAST_RETRIES, liveAuth, liveLink, startLivePayment } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { clearPawapayCache } from "@/lib/providers/pawapay";
import { PaymentInProgress } from "@/lib/payments/start-payment";

// Failover per operator, against both contract emulators: MTN Cameroon is served by
// pawaPay (first in LIVE_PROVIDERS) and by CinetPay. A provider is skipped while it reports the
// operator CLOSED or its breaker is open; an initiation it provably never took goes to the next
// provider under that provider's own reference; it is never sent twice to one provider.

let live: Auth;
let pawapay: PawapayEmulator;
let cinetpay: CinetpayEmulator;
let receiver: Served;
const CINETPAY = { apiKey: "k", siteId: "100000", secretKey: "s", transferPassword: "p" };

beforeAll(async () => {
  live = await liveAuth("CMR");
  receiver = await startCallbackReceiver(callbackRoute.POST);
  pawapay = await startPawapayEmulator({ token: "tok", callbackUrl: `${receiver.url}/api/providers/pawapay/callback`, callbackDelayMs: 5 });
  cinetpay = await startCinetpayEmulator(CINETPAY);
  Object.assign(process.env, { ...cinetpayEnv(cinetpay.url, CINETPAY), PAWAPAY_API_TOKEN: "tok", PUBLIC_BASE_URL: receiver.url, ...FAST_RETRIES });
});

afterAll(async () => {
  await pawapay.settled();
  await Promise.all([pawapay.close(), cinetpay.close(), receiver.close()]);
});

beforeEach(async () => {
  Object.assign(process.env, { LIVE_PROVIDERS: "pawapay,cinetpay", PAWAPAY_BASE_URL: pawapay.url, BREAKER_FAILURES: "5", BREAKER_PAUSE_SECONDS: "30" });
  clearPawapayCache();
  pawapay.setDown(false);
  pawapay.closed.clear();
  for (const key of Object.keys(pawapay.tamper)) delete pawapay.tamper[key as keyof typeof pawapay.tamper];
  await (await getDb()).delete(providerBreakers);
});

const link = () => liveLink(live);
const pay = (phone = "670000000", gateway?: Awaited<ReturnType<typeof link>>) => startLivePayment(live, { country: "CMR", operator: "MTN_MOMO_CMR", phone }, gateway);

/** Each provider a deposit was offered to, in order: [provider, position, the id it knows it by, outcome, reason]. */
async function attemptsOf(depositId: string) {
  const db = await getDb();
  const rows = await db.select().from(depositProviderAttempts).where(eq(depositProviderAttempts.depositId, depositId)).orderBy(asc(depositProviderAttempts.position));
  return rows.map((r) => [r.provider, r.position, r.requestId, r.outcome, r.reason]);
}

const pawapayInitiations = (depositId: string) => pawapay.received.filter((r) => r.path === "/v2/deposits" && r.raw.includes(depositId)).length;

describe("failover per operator", () => {
  it("skips pawaPay while it reports the operator CLOSED: CinetPay takes it, pawaPay is never asked", async () => {
    pawapay.closed.add("MTN_MOMO_CMR");
    const deposit = await pay();
    expect([deposit.status, deposit.provider, Boolean(deposit.redirectUrl)]).toEqual(["pending", "cinetpay", true]);
    expect(await attemptsOf(deposit.id)).toEqual([["cinetpay", 1, deposit.trackId, "accepted", null]]);
    expect(pawapayInitiations(deposit.id)).toBe(0);
  });

  it("pawaPay down (connections refused): CinetPay takes it under its own reference, and the buyer pays there", async () => {
    process.env.PAWAPAY_BASE_URL = `http://127.0.0.1:${await closedPort()}`;
    const deposit = await pay();
    expect([deposit.status, deposit.provider]).toEqual(["pending", "cinetpay"]);
    expect(await attemptsOf(deposit.id)).toEqual([
      ["pawapay", 1, deposit.id, "not_taken", "connection_refused"],
      ["cinetpay", 2, deposit.trackId, "accepted", null],
    ]);
    expect(await cinetpay.pay(deposit.redirectUrl!.split("/payment/")[1]!)).toBe(200);
    const db = await getDb();
    const [row] = await db.select({ status: deposits.status, provider: deposits.provider }).from(deposits).where(eq(deposits.id, deposit.id));
    expect(row).toEqual({ status: "success", provider: "cinetpay" });
  });

  it("pawaPay's initiation fails (500) and its status check says NOT_FOUND: provably not taken, CinetPay takes it", async () => {
    pawapay.tamper.initiationDown = true;
    const deposit = await pay();
    expect(await attemptsOf(deposit.id)).toEqual([
      ["pawapay", 1, deposit.id, "not_taken", "not_found"],
      ["cinetpay", 2, deposit.trackId, "accepted", null],
    ]);
  });

  it("pawaPay refuses for a reason of its own (operator closed since its configuration was read): CinetPay takes it", async () => {
    await routeOperators("live", ["MTN_MOMO_CMR"]); // the configuration is read (and cached) while open
    pawapay.closed.add("MTN_MOMO_CMR");
    const deposit = await pay();
    expect(await attemptsOf(deposit.id)).toEqual([
      ["pawapay", 1, deposit.id, "rejected", "operator_unavailable"],
      ["cinetpay", 2, deposit.trackId, "accepted", null],
    ]);
  });

  it("a refusal about the buyer (an invalid number) fails the payment: no other provider is asked", async () => {
    const deposit = await pay("670000007");
    expect([deposit.status, deposit.failureReason]).toEqual(["failed", "invalid_phone_number"]);
    expect(await attemptsOf(deposit.id)).toEqual([["pawapay", 1, deposit.id, "rejected", "invalid_phone_number"]]);
  });

  it("pawaPay's configuration unreadable: an alert in the log and on the Providers page, its operators unknown (tried), failover on error", async () => {
    pawapay.tamper.unreadableConf = true;
    const lines = await captureLog(async () => {
      expect(await routeOperators("live", ["MTN_MOMO_CMR"])).toEqual([{ operator: "MTN_MOMO_CMR", provider: "pawapay" }]);
    });
    expect(lines.map((l) => JSON.parse(l) as { level: string; msg: string }).filter((l) => l.level === "error").map((l) => l.msg)).toEqual(["alert: pawapay configuration unreadable"]);
    const overview = await providersOverviewFor(live);
    expect(overview.providers.find((p) => p.name === "pawapay")).toMatchObject({ configuration: "unreadable", configuration_problem: "GET /v2/active-conf: countries: Invalid input: expected array, received undefined" });

    const taken = await pay(); // tried: pawaPay itself still takes deposits
    expect(await attemptsOf(taken.id)).toEqual([["pawapay", 1, taken.id, "accepted", null]]);
    pawapay.tamper.initiationDown = true;
    const failedOver = await pay();
    expect((await attemptsOf(failedOver.id)).map((a) => [a[0], a[3]])).toEqual([
      ["pawapay", "not_taken"],
      ["cinetpay", "accepted"],
    ]);
  });
});

describe("the circuit breaker", () => {
  it("opens after N consecutive failures (pawaPay answering 503): pawaPay is skipped; after a pause one caller probes it (half-open); a taken initiation closes it", async () => {
    process.env.BREAKER_FAILURES = "3";
    pawapay.setDown(true);
    await routeOperators("live", ["MTN_MOMO_CMR"]); // active-conf and availability: 2 failures
    await expect(pay()).rejects.toBeInstanceOf(OperatorUnreachable); // its initiation and status check: 2 more
    expect((await breakerStates(["pawapay"])).get("pawapay")).toMatchObject({ state: "open", consecutiveFailures: 4 });
    expect((await candidatesFor("live", "MTN_MOMO_CMR")).map((c) => c.provider.name)).toEqual(["cinetpay"]);
    const skipped = await pay();
    expect(await attemptsOf(skipped.id)).toEqual([["cinetpay", 1, skipped.trackId, "accepted", null]]);

    // the pause is over: half-open, and of 50 callers at once exactly one may try pawaPay
    const db = await getDb();
    await db.update(providerBreakers).set({ openedAt: sql`now() - interval '31 seconds'` }).where(eq(providerBreakers.provider, "pawapay"));
    expect((await candidatesFor("live", "MTN_MOMO_CMR")).map((c) => [c.provider.name, c.probe])).toEqual([
      ["pawapay", true],
      ["cinetpay", false],
    ]);
    const claims = await Promise.all(Array.from({ length: 50 }, () => claimProbe("pawapay")));
    expect(claims.filter(Boolean)).toHaveLength(1);

    // the probe's payment, once pawaPay is back: taken, the breaker closes
    await db.update(providerBreakers).set({ probeAt: null }).where(eq(providerBreakers.provider, "pawapay"));
    pawapay.setDown(false);
    const probe = await pay();
    expect(await attemptsOf(probe.id)).toEqual([["pawapay", 1, probe.id, "accepted", null]]);
    expect((await breakerStates(["pawapay"])).get("pawapay")).toMatchObject({ state: "closed", consecutiveFailures: 0 });
  });

  it("refusals of one request (its amount, currency, operator code) fail over without counting: after 10, another operator's payment still goes to pawaPay", async () => {
    const codes = ["INVALID_AMOUNT", "AMOUNT_OUT_OF_BOUNDS", "INVALID_CURRENCY", "INVALID_PROVIDER"];
    for (let i = 0; i < 10; i++) {
      pawapay.tamper.rejectDeposits = codes[i % codes.length];
      const deposit = await pay();
      expect((await attemptsOf(deposit.id)).map((a) => [a[0], a[3], a[4]])).toEqual([
        ["pawapay", "rejected", codes[i % codes.length]!.toLowerCase()],
        ["cinetpay", "accepted", null],
      ]);
    }
    delete pawapay.tamper.rejectDeposits;
    const closed = { state: "closed", consecutiveFailures: 0, openedAt: null };
    expect(Object.fromEntries(await breakerStates(["pawapay", "pawapay:MTN_MOMO_CMR"]))).toEqual({ pawapay: closed, "pawapay:MTN_MOMO_CMR": closed });
    const other = await startLivePayment(live, { country: "CMR", operator: "ORANGE_MONEY_CMR", phone: "690000000" });
    expect(await attemptsOf(other.id)).toEqual([["pawapay", 1, other.id, "accepted", null]]);
    const same = await pay();
    expect(await attemptsOf(same.id)).toEqual([["pawapay", 1, same.id, "accepted", null]]);
  });

  it("PROVIDER_TEMPORARILY_UNAVAILABLE sets that operator aside at pawaPay, nothing else; after the pause one payment probes it, and a taken one closes it", async () => {
    pawapay.tamper.rejectDeposits = "PROVIDER_TEMPORARILY_UNAVAILABLE";
    for (let i = 0; i < 5; i++) {
      const deposit = await pay();
      expect((await attemptsOf(deposit.id)).map((a) => [a[0], a[3], a[4]])).toEqual([
        ["pawapay", "rejected", "operator_unavailable"],
        ["cinetpay", "accepted", null],
      ]);
    }
    delete pawapay.tamper.rejectDeposits;
    const states = await breakerStates(["pawapay", "pawapay:MTN_MOMO_CMR"]);
    expect([states.get("pawapay")!.state, states.get("pawapay:MTN_MOMO_CMR")!.state, states.get("pawapay:MTN_MOMO_CMR")!.consecutiveFailures]).toEqual(["closed", "open", 5]);
    expect((await candidatesFor("live", "MTN_MOMO_CMR")).map((c) => c.provider.name)).toEqual(["cinetpay"]);
    expect((await candidatesFor("live", "ORANGE_MONEY_CMR")).map((c) => c.provider.name)[0]).toBe("pawapay");
    expect(await payoutProviderFor("live", "ORANGE_MONEY_CMR")).toBe("pawapay");
    const skipped = await pay();
    expect(await attemptsOf(skipped.id)).toEqual([["cinetpay", 1, skipped.trackId, "accepted", null]]);
    const other = await startLivePayment(live, { country: "CMR", operator: "ORANGE_MONEY_CMR", phone: "690000000" });
    expect(await attemptsOf(other.id)).toEqual([["pawapay", 1, other.id, "accepted", null]]);

    const db = await getDb();
    await db.update(providerBreakers).set({ openedAt: sql`now() - interval '31 seconds'` }).where(eq(providerBreakers.provider, "pawapay:MTN_MOMO_CMR"));
    expect((await candidatesFor("live", "MTN_MOMO_CMR")).map((c) => [c.provider.name, c.probe, c.probeKey])).toEqual([
      ["pawapay", true, "pawapay:MTN_MOMO_CMR"],
      ["cinetpay", false, "cinetpay"],
    ]);
    const probe = await pay();
    expect(await attemptsOf(probe.id)).toEqual([["pawapay", 1, probe.id, "accepted", null]]);
    expect((await breakerStates(["pawapay:MTN_MOMO_CMR"])).get("pawapay:MTN_MOMO_CMR")).toMatchObject({ state: "closed", consecutiveFailures: 0 });
  });

  it("a real outage still opens it for every operator: initiations answered 500, N times", async () => {
    pawapay.tamper.initiationDown = true;
    for (let i = 0; i < 5; i++) {
      const deposit = await pay();
      expect((await attemptsOf(deposit.id)).map((a) => [a[0], a[3]])).toEqual([
        ["pawapay", "not_taken"],
        ["cinetpay", "accepted"],
      ]);
    }
    expect((await breakerStates(["pawapay"])).get("pawapay")).toMatchObject({ state: "open", consecutiveFailures: 5 });
    expect((await candidatesFor("live", "ORANGE_MONEY_CMR")).map((c) => c.provider.name)).not.toContain("pawapay");
  });

  it("a failure while half-open opens it again for another pause", async () => {
    process.env.BREAKER_FAILURES = "2";
    await recordFailure("pawapay");
    await recordFailure("pawapay");
    const db = await getDb();
    await db.update(providerBreakers).set({ openedAt: sql`now() - interval '31 seconds'` }).where(eq(providerBreakers.provider, "pawapay"));
    expect((await breakerStates(["pawapay"])).get("pawapay")!.state).toBe("half_open");
    await recordFailure("pawapay");
    expect((await breakerStates(["pawapay"])).get("pawapay")!.state).toBe("open");
  });

  it("a configuration older than the bound (pawaPay unreachable since) skips pawaPay like an open breaker", async () => {
    await routeOperators("live", ["MTN_MOMO_CMR"]); // read once
    process.env.PROVIDER_CONFIG_STALE_SECONDS = "1";
    pawapay.setDown(true);
    const cache = globalThis as unknown as { __kolaPawapayConf: { at: number } };
    cache.__kolaPawapayConf.at -= 120_000;
    try {
      expect(await routeOperators("live", ["MTN_MOMO_CMR"])).toEqual([{ operator: "MTN_MOMO_CMR", provider: "cinetpay" }]);
    } finally {
      delete process.env.PROVIDER_CONFIG_STALE_SECONDS;
    }
  });
});

describe("an initiation no provider took", () => {
  it("tells the buyer at once, frees the link, and ends failed (provider_unreachable) once the status check says NOT_FOUND, well within 2 minutes", async () => {
    Object.assign(process.env, { LIVE_PROVIDERS: "pawapay", BREAKER_FAILURES: "100" }); // the breaker is another test's
    pawapay.setDown(true);
    const gateway = await link();
    const error = await pay("670000000", gateway).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorUnreachable);
    const deposit = (error as OperatorUnreachable).deposit;
    // the link takes a new attempt at once: never "a payment is in progress"
    const again = await pay("670000010", gateway).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(OperatorUnreachable);
    expect(again).not.toBeInstanceOf(PaymentInProgress);

    const db = await getDb();
    const age = async (seconds: number) => db.update(deposits).set({ createdAt: sql`now() - make_interval(secs => ${seconds})`, checkedAt: null }).where(eq(deposits.id, deposit.id));
    await age(11);
    await reconcilePending(); // pawaPay still down: it may still have it, so it stays pending
    const [still] = await db.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, deposit.id));
    expect(still!.status).toBe("pending");

    pawapay.setDown(false); // back, and it has never heard of the deposit
    await age(40); // the reconciler asks a young deposit again every 15 s: by 2 minutes it has asked ≥ 7 times
    await reconcilePending();
    const [row] = await db.select({ status: deposits.status, reason: deposits.failureReason }).from(deposits).where(eq(deposits.id, deposit.id));
    expect(row).toEqual({ status: "failed", reason: "provider_unreachable" });
    const events = await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.depositId, deposit.id));
    expect(events).toEqual([{ type: "payment.failed" }]);
  });
});

describe("never twice on one provider for one attempt", () => {
  it("50 offers of one deposit at once send one initiation to pawaPay and record one attempt", async () => {
    const gateway = await link();
    const deposit = await createDeposit({
      accountId: gateway.accountId,
      mode: "live",
      amount: 5000,
      currency: "XAF",
      country: "CMR",
      operator: "MTN_MOMO_CMR",
      phoneNumber: "237670000000",
      provider: "pawapay",
      paymentGatewayId: gateway.id,
      clientToken: randomUUID(),
    });
    const candidates = await candidatesFor("live", "MTN_MOMO_CMR");
    const results = await Promise.all(Array.from({ length: 50 }, () => offerDeposit(deposit, candidates)));
    expect(results.every((r) => r.status === "pending")).toBe(true);
    expect(pawapayInitiations(deposit.id)).toBe(1);
    expect(await attemptsOf(deposit.id)).toEqual([["pawapay", 1, deposit.id, "accepted", null]]);
    // the database itself refuses a second attempt with one provider
    const db = await getDb();
    await expect(
      db.insert(depositProviderAttempts).values({ accountId: deposit.accountId, mode: "live", depositId: deposit.id, provider: "pawapay", position: 2, requestId: randomUUID() }),
    ).rejects.toThrow();
    await pawapay.settled();
  });

  it("a failed-over deposit is never offered to a provider again: a second offer asks nobody", async () => {
    pawapay.tamper.initiationDown = true;
    const deposit = await pay();
    const before = pawapay.received.length + cinetpay.received.length;
    const again = await offerDeposit(deposit, await candidatesFor("live", "MTN_MOMO_CMR"));
    expect([again.status, pawapay.received.length + cinetpay.received.length - before]).toEqual(["pending", 0]);
    const db = await getDb();
    const rows = await db.select().from(depositProviderAttempts).where(and(eq(depositProviderAttempts.depositId, deposit.id)));
    expect(rows).toHaveLength(2);
  });
});

describe("money out, routed per operator", () => {
  it("payouts go to the first provider paying out to the operator now, CinetPay's transfer API next; refunds only where the deposit was collected", async () => {
    expect(await payoutProviderFor("live", "MTN_MOMO_CMR")).toBe("pawapay");
    expect(await nextPayoutProvider("live", "MTN_MOMO_CMR", "pawapay")).toBe("cinetpay");
    expect(await nextPayoutProvider("live", "MTN_MOMO_CMR", "cinetpay")).toBeNull();
    // pawaPay's breaker open: payouts take CinetPay's transfer API
    process.env.BREAKER_FAILURES = "1";
    await recordFailure("pawapay");
    expect(await payoutProviderFor("live", "MTN_MOMO_CMR")).toBe("cinetpay");
    // an operator only pawaPay serves (Kenya's M-Pesa) has no second route
    await (await getDb()).delete(providerBreakers);
    expect(await payoutProviderFor("live", "MPESA_KEN")).toBe("pawapay");
    expect(await nextPayoutProvider("live", "MPESA_KEN", "pawapay")).toBeNull();
    expect([refundProviderFor("pawapay"), refundProviderFor("cinetpay"), refundProviderFor("sandbox")]).toEqual(["pawapay", null, "sandbox"]);
  });
});

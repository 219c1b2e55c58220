import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import * as submitLinkJson from "@/app/api/checkout/pay/[id]/route";
import * as submitMarketJson from "@/app/api/checkout/pay/m/[id]/route";
import * as linkWait from "@/app/pay/[id]/[track_id]/route";
import * as linkPage from "@/app/pay/[id]/route";
import * as depositList from "@/app/v1/deposits/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { paymentAttemptLimits } from "@/lib/payments/attempt-limits";
import { findPaymentLink } from "@/lib/checkout/queries";
import { clientTokenOf, hit, merchantWithLink, merchantWithMarketplace } from "@/test/support/checkout";
import { getDb } from "@/lib/db/client";
import { deposits, outboxEvents } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { call, newAccount } from "@/test/support/api";
import { reconcilePending, sweepExpired } from "@/lib/payments/reconcile";
import { giveUpAttempt } from "@/lib/payments/give-up-attempt";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { signCallback } from "@/lib/providers/signature";
import { startPayment } from "@/lib/payments/start-payment";

// The money rules of payment attempts (DESIGN §3 and §6): one attempt in flight
// per payment link (per buyer phone on a marketplace link), a link paid once, a buyer who gives a
// stuck attempt up, and a provider success that our own expiry never hides.

const TRACK = /^TRK[A-Z2-7]{20}$/;

// The attempt limits (test/checkout/attempt-limits.test.ts) would refuse most of 100 submits from one
// address: here the database's own rules are under test, so every submit must reach them.
const limits = Object.values(paymentAttemptLimits);
const usual = limits.map((limit) => limit.max);
beforeAll(() => limits.forEach((limit) => (limit.max = 1_000_000)));
afterAll(() => limits.forEach((limit, i) => (limit.max = usual[i]!)));

afterEach(() => {
  setSandboxTransport(undefined);
  delete process.env.DEPOSIT_EXPIRY_SECONDS;
});

/** Sandbox callbacks held back until `deliver()`: the test decides when the provider answers. */
function heldCallbacks() {
  const held: { raw: string; signature: string }[] = [];
  setSandboxTransport(async (_path, raw, signature) => void held.push({ raw, signature }), () => 0);
  return {
    async deliver(): Promise<number[]> {
      await new Promise((r) => setTimeout(r, 20)); // the sandbox's timers fire
      const statuses = await Promise.all(held.splice(0).map(({ raw, signature }) => postCallback(raw, signature)));
      return statuses.map((r) => r.status);
    },
  };
}

function postCallback(raw: string, signature = signCallback(raw)) {
  return callback.POST(
    new Request("http://kola.test/api/providers/sandbox/callback", { method: "POST", headers: { "x-kola-signature": signature }, body: raw }),
    { params: Promise.resolve({ provider: "sandbox" }) },
  );
}

const successCallback = (trackId: string) =>
  JSON.stringify({ event_id: randomUUID(), reference: `SBX-${trackId}`, track_id: trackId, status: "success", amount: 5000, currency: "XAF", timestamp: Math.floor(Date.now() / 1000) });

/** The i-th of many distinct valid Cameroonian MTN numbers; all end in 10 (the sandbox's success). */
const phoneNo = (i: number) => `6700${String(i).padStart(3, "0")}10`;

const payLink = (id: string, phone: string) =>
  hit(submitLinkJson.POST, { id }, `/api/checkout/pay/${id}?lang=fr`, {
    json: { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: randomUUID().replaceAll("-", "") },
  });

const payMarket = (id: string, phone: string) =>
  hit(submitMarketJson.POST, { id }, `/api/checkout/pay/m/${id}?lang=fr`, {
    json: { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: randomUUID().replaceAll("-", ""), full_name: "Awa Ndiaye", email: "awa@example.com", answers: {} },
  });

async function attemptsOf(column: "paymentGatewayId" | "marketplaceGatewayId", id: string) {
  const db = await getDb();
  const rows = await db.select().from(deposits).where(eq(deposits[column], id));
  const events = rows.length
    ? await db.select().from(outboxEvents).where(inArray(outboxEvents.depositId, rows.map((r) => r.id)))
    : [];
  return { rows, events };
}

const inProgress = {
  detail: { message: "A payment attempt on this link is in progress; retry once it is finished", type: "PAYMENT_IN_PROGRESS" },
  message: "Un paiement est déjà en cours sur ce lien avec un autre numéro. Réessayez dans 10\u00a0min, quand il aura abouti ou expiré.",
  errors: { form: "Un paiement est déjà en cours sur ce lien avec un autre numéro. Réessayez dans 10\u00a0min, quand il aura abouti ou expiré." },
  retry_after: expect.any(Number),
};

describe("100 simultaneous submits on one payment link", () => {
  it.each([
    ["the same phone", () => phoneNo(0)],
    ["100 different phones", (i: number) => phoneNo(i)],
  ])("from %s: one attempt, one success, one payment.succeeded", async (_name, phoneOf) => {
    const { link } = await merchantWithLink({ amount: 5000 });
    const provider = heldCallbacks();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => payLink(link.id, phoneOf(i))));

    const accepted = answers.filter((a) => a.status === 200).map((a) => a.json() as { track_id: string });
    const trackId = accepted[0]!.track_id;
    expect(trackId).toMatch(TRACK);
    const samePhone = phoneOf(1) === phoneOf(0);
    // the same buyer is shown the attempt in progress; other buyers are told when to try again
    expect(answers.map((a) => [a.status, a.json()]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      ...Array.from({ length: samePhone ? 100 : 1 }, () => [200, { track_id: trackId, status: "pending", next: `/pay/${link.id}/${trackId}?lang=fr` }]),
      ...Array.from({ length: samePhone ? 0 : 99 }, () => [409, inProgress]),
    ]);
    expect(await provider.deliver()).toEqual([200]); // one prompt pushed to one phone
    const { rows, events } = await attemptsOf("paymentGatewayId", link.id);
    expect(rows.map((r) => [r.trackId, r.status, r.duplicateOf, r.lateSuccess])).toEqual([[trackId, "success", null, false]]);
    expect(events.map((e) => e.type)).toEqual(["payment.succeeded"]);
    // a paid link takes no new attempt
    expect((await payLink(link.id, phoneNo(500))).json()).toMatchObject({ detail: { type: "GATEWAY_ALREADY_PAID" } });
  });
});

describe("100 simultaneous submits on one marketplace link", () => {
  it("from the same phone: one attempt, one success, one marketplace.transaction.succeeded", async () => {
    const { link } = await merchantWithMarketplace({ form_blocks: JSON.stringify({ blocks: [] }) });
    const provider = heldCallbacks();
    const answers = await Promise.all(Array.from({ length: 100 }, () => payMarket(link.id, phoneNo(7))));
    const trackIds = new Set(answers.map((a) => (a.json() as { track_id: string }).track_id));
    expect([answers.every((a) => a.status === 200), trackIds.size]).toEqual([true, 1]);
    expect(await provider.deliver()).toEqual([200]);
    const { rows, events } = await attemptsOf("marketplaceGatewayId", link.id);
    expect(rows.map((r) => r.status)).toEqual(["success"]);
    expect(events.map((e) => e.type)).toEqual(["marketplace.transaction.succeeded"]);
  });

  it("from 100 different phones: 100 buyers, each paid once", async () => {
    const { link } = await merchantWithMarketplace({ form_blocks: JSON.stringify({ blocks: [] }) });
    const provider = heldCallbacks();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => payMarket(link.id, phoneNo(i))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(await provider.deliver()).toEqual(Array.from({ length: 100 }, () => 200));
    const { rows, events } = await attemptsOf("marketplaceGatewayId", link.id);
    expect(new Set(rows.map((r) => r.phoneNumber)).size).toBe(100);
    expect(rows.every((r) => r.status === "success")).toBe(true);
    expect(events.filter((e) => e.type === "marketplace.transaction.succeeded")).toHaveLength(100);
  });
});

let auth: Auth;
beforeAll(async () => {
  const { key } = await newAccount("CMR");
  auth = (await findAuthByKeyHash(hashApiKey(key)))!;
});

async function newLink() {
  return createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
}

async function attempt(gatewayId: string, phone: string) {
  const gateway = (await findPaymentLink(gatewayId))!;
  return startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: randomUUID().replaceAll("-", "") });
}

async function age(depositId: string, seconds: number) {
  const db = await getDb();
  await db.update(deposits).set({ createdAt: new Date(Date.now() - seconds * 1000) }).where(eq(deposits.id, depositId));
  const [row] = await db.select().from(deposits).where(eq(deposits.id, depositId));
  return row!;
}

describe("giving a stuck attempt up (use another number)", () => {
  it.each([
    ["too early: the provider still processes it", "670000010", 1, undefined, "too_early"],
    ["the provider no longer knows it", "670000003", 1, "0.5", "given_up"],
    ["after 2 minutes, whatever the provider says", "670000010", 150, undefined, "given_up"],
    ["the provider settled it meanwhile", "670000001", 60, undefined, "finished"],
  ])("%s", async (_name, phone, ageSeconds, expiry, outcome) => {
    setSandboxTransport(async () => {}); // the callback is lost: the provider is only asked
    if (expiry) process.env.DEPOSIT_EXPIRY_SECONDS = expiry;
    const link = await newLink();
    const first = await age((await attempt(link.id, phone)).id, ageSeconds);
    expect(await giveUpAttempt(first)).toMatchObject({ outcome });
    // given up (or over), the link takes another number at once; too early, it does not
    const next = attempt(link.id, "690000010");
    if (outcome === "too_early") await expect(next).rejects.toMatchObject({ type: "PAYMENT_IN_PROGRESS", status: 409 });
    else expect((await next).status).toBe("pending");
  });

  it("through the waiting page, without JavaScript: a form post, then a fresh form or how long to wait", async () => {
    setSandboxTransport(async () => {});
    const { link } = await merchantWithLink();
    const token = clientTokenOf((await hit(linkPage.GET, { id: link.id }, `/pay/${link.id}`)).text);
    const posted = await hit(linkPage.POST, { id: link.id }, `/pay/${link.id}?lang=fr`, {
      form: { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000010", client_token: token },
    });
    const trackId = /TRK[A-Z2-7]{20}/.exec(posted.headers.get("location")!)![0];
    const waitUrl = `/pay/${link.id}/${trackId}?lang=fr`;
    const waiting = await hit(linkWait.GET, { id: link.id, track_id: trackId }, waitUrl);
    expect(waiting.text).toContain(
      `<form class="other" method="post" action="${waitUrl}"><p class="hint">Mauvais numéro, ou la demande n’arrive pas\u00a0?</p><button type="submit" class="btn alt">Utiliser un autre numéro</button></form>`,
    );

    const early = await hit(linkWait.POST, { id: link.id, track_id: trackId }, waitUrl, { method: "POST", form: {} });
    expect([early.status, early.headers.get("location")]).toEqual([303, `${waitUrl}&other=early`]);
    const told = await hit(linkWait.GET, { id: link.id, track_id: trackId }, `${waitUrl}&other=early`);
    expect(told.text).toContain(
      '<p class="alert" role="alert">Cette demande peut encore être validée sur le téléphone. Vous pourrez utiliser un autre numéro dans 2\u00a0min.</p>',
    );
    // another phone meanwhile: the form again, with the reason and when to retry (409)
    const other = await hit(linkPage.POST, { id: link.id }, `/pay/${link.id}?lang=fr`, {
      form: { country: "CMR", operator: "MTN_MOMO_CMR", phone: "690000010", client_token: clientTokenOf((await hit(linkPage.GET, { id: link.id }, `/pay/${link.id}`)).text) },
    });
    expect(other.status).toBe(409);
    expect(other.text).toContain(`<p class="alert" id="err-form" role="alert">${inProgress.message}</p>`);
    expect(other.text).toContain('value="690000010"');

    const db = await getDb();
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 150_000) }).where(eq(deposits.trackId, trackId));
    const gaveUp = await hit(linkWait.POST, { id: link.id, track_id: trackId }, waitUrl, { method: "POST", form: {} });
    expect([gaveUp.status, gaveUp.headers.get("location")]).toEqual([303, `/pay/${link.id}?lang=fr`]);
    const [row] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
    expect([row!.status, row!.abandonedAt instanceof Date]).toEqual(["pending", true]);
  });

  it("an attempt given up that succeeds anyway is kept, flagged as a duplicate, and shown in /v1/deposits", async () => {
    setSandboxTransport(async () => {});
    const { key, link } = await merchantWithLink();
    const first = await age((await attempt(link.id, "670000010")).id, 150);
    expect(await giveUpAttempt(first)).toEqual({ outcome: "given_up" });
    const second = await attempt(link.id, "690000010");
    expect((await postCallback(successCallback(second.trackId))).status).toBe(200);
    expect((await postCallback(successCallback(first.trackId))).status).toBe(200); // the old prompt, approved after all

    const { rows, events } = await attemptsOf("paymentGatewayId", link.id);
    const byTrack = Object.fromEntries(rows.map((r) => [r.trackId, [r.status, r.duplicateOf]]));
    expect(byTrack).toEqual({ [first.trackId]: ["success", second.id], [second.trackId]: ["success", null] });
    expect(events.map((e) => [e.type, e.data.track_id, e.data.duplicate_of]).sort()).toEqual(
      [
        ["payment.succeeded", first.trackId, second.trackId],
        ["payment.succeeded", second.trackId, undefined],
      ].sort(),
    );
    const listed = await call(depositList.GET, "GET", `/v1/deposits?payment_gateway_id=${link.id}`, { key });
    expect((listed.body as Record<string, unknown>[]).map((d) => [d.track_id, d.status, d.duplicate_of, d.late_success, d.given_up])).toEqual([
      [second.trackId, "success", null, false, false],
      [first.trackId, "success", second.trackId, false, true],
    ]);
  });
});

describe("a payment link is paid once", () => {
  it("two attempts succeeding at the same moment: one kept, one flagged duplicate, each announced once", async () => {
    setSandboxTransport(async () => {});
    for (let round = 0; round < 5; round++) {
      const link = await newLink();
      const a = await age((await attempt(link.id, "670000010")).id, 150);
      await giveUpAttempt(a);
      const b = await attempt(link.id, "690000010");
      const answers = await Promise.all([postCallback(successCallback(a.trackId)), postCallback(successCallback(b.trackId))]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const { rows, events } = await attemptsOf("paymentGatewayId", link.id);
      const kept = rows.filter((r) => r.status === "success" && r.duplicateOf === null);
      const duplicates = rows.filter((r) => r.status === "success" && r.duplicateOf !== null);
      expect([kept.length, duplicates.length, duplicates[0]!.duplicateOf]).toEqual([1, 1, kept[0]!.id]);
      expect(events.map((e) => e.type)).toEqual(["payment.succeeded", "payment.succeeded"]);
    }
  });

  it("the database refuses a second kept success even if the code forgot the rule", async () => {
    setSandboxTransport(async () => {});
    const link = await newLink();
    const a = await age((await attempt(link.id, "670000010")).id, 150);
    await giveUpAttempt(a);
    const b = await attempt(link.id, "690000010");
    const db = await getDb();
    // a second attempt in flight on the link
    await expect(db.update(deposits).set({ abandonedAt: null }).where(eq(deposits.id, a.id))).rejects.toThrow();
    // a second kept success on the link
    await db.update(deposits).set({ status: "success" }).where(eq(deposits.id, a.id));
    await expect(db.update(deposits).set({ status: "success" }).where(eq(deposits.id, b.id))).rejects.toThrow();
    await expect(db.update(deposits).set({ status: "success", duplicateOf: a.id }).where(eq(deposits.id, b.id))).resolves.toBeDefined();
  });
});

describe("our timeout never hides a payment", () => {
  it("late success callbacks racing the sweeper: every provider success ends as success, announced once", async () => {
    setSandboxTransport(async () => {});
    const started = [];
    for (let i = 0; i < 200; i++) started.push(await attempt((await newLink()).id, "670000003")); // …03: no callback, not found once expired
    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    await new Promise((r) => setTimeout(r, 20));
    const answers = await Promise.all([
      ...started.map((d) => postCallback(successCallback(d.trackId))),
      sweepExpired(),
      sweepExpired(),
      sweepExpired(),
    ]);
    expect(answers.slice(0, 200).map((r) => (r as Response).status)).toEqual(started.map(() => 200));
    await sweepExpired();

    const db = await getDb();
    const ids = started.map((d) => d.id);
    const rows = await db.select().from(deposits).where(inArray(deposits.id, ids));
    const events = await db.select().from(outboxEvents).where(inArray(outboxEvents.depositId, ids));
    expect(rows.filter((r) => r.status !== "success")).toEqual([]);
    for (const row of rows) {
      const mine = events.filter((e) => e.depositId === row.id).map((e) => e.type).sort();
      // expired first, then the provider's success: both announced, each once, and flagged late
      expect(mine).toEqual(row.lateSuccess ? ["payment.expired", "payment.succeeded"] : ["payment.succeeded"]);
    }
  });

  it("a success after our expiry, from a callback: expired → success, flagged, announced once", async () => {
    setSandboxTransport(async () => {});
    const link = await newLink();
    const deposit = await attempt(link.id, "670000003");
    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    expect(await sweepExpired()).toBeGreaterThanOrEqual(1);
    const late = await postCallback(successCallback(deposit.trackId));
    expect(await late.json()).toEqual({ received: true, outcome: "settled" });
    const again = await postCallback(successCallback(deposit.trackId));
    expect(await again.json()).toEqual({ received: true, outcome: "already_settled" });
    const { rows, events } = await attemptsOf("paymentGatewayId", link.id);
    expect(rows.map((r) => [r.status, r.lateSuccess, r.failureReason])).toEqual([["success", true, null]]);
    expect(events.map((e) => [e.type, e.data.late_success]).sort((x, y) => String(x[0]).localeCompare(String(y[0])))).toEqual([
      ["payment.expired", undefined],
      ["payment.succeeded", true],
    ]);
  });

  it.each([
    ["processing (…10, 2 s old): stays pending", "670000010", 2, "pending"],
    ["settled (…01): settled so", "670000001", 20, "failed"],
    ["settled (…10): a success, never expired", "670000010", 20, "success"],
    ["not found (…03): expired", "670000003", 20, "expired"],
  ])("the sweeper asks the provider first: %s", async (_name, phone, ageSeconds, status) => {
    setSandboxTransport(async () => {});
    const link = await newLink();
    await age((await attempt(link.id, phone)).id, ageSeconds);
    process.env.DEPOSIT_EXPIRY_SECONDS = "1";
    await sweepExpired();
    const { rows, events } = await attemptsOf("paymentGatewayId", link.id);
    expect([rows.map((r) => r.status), events.length]).toEqual([[status], status === "pending" ? 0 : 1]);
  });

  it("a deposit its provider keeps processing past the 24 h cap is expired anyway", async () => {
    setSandboxTransport(async () => {});
    const link = await newLink();
    await age((await attempt(link.id, "670000010")).id, 25 * 3600);
    const { sandboxProvider } = await import("@/lib/providers/sandbox");
    const real = sandboxProvider.queryStatus;
    sandboxProvider.queryStatus = async () => ({ state: "processing" }); // a provider that never settles
    try {
      await sweepExpired();
    } finally {
      sandboxProvider.queryStatus = real;
    }
    const { rows } = await attemptsOf("paymentGatewayId", link.id);
    expect(rows.map((r) => [r.status, r.failureReason])).toEqual([["expired", "provider_never_settled"]]);
  });

  it("the reconciler leaves a deposit the provider does not know yet (younger than our expiry)", async () => {
    setSandboxTransport(async () => {});
    const link = await newLink();
    const deposit = await attempt(link.id, "670000003");
    await age(deposit.id, 60);
    expect(await reconcilePending()).toBe(0);
    const { rows } = await attemptsOf("paymentGatewayId", link.id);
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { errorTypes } from "@/lib/core/errors";
import { deposits, outboxEvents } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { newAuth } from "@/test/support/api";
import { reconcilePending, sweepExpired } from "@/lib/payments/reconcile";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { receiptCodeOf } from "@/test/support/receipts";
import { signCallback } from "@/lib/providers/signature";
import { startPayment } from "@/lib/payments/start-payment";

let auth: Auth;

beforeAll(async () => {
  auth = await newAuth("CMR");
});

afterEach(() => {
  setSandboxTransport(undefined);
  delete process.env.DEPOSIT_EXPIRY_SECONDS;
});

async function pendingDeposit(phone = "237670000000") {
  setSandboxTransport(async () => {}); // the sandbox's callback is dropped: tests drive outcomes
  const gateway = await createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
  return startPayment({ kind: "link", gateway }, {
    country: "CMR",
    operator: "MTN_MOMO_CMR",
    phone,
    client_token: randomUUID().replaceAll("-", ""),
  });
}

function postCallback(body: Record<string, unknown>, signature?: string) {
  const raw = JSON.stringify(body);
  return callback.POST(
    new Request("http://kola.test/api/providers/sandbox/callback", {
      method: "POST",
      headers: { "content-type": "application/json", "x-kola-signature": signature ?? signCallback(raw) },
      body: raw,
    }),
    { params: Promise.resolve({ provider: "sandbox" }) },
  );
}

async function state(trackId: string) {
  const db = await getDb();
  const [deposit] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
  const events = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, deposit!.id));
  return { status: deposit!.status, events };
}

const callbackFor = (trackId: string, status: "success" | "failed") => ({
  event_id: randomUUID(),
  reference: "SBX-1",
  track_id: trackId,
  status,
  amount: 5000,
  currency: "XAF",
  timestamp: Math.floor(Date.now() / 1000),
});

describe("provider callbacks", () => {
  it("settles a deposit once and writes one outbox event with the payment's data", async () => {
    const deposit = await pendingDeposit();
    const res = await postCallback(callbackFor(deposit.trackId, "success"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "settled" });
    const { status, events } = await state(deposit.trackId);
    expect(status).toBe("success");
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        "payment.succeeded",
        {
          track_id: deposit.trackId,
          gateway_id: deposit.paymentGatewayId,
          order_id: "",
          amount: 5000,
          currency: "XAF",
          status: "success",
          country: "CMR",
          operator: "MTN_MOMO_CMR",
          phone_number: "237670000000",
          failure_reason: null,
          receipt_code: await receiptCodeOf(deposit.id),
        },
      ],
    ]);
  });

  it.each([
    ["a forged signature", (raw: string) => signCallback(raw, "not-the-secret")],
    ["no signature", () => ""],
    ["a stale timestamp", (raw: string) => signCallback(raw, undefined, Math.floor(Date.now() / 1000) - 3600)],
  ])("refuses %s and changes nothing", async (_name, sign) => {
    const deposit = await pendingDeposit();
    const body = callbackFor(deposit.trackId, "success");
    const res = await postCallback(body, sign(JSON.stringify(body)));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: { message: "Invalid signature", type: "INVALID_SIGNATURE" } });
    expect(await state(deposit.trackId)).toEqual({ status: "pending", events: [] });
  });

  it("takes a replayed callback as a no-op", async () => {
    const deposit = await pendingDeposit();
    const body = callbackFor(deposit.trackId, "failed");
    expect((await postCallback(body)).status).toBe(200);
    const replay = await postCallback(body);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "replay" });
    const { status, events } = await state(deposit.trackId);
    expect([status, events.length]).toEqual(["failed", 1]);
  });

  it("never changes a terminal status", async () => {
    const deposit = await pendingDeposit();
    await postCallback(callbackFor(deposit.trackId, "failed"));
    const late = await postCallback(callbackFor(deposit.trackId, "success"));
    expect(await late.json()).toEqual({ received: true, outcome: "already_settled" });
    const { status, events } = await state(deposit.trackId);
    expect([status, events.map((e) => e.type)]).toEqual(["failed", ["payment.failed"]]);
  });
});

describe("the callback's errors in the documented shape", () => {
  const send = (provider: string, raw: string, signature = signCallback(raw)) =>
    callback.POST(
      new Request(`http://kola.test/api/providers/${provider}/callback`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-kola-signature": signature, "x-request-id": "cb-req-1" },
        body: raw,
      }),
      { params: Promise.resolve({ provider }) },
    );

  it.each([
    ["a bad signature", async (raw: string) => send("sandbox", raw, signCallback(raw, "not-the-secret")), 401, "INVALID_SIGNATURE"],
    ["a signed body of the wrong shape", async () => send("sandbox", JSON.stringify({ event_id: "short" })), 422, "INVALID_CALLBACK"],
    ["an unknown provider", async (raw: string) => send("nope", raw), 404, "PROVIDER_NOT_FOUND"],
  ] as const)("%s: %s with its type from the error table and the request id", async (_name, post, status, type) => {
    const deposit = await pendingDeposit();
    const res = await post(JSON.stringify(callbackFor(deposit.trackId, "failed")));
    expect([res.status, res.headers.get("x-request-id"), await res.json()]).toEqual([
      status,
      "cb-req-1",
      { detail: { message: errorTypes[type].message, type } },
    ]);
    expect(errorTypes[type].status).toBe(status);
  });
});

describe("races", () => {
  it("many concurrent callbacks and sweeps make one transition and one event", async () => {
    const deposit = await pendingDeposit();
    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    await new Promise((r) => setTimeout(r, 20));
    const contenders = [
      ...Array.from({ length: 8 }, (_, i) => postCallback(callbackFor(deposit.trackId, i % 2 ? "success" : "failed"))),
      ...Array.from({ length: 4 }, () => sweepExpired()),
    ];
    await Promise.all(contenders);
    const { status, events } = await state(deposit.trackId);
    expect(status).not.toBe("pending");
    expect(events).toHaveLength(1);
    expect(events[0]!.data.status).toBe(status);
  });
});

describe("sweeper and reconciler", () => {
  it("expires pending deposits older than DEPOSIT_EXPIRY_SECONDS", async () => {
    const deposit = await pendingDeposit("237670000003");
    expect(await sweepExpired()).toBe(0);
    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    expect(await sweepExpired()).toBeGreaterThanOrEqual(1);
    const { status, events } = await state(deposit.trackId);
    expect([status, events.map((e) => e.type)]).toEqual(["expired", ["payment.expired"]]);
  });

  it("settles a deposit whose callback was lost from the provider's status", async () => {
    const deposit = await pendingDeposit("237670000001");
    const db = await getDb();
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(deposits.id, deposit.id));
    expect(await reconcilePending()).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect([row!.status, row!.failureReason]).toEqual(["failed", "insufficient_funds"]);
    expect(await reconcilePending()).toBe(0); // checked_at: not asked again at once
  });
});

describe("sandbox", () => {
  it.each([
    ["237670000000", "success", null],
    ["237670000001", "failed", "insufficient_funds"],
    ["237670000002", "failed", "refused_by_payer"],
  ])("a payment from %s ends %s through the signed callback", async (phone, status, reason) => {
    const delivered: Promise<Response>[] = [];
    setSandboxTransport(
      async (path, raw, signature) => {
        delivered.push(
          callback.POST(
            new Request(`http://kola.test${path}`, { method: "POST", headers: { "x-kola-signature": signature }, body: raw }),
            { params: Promise.resolve({ provider: "sandbox" }) },
          ),
        );
      },
      () => 0,
    );
    const gateway = await createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
    const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "ORANGE_MONEY_CMR", phone, client_token: randomUUID().replaceAll("-", "") });
    await new Promise((r) => setTimeout(r, 20));
    expect(delivered).toHaveLength(1);
    expect((await delivered[0]!).status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect([row!.status, row!.failureReason]).toEqual([status, reason]);
  });

  it("never answers for …03", async () => {
    let called = false;
    setSandboxTransport(async () => void (called = true), () => 0);
    const gateway = await createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
    await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000003", client_token: randomUUID().replaceAll("-", "") });
    await new Promise((r) => setTimeout(r, 20));
    expect(called).toBe(false);
  });
});

describe("checkout submissions", () => {
  it("one client token makes one deposit, even on a double tap", async () => {
    setSandboxTransport(async () => {});
    const gateway = await createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
    const input = { country: "CMR" as const, operator: "MTN_MOMO_CMR", phone: "6 70 00 00 00", client_token: randomUUID().replaceAll("-", "") };
    const [a, b] = await Promise.all([startPayment({ kind: "link", gateway }, input), startPayment({ kind: "link", gateway }, input)]);
    expect(a.trackId).toBe(b.trackId);
    const db = await getDb();
    expect(await db.select().from(deposits).where(eq(deposits.paymentGatewayId, gateway.id))).toHaveLength(1);
  });

  it("refuses a live-mode payment when no live provider is configured", async () => {
    const gateway = await createGateway({ ...auth, mode: "live" }, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
    await expect(
      startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000000", client_token: randomUUID().replaceAll("-", "") }),
    ).rejects.toMatchObject({ type: "LIVE_PAYMENTS_UNAVAILABLE", status: 503 });
  });
});

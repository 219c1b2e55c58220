import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import * as collection from "@/app/v1/payment-requests/route";
import * as one from "@/app/v1/payment-requests/[request_id]/route";
import * as resend from "@/app/v1/payment-requests/[request_id]/resend/route";
import * as cancel from "@/app/v1/payment-requests/[request_id]/cancel/route";
import * as summary from "@/app/v1/payment-requests/summary/route";
import * as gateways from "@/app/v1/gateway/route";
import * as linkPage from "@/app/pay/[id]/route";
import { hit } from "@/test/support/checkout";
import { getDb } from "@/lib/db/client";
import { depositProviderAttempts, deposits, outboxEvents, paymentRequests } from "@/lib/db/schema";
import { pushRequests } from "@/lib/payment-requests/push";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { addMember, sessionHeaders } from "@/test/support/accounts";
import { call, newAccount, type Reply } from "@/test/support/api";

// Requests to pay through the API and the dashboard's session, in test mode (the sandbox pushes):
// created whole in one transaction, pushed by the `request-push` round, settled by the sandbox's
// signed callback; read, listed, waited on, sent again, cancelled; scoped per cashier.

let merchant: { accountId: string; key: string };
const delivered: Promise<Response>[] = [];

beforeAll(async () => {
  merchant = await newAccount("CMR");
});

afterEach(() => {
  setSandboxTransport(undefined);
  delivered.length = 0;
});

/** The sandbox's callbacks go straight to the callback route; `hold` keeps them for the test to send. */
function sandboxCallbacks(hold = false) {
  const held: (() => Promise<Response>)[] = [];
  setSandboxTransport(
    async (path, raw, signature) => {
      const send = () =>
        callback.POST(new Request(`http://kola.test${path}`, { method: "POST", headers: { "x-kola-signature": signature }, body: raw }), {
          params: Promise.resolve({ provider: "sandbox" }),
        });
      if (hold) held.push(send);
      else delivered.push(send());
    },
    () => 0,
  );
  return held;
}

/** Sends the sandbox's held callback(s), once the sandbox has queued one (its timer may fire a little later). */
async function deliverHeld(held: (() => Promise<Response>)[]): Promise<void> {
  await vi.waitFor(() => expect(held.length).toBeGreaterThan(0), { timeout: 5_000, interval: 10 });
  expect((await Promise.all(held.map((send) => send()))).map((res) => res.status)).toEqual(held.map(() => 200));
}

/** Waits for the sandbox's callback (its timer may fire a little later) and its handling. */
async function settled(): Promise<void> {
  await vi.waitFor(() => expect(delivered.length).toBeGreaterThan(0), { timeout: 5_000, interval: 10 });
  await Promise.all(delivered);
}

const create = (json: unknown, key = merchant.key, headers?: Record<string, string>) => call(collection.POST, "POST", "/v1/payment-requests", { key: headers ? null : key, json, headers });

function expectView(reply: Reply, status: number) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply.body as Record<string, unknown>;
}

describe("a request to pay, pushed in test mode", () => {
  it("is created pending, pushed once by the round, and paid through the sandbox's callback", async () => {
    sandboxCallbacks();
    const created = expectView(await create({ amount: 2500, phone_number: "6 70 00 00 00", reference: "Table 4", message: "Merci !" }), 200);
    const db = await getDb();
    const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, String(created.id)));
    expect(created).toEqual({
      id: request!.id,
      status: "pending",
      delivery: "push",
      channel: "api",
      amount: 2500,
      currency: "XAF",
      country: "CMR",
      operator: "MTN_MOMO_CMR",
      phone_number: "237670000000",
      reference: "Table 4",
      order_id: "",
      message: "Merci !",
      gateway_id: request!.paymentGatewayId,
      track_id: expect.stringMatching(/^TRK/),
      receipt_code: null,
      failure_reason: null,
      can_resend: false,
      pay_url: `http://kola.test/p/${request!.code}`,
      qr_url: `http://kola.test/p/${request!.code}/qr.png`,
      stall_id: null,
      collected_by: { type: "api_key", id: expect.any(String), name: expect.any(String) },
      expires_at: request!.expiresAt.toISOString(),
      paid_at: null,
      created_at: request!.createdAt.toISOString(),
    });
    // two rounds at once: one offer to the provider
    expect((await Promise.all([pushRequests(), pushRequests()])).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    await settled();
    const [deposit] = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, request!.paymentGatewayId));
    expect(await db.select().from(depositProviderAttempts).where(eq(depositProviderAttempts.depositId, deposit!.id))).toHaveLength(1);
    const read = expectView(await call(one.GET, "GET", `/v1/payment-requests/${request!.id}`, { key: merchant.key }), 200);
    expect([read.status, read.track_id, read.can_resend]).toEqual(["paid", deposit!.trackId, false]);
    expect(read.paid_at).toBe(deposit!.completedAt!.toISOString());
    // the payment's event is every payment's, naming the request too
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, deposit!.id));
    expect(events.map((e) => e.type)).toEqual(["payment.succeeded"]);
    expect(events[0]!.data).toEqual({
      track_id: deposit!.trackId,
      gateway_id: request!.paymentGatewayId,
      order_id: "",
      amount: 2500,
      currency: "XAF",
      status: "success",
      failure_reason: null,
      country: "CMR",
      operator: "MTN_MOMO_CMR",
      phone_number: "237670000000",
      receipt_code: read.receipt_code,
      payment_request_id: request!.id,
    });
    expect(read.receipt_code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // its link is not one of the merchant's payment links
    const links = await call(gateways.GET, "GET", "/v1/gateway", { key: merchant.key });
    expect((links.body as { id: string }[]).map((l) => l.id)).not.toContain(request!.paymentGatewayId);
  });

  it("fails on the payer's refusal, is sent again, and can then be paid with another operator", async () => {
    sandboxCallbacks();
    // 655…: Orange's by the numbering plan, not for certain (the 65 range is shared): another operator may be chosen
    const created = expectView(await create({ amount: 1000, phone_number: "+237 6 55 00 00 02" }), 200);
    await pushRequests();
    await settled();
    const failed = expectView(await call(one.GET, "GET", `/v1/payment-requests/${created.id}`, { key: merchant.key }), 200);
    expect([failed.status, failed.failure_reason, failed.can_resend]).toEqual(["failed", "refused_by_payer", true]);
    const again = expectView(await call(resend.POST, "POST", `/v1/payment-requests/${created.id}/resend`, { key: merchant.key, json: { operator: "MTN_MOMO_CMR" } }), 200);
    expect([again.status, again.operator, again.can_resend]).toEqual(["pending", "MTN_MOMO_CMR", false]);
    expect(again.track_id).not.toBe(failed.track_id);
  });

  it("refuses a second send while a prompt is on the phone, and any change once paid", async () => {
    const held = sandboxCallbacks(true);
    const created = expectView(await create({ amount: 1000, phone_number: "670000000" }), 200);
    await pushRequests();
    const [a, b] = await Promise.all([
      call(resend.POST, "POST", `/v1/payment-requests/${created.id}/resend`, { key: merchant.key }),
      call(resend.POST, "POST", `/v1/payment-requests/${created.id}/resend`, { key: merchant.key }),
    ]);
    for (const reply of [a, b]) expect(reply.body).toEqual({ detail: { message: expect.stringContaining("prompt"), type: "PAYMENT_REQUEST_IN_FLIGHT" } });
    const refused = await call(cancel.POST, "POST", `/v1/payment-requests/${created.id}/cancel`, { key: merchant.key });
    expect(refused.status).toBe(409);
    await deliverHeld(held);
    const closed = await call(resend.POST, "POST", `/v1/payment-requests/${created.id}/resend`, { key: merchant.key });
    expect([closed.status, (closed.body as { detail: { type: string } }).detail.type]).toEqual([409, "PAYMENT_REQUEST_CLOSED"]);
  });

  it("100 sends of one failed request at once: one new attempt, the rest told a prompt is on the phone", async () => {
    sandboxCallbacks();
    const { key } = await newAccount("CMR");
    const created = expectView(await create({ amount: 1000, phone_number: "670000002" }, key), 200);
    await pushRequests();
    await settled(); // …02: refused by the payer, so it may be sent again
    setSandboxTransport(async () => {});
    const replies = await Promise.all(Array.from({ length: 100 }, () => call(resend.POST, "POST", `/v1/payment-requests/${created.id}/resend`, { key })));
    const statuses = replies.map((r) => (r.status === 200 ? "ok" : (r.body as { detail: { type: string } }).detail.type));
    // the database holds one attempt in flight; a send that reached the number's limit first is a 429
    expect(statuses.filter((s) => s === "ok")).toHaveLength(1);
    for (const s of statuses.filter((s) => s !== "ok")) expect(["PAYMENT_REQUEST_IN_FLIGHT", "RATE_LIMITED"]).toContain(s);
    const db = await getDb();
    const attempts = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, String(created.gateway_id)));
    expect(attempts.map((d) => d.status).sort()).toEqual(["failed", "pending"]);
  });

  it("rings once for one Idempotency-Key, however often and however concurrently it is sent", async () => {
    setSandboxTransport(async () => {});
    const { key } = await newAccount("CMR");
    const send = () => call(collection.POST, "POST", "/v1/payment-requests", { key, json: { amount: 1200, phone_number: "670000040" }, headers: { "idempotency-key": "sale-42" } });
    const replies = await Promise.all([send(), send(), send()]);
    const later = await send();
    const ids = new Set([...replies, later].filter((r) => r.status === 200).map((r) => (r.body as { id: string }).id));
    expect(ids.size).toBe(1);
    for (const reply of replies) expect([200, 409]).toContain(reply.status); // 409 IDEMPOTENCY_KEY_IN_USE while the first is under way
    expect(later.status).toBe(200);
    const db = await getDb();
    const requests = await db.select().from(paymentRequests).where(eq(paymentRequests.id, [...ids][0]!));
    expect(await db.select().from(deposits).where(eq(deposits.paymentGatewayId, requests[0]!.paymentGatewayId))).toHaveLength(1);
  });

  it("holds a GET with wait until the status changes", async () => {
    const held = sandboxCallbacks(true);
    const created = expectView(await create({ amount: 1000, phone_number: "670000000" }), 200);
    await pushRequests();
    const started = Date.now();
    const waiting = call(one.GET, "GET", `/v1/payment-requests/${created.id}?wait=10&status=pending`, { key: merchant.key });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await deliverHeld(held);
    const changed = expectView(await waiting, 200);
    expect(changed.status).toBe("paid");
    expect(Date.now() - started).toBeLessThan(10_000); // answered on the change, not at the deadline
  });
});

describe("a request's pay link", () => {
  it("is closed once the request is cancelled or past its expiry", async () => {
    setSandboxTransport(async () => {});
    const { key } = await newAccount("CMR");
    const cancelled = expectView(await create({ amount: 1000, phone_number: "670000000" }, key), 200);
    const db = await getDb();
    // the prompt was answered no: nothing in flight, the request can be cancelled
    await db.update(deposits).set({ status: "failed", failureReason: "refused_by_payer" }).where(eq(deposits.paymentGatewayId, String(cancelled.gateway_id)));
    const open = await hit(linkPage.GET, { id: String(cancelled.gateway_id) }, `/pay/${cancelled.gateway_id}`);
    expect(open.status).toBe(200);
    expect(expectView(await call(cancel.POST, "POST", `/v1/payment-requests/${cancelled.id}/cancel`, { key }), 200).status).toBe("cancelled");
    expect((await hit(linkPage.GET, { id: String(cancelled.gateway_id) }, `/pay/${cancelled.gateway_id}`)).status).toBe(410);
    const again = await call(cancel.POST, "POST", `/v1/payment-requests/${cancelled.id}/cancel`, { key });
    expect(expectView(again, 200).status).toBe("cancelled"); // cancelling twice is one cancel

    const expiring = expectView(await create({ amount: 1000, phone_number: "670000030", expires_in: 60 }, key), 200);
    await db.update(deposits).set({ status: "failed", failureReason: "refused_by_payer" }).where(eq(deposits.paymentGatewayId, String(expiring.gateway_id)));
    await db.update(paymentRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentRequests.id, String(expiring.id)));
    expect((await hit(linkPage.GET, { id: String(expiring.gateway_id) }, `/pay/${expiring.gateway_id}`)).status).toBe(410);
    const view = expectView(await call(one.GET, "GET", `/v1/payment-requests/${expiring.id}`, { key }), 200);
    expect([view.status, view.can_resend]).toEqual(["expired", false]);
    const closed = await call(resend.POST, "POST", `/v1/payment-requests/${expiring.id}/resend`, { key });
    expect([closed.status, (closed.body as { detail: { type: string } }).detail.type]).toEqual([409, "PAYMENT_REQUEST_CLOSED"]);
  });
});

describe("a request's input", () => {
  it("answers every problem at once (422)", async () => {
    const reply = await create({ amount: 5, phone_number: "+225 07 00 00 00 00", operator: "WAVE_SEN", reference: "a\u0000b", message: "<script>", expires_in: 10 });
    expect(reply.status).toBe(422);
    const locs = (reply.body as { detail: { loc: string[] }[] }).detail.map((d) => d.loc.join("."));
    expect(locs.sort()).toEqual(["body.expires_in", "body.message", "body.reference"].sort());
    const second = await create({ amount: 5, phone_number: "+225 07 00 00 00 00", operator: "WAVE_SEN" });
    expect(second.status).toBe(422);
    expect((second.body as { detail: { loc: string[] }[] }).detail.map((d) => d.loc.join(".")).sort()).toEqual(["body.amount", "body.operator", "body.phone_number"]);
  });

  it("refuses an operator its country lacks, and a number whose operator cannot be told", async () => {
    const lacking = await create({ amount: 1000, phone_number: "670000000", operator: "ORANGE_MONEY_CIV" });
    expect((lacking.body as { detail: { loc: string[]; msg: string }[] }).detail).toEqual([
      { loc: ["body", "operator"], msg: "Value error, not an operator of CMR", type: "value_error", ctx: { error: "not an operator of CMR" } },
    ]);
  });
});

describe("limits", () => {
  it("rings one number at most 5 times in 10 minutes per account: then 429 with Retry-After", async () => {
    setSandboxTransport(async () => {});
    const { key } = await newAccount("CMR");
    const replies: Reply[] = [];
    for (let i = 0; i < 50; i++) replies.push(await create({ amount: 1000, phone_number: "670000009" }, key));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(45);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the cashier", () => {
  it("asks from the counter and sees its own requests of the day; the owner sees who collected what", async () => {
    sandboxCallbacks();
    const cashier = await addMember(merchant.accountId, "cashier");
    const other = await addMember(merchant.accountId, "cashier");
    const mine = await sessionHeaders(merchant.accountId, cashier.userId);
    const theirs = await sessionHeaders(merchant.accountId, other.userId);
    const sale = expectView(await create({ amount: 2500, phone_number: "670000000" }, "", mine), 200);
    expect([sale.channel, sale.collected_by]).toEqual(["counter", { type: "member", id: cashier.userId, name: cashier.email }]);
    await pushRequests();
    await settled();
    const listed = await call(collection.GET, "GET", "/v1/payment-requests", { headers: theirs });
    expect(listed.body).toEqual([]);
    const notTheirs = await call(one.GET, "GET", `/v1/payment-requests/${sale.id}`, { headers: theirs });
    expect(notTheirs.status).toBe(404);
    const own = await call(collection.GET, "GET", "/v1/payment-requests", { headers: mine });
    expect((own.body as { id: string }[]).map((r) => r.id)).toEqual([sale.id]);
    const day = expectView(await call(summary.GET, "GET", "/v1/payment-requests/summary", { headers: mine }), 200);
    expect(day).toEqual({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), currency: "XAF", paid_count: 1, paid_total: 2500, version: expect.any(String), by_collector: [{ collected_by: sale.collected_by, paid_count: 1, paid_total: 2500 }] });
    const ownerView = expectView(await call(summary.GET, "GET", "/v1/payment-requests/summary", { key: merchant.key }), 200);
    expect((ownerView.by_collector as unknown[]).length).toBeGreaterThanOrEqual(2);
  });
});

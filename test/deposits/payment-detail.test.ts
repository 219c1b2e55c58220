import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as detail from "@/app/v1/deposits/[track_id]/route";
import * as list from "@/app/v1/deposits/route";
import { createApiKey } from "@/lib/accounts/create-account";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import { findMarketplaceLink, findPaymentLink } from "@/lib/checkout/queries";
import { merchantWithLink, merchantWithMarketplace } from "@/test/support/checkout";
import { getDb } from "@/lib/db/client";
import { deposits, depositStatusChanges, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { giveUpAttempt } from "@/lib/payments/give-up-attempt";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { receiptCodeOf } from "@/test/support/receipts";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { call, newAccount } from "@/test/support/api";
import { dispatchOutbox } from "@/lib/webhooks/dispatch";
import { eventIdOf } from "@/lib/deposits/event-sequence";

// GET /v1/deposits/{track_id}: a payment's page in the dashboard reads it. Its history is the
// append-only deposit_status_changes, written in the transaction of each change.

const MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const token = () => randomUUID().replaceAll("-", "");
const get = (key: string, trackId: string) => call(detail.GET, "GET", `/v1/deposits/${trackId}`, { key });
const authOf = async (key: string) => (await findAuthByKeyHash(hashApiKey(key)))!;

beforeAll(() => setSandboxTransport(async () => {})); // providers answer only when a test says so
afterEach(() => setSandboxTransport(async () => {}));

async function historyTimes(depositId: string) {
  const db = await getDb();
  const rows = await db.select().from(depositStatusChanges).where(eq(depositStatusChanges.depositId, depositId)).orderBy(asc(depositStatusChanges.createdAt));
  return rows.map((r) => r.createdAt.toISOString());
}

describe("a payment link's attempt, failed, with a webhook delivery", () => {
  let shop: Awaited<ReturnType<typeof merchantWithLink>>;
  let trackId: string;
  let depositId: string;
  let endpointId: string;

  beforeAll(async () => {
    shop = await merchantWithLink({ amount: 5000, shop_name: "Boutique Awa", order_id: "CMD-7" });
    const auth = await authOf(shop.key);
    const db = await getDb();
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ accountId: auth.accountId, mode: "test", url: "https://hooks.example.com/kola", secret: "whsec_x" })
      .returning();
    endpointId = endpoint!.id;
    const gateway = (await findPaymentLink(shop.link.id))!;
    const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000001", client_token: token() });
    trackId = deposit.trackId;
    depositId = deposit.id;
    expect(await settleDeposit(deposit.id, { status: "failed", reason: "insufficient_funds" })).toBe(true);
    await dispatchOutbox();
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    await db.insert(webhookAttempts).values({ deliveryId: delivery!.id, attempt: 1, statusCode: 500, latencyMs: 12 });
    await db.update(webhookDeliveries).set({ attemptCount: 1, lastAttemptAt: sql`now()` }).where(eq(webhookDeliveries.id, delivery!.id));
  });

  it("shows the deposit, its history, the link and the delivery, whole", async () => {
    const db = await getDb();
    const [row] = await db.select().from(deposits).where(eq(deposits.id, depositId));
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    const times = await historyTimes(depositId);
    const reply = await get(shop.key, trackId);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: depositId,
      track_id: trackId,
      amount: 5000,
      phone_number: "237670000001",
      country: "CMR",
      currency: "XAF",
      operator: "MTN_MOMO_CMR",
      status: "failed",
      created_at: expect.stringMatching(MICROS),
      payment_gateway_id: shop.link.id,
      marketplace_gateway_id: null,
      failure_reason: "insufficient_funds",
      duplicate_of: null,
      late_success: false,
      given_up: false,
      refunded_amount: 0,
      refundable_amount: 0,
      link_name: "Boutique Awa",
      buyer_name: null,
      receipt_code: null, // a failure has none
      completed_at: row!.completedAt!.toISOString(),
      provider: "sandbox",
      provider_reference: row!.providerReference,
      link: { kind: "payment_link", id: shop.link.id, name: "Boutique Awa", order_id: "CMD-7", archived: false, payment_page_id: null, invoice_id: null },
      buyer: null,
      answers: [],
      history: [
        { event: "created", from_status: null, to_status: "pending", reason: null, at: times[0], inferred: false },
        { event: "status_changed", from_status: "pending", to_status: "failed", reason: "insufficient_funds", at: times[1], inferred: false },
      ],
      webhook_deliveries: [
        {
          id: delivery!.id,
          webhook_id: endpointId,
          url: "https://hooks.example.com/kola",
          event_id: delivery!.eventId,
          event_type: "payment.failed",
          status: "pending",
          attempt_count: 1,
          last_attempt_at: expect.stringMatching(ISO),
          last_status_code: 500,
          created_at: delivery!.createdAt.toISOString(),
        },
      ],
    });
    expect(row!.providerReference).toMatch(/^SBX-/);
    expect(times[0]).toBe(row!.createdAt.toISOString());
    expect(times[1]).toBe(row!.completedAt!.toISOString());
  });

  it("lists it with its link's name", async () => {
    const reply = await call(list.GET, "GET", "/v1/deposits", { key: shop.key });
    expect((reply.body as { link_name: string; buyer_name: string | null }[]).map((d) => [d.link_name, d.buyer_name])).toEqual([["Boutique Awa", null]]);
  });

  it.each([
    ["another account's key", async () => (await newAccount()).key],
    ["the live key of the same account", async () => (await createApiKey({ email: shop.email, mode: "live" })).api_key],
  ])("%s → 404 DEPOSIT_NOT_FOUND", async (_name, key) => {
    const reply = await get(await key(), trackId);
    expect([reply.status, reply.body]).toEqual([404, { detail: { message: "Deposit transaction not found", type: "DEPOSIT_NOT_FOUND" } }]);
  });

  it("refuses a malformed track_id with the usual 422", async () => {
    const reply = await get(shop.key, "T".repeat(65));
    expect([reply.status, reply.body]).toEqual([
      422,
      { detail: [{ loc: ["path", "track_id"], msg: "String should have at most 64 characters", type: "string_too_long", ctx: { max_length: 64 } }] },
    ]);
  });
});

describe("a marketplace buyer who gives up, expires, then pays late", () => {
  it("shows the buyer, the answers in words and four history rows", async () => {
    const shop = await merchantWithMarketplace(
      {
        form_blocks: JSON.stringify({
          blocks: [
            { type: "text", label: "Taille", required: true },
            { type: "select", label: "Couleur", required: true, options: ["Rouge", "Bleu"] },
          ],
        }),
      },
      { amount: 10000, fee: 500, shop_name: "Atelier Fatou" },
    );
    const { gateway } = (await findMarketplaceLink(shop.link.id))!;
    const colour = gateway.formBlocks.find((b) => b.fieldType === "select")!;
    const deposit = await startPayment(
      { kind: "market", gateway },
      {
        country: "CMR",
        operator: "ORANGE_MONEY_CMR",
        phone: "690000003",
        client_token: token(),
        full_name: "=Awa Ndiaye",
        email: "awa@example.com",
        answers: { [gateway.formBlocks[0]!.fieldName]: "42", [colour.fieldName]: "Bleu" },
      },
    );
    const db = await getDb();
    // five minutes pass (the deposit and its first history row move back together)
    await db.update(deposits).set({ createdAt: sql`now() - interval '5 minutes'` }).where(eq(deposits.id, deposit.id));
    const [aged] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    await db.update(depositStatusChanges).set({ createdAt: aged!.createdAt }).where(eq(depositStatusChanges.depositId, deposit.id));
    expect(await giveUpAttempt(aged!)).toEqual({ outcome: "given_up" });
    expect(await settleDeposit(deposit.id, { status: "expired", reason: "no_answer_from_payer" })).toBe(true);
    expect(await settleDeposit(deposit.id, { status: "success", providerReference: "SBX-late" })).toBe(true);

    const times = await historyTimes(deposit.id);
    const reply = await get(shop.key, deposit.trackId);
    const body = reply.body as Record<string, unknown>;
    expect({ ...body, buyer: { ...(body.buyer as object), transaction_id: "…" } }).toMatchObject({
      status: "success",
      late_success: true,
      given_up: true,
      amount: 10500,
      failure_reason: null,
      refunded_amount: 0,
      refundable_amount: 10500,
      link_name: "Atelier Fatou",
      buyer_name: "=Awa Ndiaye",
      receipt_code: await receiptCodeOf(deposit.id), // a late success gets one too
      provider_reference: "SBX-late",
      link: { kind: "marketplace_link", id: shop.link.id, name: "Atelier Fatou", order_id: "", archived: false, payment_page_id: null, invoice_id: null },
      buyer: { transaction_id: "…", full_name: "=Awa Ndiaye", email: "awa@example.com", buyer_price: 10500, product_price: 10000 },
      answers: [
        { field_name: gateway.formBlocks[0]!.fieldName, label: "Taille", type: "text", value: "42" },
        { field_name: colour.fieldName, label: "Couleur", type: "select", value: "Bleu" },
      ],
      webhook_deliveries: [],
    });
    expect(body.history).toEqual([
      { event: "created", from_status: null, to_status: "pending", reason: null, at: times[0], inferred: false },
      { event: "given_up", from_status: "pending", to_status: "pending", reason: null, at: times[1], inferred: false },
      { event: "status_changed", from_status: "pending", to_status: "expired", reason: "no_answer_from_payer", at: times[2], inferred: false },
      { event: "status_changed", from_status: "expired", to_status: "success", reason: null, at: times[3], inferred: false },
    ]);
  });
});

describe("the history and the money rules", () => {
  it("records one status change when settlements race (the losers write nothing)", async () => {
    const shop = await merchantWithLink();
    const gateway = (await findPaymentLink(shop.link.id))!;
    const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000010", client_token: token() });
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => settleDeposit(deposit.id, { status: "success" })),
      ...Array.from({ length: 10 }, () => settleDeposit(deposit.id, { status: "failed", reason: "refused_by_payer" })),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const db = await getDb();
    const rows = await db.select().from(depositStatusChanges).where(eq(depositStatusChanges.depositId, deposit.id));
    const [now] = await db.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, deposit.id));
    expect(rows.map((r) => [r.event, r.fromStatus, r.toStatus]).sort()).toEqual([
      ["created", null, "pending"],
      ["status_changed", "pending", now!.status],
    ]);
  });

  it("the migration's backfill infers the same history from older records", async () => {
    const db = await getDb();
    const written = await db.select().from(depositStatusChanges);
    expect(written.length).toBeGreaterThanOrEqual(8);
    const key = (r: typeof depositStatusChanges.$inferSelect) =>
      JSON.stringify([r.depositId, r.event, r.fromStatus, r.toStatus, r.reason, r.createdAt.toISOString(), r.accountId, r.mode]);
    await db.delete(depositStatusChanges);
    const file = fs.readdirSync(path.join("lib", "db", "migrations")).find((f) => f.endsWith("_backfill_deposit_status_changes.sql"))!;
    const statements = fs.readFileSync(path.join("lib", "db", "migrations", file), "utf8").split("--> statement-breakpoint");
    for (const statement of statements) await db.execute(sql.raw(statement));
    const inferred = await db.select().from(depositStatusChanges);
    expect(inferred.every((r) => r.backfilled)).toBe(true);
    expect(inferred.map(key).sort()).toEqual(written.map(key).sort());
  });
});

// the delivery's event id is the outbox row's, so a payment finds its deliveries
it("eventIdOf is stable", () => expect(eventIdOf("0b7c2a4e-0000-4000-8000-000000000001")).toBe("evt_0b7c2a4e000040008000000000000001"));

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { getDb } from "@/lib/db/client";
import { marketplaceTransactions, outboxEvents } from "@/lib/db/schema";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { settleDeposit, type Settlement } from "@/lib/payments/settle-deposit";
import { newAccount } from "@/test/support/api";
import { createMarketplace } from "@/test/support/marketplace";
import { eventPayload, testEventPayload } from "./events";
import { eventIdOf } from "@/lib/deposits/event-sequence";
import { webhookEvents } from "./schemas";
import { pendingMarketplaceSale, pendingPagePayment, pendingPayment } from "@/test/support/webhooks";
import { sandboxPaymentData, sandboxSaleData } from "@/test/support/event-bodies";
import { receiptCodeOf } from "@/test/support/receipts";

// The zod schemas of the webhook events (lib/webhooks/schemas.ts, documented under the OpenAPI
// `webhooks`) read the events as settle-deposit writes them, for every outcome and kind of link.

let auth: Auth;
let key: string;
beforeAll(async () => {
  ({ key } = await newAccount("CMR"));
  auth = (await findAuthByKeyHash(hashApiKey(key)))!;
  expect((await createMarketplace(key, { name: "Marché Akwa" })).status).toBe(200);
});
afterEach(() => setSandboxTransport(undefined));

/** The event the settlement announced, as its body is sent (and signed). */
async function sentEvent(depositId: string) {
  const db = await getDb();
  const [row] = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, depositId));
  return JSON.parse(eventPayload({ id: eventIdOf(row!.id), type: row!.type, createdAt: row!.createdAt, sequence: row!.sequence, data: row!.data as Record<string, unknown> }));
}

const settlements: [string, Settlement, "success" | "failed" | "expired", string | null][] = [
  ["succeeded", { status: "success" }, "success", null],
  ["failed", { status: "failed", reason: "insufficient_funds" }, "failed", "insufficient_funds"],
  ["expired", { status: "expired" }, "expired", "expired"],
];

describe("webhook event schemas", () => {
  for (const [suffix, settlement, status, reason] of settlements) {
    it(`payment.${suffix}: settle-deposit's event parses, unchanged`, async () => {
      const deposit = await pendingPayment(auth, { orderId: `EVT-${randomUUID()}`, amount: 7000 });
      await settleDeposit(deposit.id, settlement);
      const event = await sentEvent(deposit.id);
      expect(event.type).toBe(`payment.${suffix}`);
      expect(webhookEvents[event.type as keyof typeof webhookEvents].parse(event)).toEqual(event);
      expect(event.data).toEqual({
        track_id: deposit.trackId,
        gateway_id: deposit.paymentGatewayId,
        order_id: expect.stringMatching(/^EVT-/),
        amount: 7000,
        currency: "XAF",
        status,
        failure_reason: reason,
        country: "CMR",
        operator: "MTN_MOMO_CMR",
        phone_number: "237670000000",
        // a success's receipt code, formatted; a failure or an expiry has none
        ...(status === "success" ? { receipt_code: await receiptCodeOf(deposit.id) } : {}),
      });
    });

    it(`payment.${suffix} of a payment page's payment: the page's id last, in the text too`, async () => {
      const { page, deposit } = await pendingPagePayment(auth);
      await settleDeposit(deposit.id, settlement);
      const event = await sentEvent(deposit.id);
      expect(event.type).toBe(`payment.${suffix}`);
      expect(webhookEvents[event.type as keyof typeof webhookEvents].parse(event)).toEqual(event);
      const receipt_code = status === "success" ? await receiptCodeOf(deposit.id) : undefined;
      const data = { ...sandboxPaymentData({ track_id: deposit.trackId, gateway_id: deposit.paymentGatewayId!, order_id: "", amount: 7000, status, failure_reason: reason, receipt_code }), payment_page_id: page.id };
      expect(event.data).toEqual(data);
      expect(JSON.stringify(event.data)).toBe(JSON.stringify(data)); // the documented key order
    });

    it(`marketplace.transaction.${suffix}: the buyer price as amount, an empty order_id`, async () => {
      const { deposit, gateway } = await pendingMarketplaceSale(auth, key);
      await settleDeposit(deposit.id, settlement);
      const event = await sentEvent(deposit.id);
      const db = await getDb();
      const [transaction] = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.depositId, deposit.id));
      expect(event.type).toBe(`marketplace.transaction.${suffix}`);
      expect(webhookEvents[event.type as keyof typeof webhookEvents].parse(event)).toEqual(event);
      const receipt_code = status === "success" ? await receiptCodeOf(deposit.id) : undefined;
      expect(event.data).toEqual(sandboxSaleData({ track_id: deposit.trackId, gateway_id: gateway.id, transaction_id: transaction!.id, amount: 15300, status, failure_reason: reason, receipt_code }));
    });
  }

  it("webhook.test parses", () => {
    const event = JSON.parse(testEventPayload("evt_0123", randomUUID(), new Date()));
    expect(webhookEvents["webhook.test"].parse(event)).toEqual(event);
  });

  const wrong: [string, string, Record<string, unknown>][] = [
    ["a status of another outcome", "payment.succeeded", { status: "failed" }],
    ["a failure reason on a success", "payment.succeeded", { failure_reason: "refused_by_payer" }],
    ["an order_id on a marketplace event", "marketplace.transaction.succeeded", { order_id: "CMD-1", transaction_id: null }],
    ["a fractional amount", "payment.failed", { status: "failed", failure_reason: "x", amount: 12.5 }],
    ["a success without its receipt code", "payment.succeeded", { receipt_code: undefined }],
    ["a receipt code not formatted", "payment.succeeded", { receipt_code: "K7P2M9XQ4D" }],
    ["a receipt code with a letter not in the alphabet", "payment.succeeded", { receipt_code: "K7P2M-9XQ4O" }],
  ];
  for (const [name, type, change] of wrong) {
    it(`refuses ${name}`, () => {
      const receipt_code = type.endsWith(".succeeded") ? "K7P2M-9XQ4D" : undefined;
      const valid = { ...sandboxPaymentData({ track_id: "TRK1", gateway_id: randomUUID(), order_id: "", amount: 100, receipt_code }), ...(type.startsWith("marketplace.") ? { transaction_id: null } : {}) };
      const event = (data: Record<string, unknown>) => ({ id: "evt_1", type, created_at: new Date().toISOString(), sequence: 1, data });
      const schema = webhookEvents[type as keyof typeof webhookEvents];
      expect(schema.safeParse(event(type.endsWith(".failed") ? { ...valid, status: "failed", failure_reason: "x" } : valid)).success).toBe(true); // the change alone is refused
      expect(schema.safeParse(event({ ...valid, ...change })).success).toBe(false);
    });
  }
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { deposits, outboxEvents, paymentGateways, paymentPagePayments, paymentPages } from "@/lib/db/schema";
import { createPaymentPage } from "@/lib/payment-pages/create-page";
import { startPagePayment } from "@/lib/payment-pages/pay-page";
import { sweepExpired } from "@/lib/payments/reconcile";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";

// kill -9 while a buyer starts a payment on a page with one unit left: between taking the unit and
// writing the payment (one transaction: nothing is left), and after the payment is written but before
// any provider was asked (the sweeper ends it and the unit comes back). Never lost, never counted twice.

const TIMEOUT = { timeout: 60_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { startPagePayment } from ${childImport("lib/payment-pages/pay-page.ts")};
import { setSandboxTransport } from ${childImport("lib/providers/sandbox.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
setSandboxTransport(async () => {});
await startPagePayment(job.pageId, job.input);
console.log("finished");
process.exit(0);
`;

let auth: Auth;
crashTestDatabase("kola-page-crash-");
beforeAll(async () => {
  auth = await newAuth("CMR");
});
afterEach(() => {
  setSandboxTransport(undefined);
  delete process.env.DEPOSIT_EXPIRY_SECONDS;
});

const token = () => randomUUID().replaceAll("-", "");
const input = (phone: string) => ({ country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: token() });

async function lastUnitPage() {
  return createPaymentPage(auth, {
    title: "Dernière place",
    description: "",
    amount_type: "fixed",
    amount: 5000,
    max_quantity: 1,
    stock: 1,
    closed_message: "",
    form_blocks: [],
    success_url: "",
  });
}

async function crashAt(point: CrashPointName, pageId: string, phone: string) {
  expect(await crashChildAt(point, CHILD, { pageId, input: input(phone) })).toBe(`crash-point ${point}\n`);
}

async function stateOf(pageId: string) {
  const db = await getDb();
  const [page] = await db.select().from(paymentPages).where(eq(paymentPages.id, pageId));
  const rows = await db.select().from(deposits).where(eq(deposits.paymentPageId, pageId));
  const orders = await db.select().from(paymentPagePayments).where(eq(paymentPagePayments.paymentPageId, pageId));
  const links = rows.length ? await db.select({ id: paymentGateways.id }).from(paymentGateways).where(eq(paymentGateways.origin, "page")) : [];
  const events = await db.select().from(outboxEvents);
  return {
    taken: [page!.unitsTaken, page!.paymentsTaken],
    deposits: rows.map((r) => r.status),
    orders: orders.length,
    links: links.filter((l) => rows.some((r) => r.paymentGatewayId === l.id)).length,
    events: events.filter((e) => rows.some((r) => r.id === e.depositId)).map((e) => e.type),
  };
}

describe("kill -9 while a page payment starts", () => {
  it("between taking the unit and writing the payment: the transaction leaves nothing, the unit is still for sale", TIMEOUT, async () => {
    const page = await lastUnitPage();
    await crashAt("page-units-reserved", page.id, "670000010");
    expect(await stateOf(page.id)).toEqual({ taken: [0, 0], deposits: [], orders: 0, links: 0, events: [] });

    setSandboxTransport(async () => {});
    const paid = await startPagePayment(page.id, input("670000011"));
    await settleDeposit(paid.id, { status: "success", providerReference: "SBX-after-crash" });
    expect(await stateOf(page.id)).toEqual({ taken: [1, 1], deposits: ["success"], orders: 1, links: 1, events: ["payment.succeeded"] });
    await expect(startPagePayment(page.id, input("670000012"))).rejects.toMatchObject({ type: "PAYMENT_PAGE_SOLD_OUT" });
  });

  it("after the payment is written, before a provider is asked: the sweeper expires it once and gives the unit back once", TIMEOUT, async () => {
    const page = await lastUnitPage();
    await crashAt("deposit-recorded", page.id, "670000020");
    expect(await stateOf(page.id)).toEqual({ taken: [1, 1], deposits: ["pending"], orders: 1, links: 1, events: [] });

    setSandboxTransport(async () => {});
    await expect(startPagePayment(page.id, input("670000021"))).rejects.toMatchObject({ type: "PAYMENT_PAGE_SOLD_OUT" });

    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    expect(await sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await sweepExpired()).toBe(0);
    delete process.env.DEPOSIT_EXPIRY_SECONDS;
    expect(await stateOf(page.id)).toEqual({ taken: [0, 0], deposits: ["expired"], orders: 1, links: 1, events: ["payment.expired"] });

    const again = await startPagePayment(page.id, input("670000022"));
    expect(await stateOf(page.id)).toMatchObject({ taken: [1, 1] });
    await settleDeposit(again.id, { status: "failed", reason: "refused_by_payer" });
    expect(await stateOf(page.id)).toMatchObject({ taken: [0, 0], deposits: expect.arrayContaining(["expired", "failed"]) });
  });
});

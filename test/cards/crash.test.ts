import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { accounts, cardPayers, deposits, outboxEvents } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { sweepExpired } from "@/lib/payments/reconcile";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";

// kill -9 in a card payment's start (test mode: the sandbox takes cards as CinetPay does live): the
// card payer is written in the deposit's transaction, so a process killed after the deposit is
// recorded leaves both or neither; the sweeper then ends the attempt once and the link is payable.

const TIMEOUT = { timeout: 60_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { findPaymentLink } from ${childImport("lib/checkout/queries.ts")};
import { startPayment } from ${childImport("lib/payments/start-payment.ts")};
import { setSandboxTransport } from ${childImport("lib/providers/sandbox.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
setSandboxTransport(async () => {});
const gateway = await findPaymentLink(job.gatewayId);
await startPayment({ kind: "link", gateway }, job.input);
console.log("finished");
process.exit(0);
`;

let auth: Auth;
const token = () => randomUUID().replaceAll("-", "");
const card = {
  country: "CMR",
  operator: "CARD",
  phone: "+33 6 12 34 56 10",
  card_name: "Awa",
  card_surname: "Koné",
  card_email: "awa@example.com",
  card_address: "12 rue des Jardins",
  card_city: "Paris",
  card_country: "FR",
  card_state: "Île-de-France",
  card_zip_code: "75011",
};

crashTestDatabase("kola-card-crash-");
beforeAll(async () => {
  auth = await newAuth("CMR");
  const db = await getDb();
  await db.update(accounts).set({ cardsEnabled: true, cardFeeRule: "buyer", cardSurchargeBps: 300 }).where(eq(accounts.id, auth.accountId));
});
afterEach(() => {
  setSandboxTransport(undefined);
  delete process.env.DEPOSIT_EXPIRY_SECONDS;
});

describe("kill -9 in a card payment's start", () => {
  it("after the deposit is recorded: its payer is there with it, the sweeper expires it once, the link takes a card again", TIMEOUT, async () => {
    const link = await createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
    expect(await crashChildAt("deposit-recorded", CHILD, { gatewayId: link.id, input: { ...card, client_token: token() } })).toBe("crash-point deposit-recorded\n");

    const db = await getDb();
    const state = async () => {
      const rows = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, link.id));
      const payers = await Promise.all(rows.map((r) => db.select({ price: cardPayers.price, surcharge: cardPayers.surcharge }).from(cardPayers).where(eq(cardPayers.depositId, r.id))));
      const events = (await db.select({ type: outboxEvents.type, depositId: outboxEvents.depositId }).from(outboxEvents)).filter((e) => rows.some((r) => r.id === e.depositId));
      return { deposits: rows.map((r, i) => ({ operator: r.operator, amount: r.amount, status: r.status, payer: payers[i] })), events: events.map((e) => e.type) };
    };
    expect(await state()).toEqual({ deposits: [{ operator: "CARD", amount: 5150, status: "pending", payer: [{ price: 5000, surcharge: 150 }] }], events: [] });

    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    expect(await sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await sweepExpired()).toBe(0);
    expect(await state()).toEqual({ deposits: [{ operator: "CARD", amount: 5150, status: "expired", payer: [{ price: 5000, surcharge: 150 }] }], events: ["payment.expired"] });

    setSandboxTransport(async () => {});
    const again = await startPayment({ kind: "link", gateway: link }, { ...card, client_token: token() } as Parameters<typeof startPayment>[1]);
    expect([again.operator, again.amount, again.status]).toEqual(["CARD", 5150, "pending"]);
    await settleDeposit(again.id, { status: "success", providerReference: "SBX-card" });
    expect((await state()).deposits.map((d) => d.status).sort()).toEqual(["expired", "success"]);
  });
});

import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { accounts, deposits, invoices, ledgerEntries, outboxEvents, paymentPages, providerCallbacks } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { startInvoicePayment } from "@/lib/invoices/pay-invoice";
import { createInvoiceBody } from "@/lib/invoices/schemas";
import { createPaymentPage } from "@/lib/payment-pages/create-page";
import { startPagePayment } from "@/lib/payment-pages/pay-page";
import { createPaymentPageBody } from "@/lib/payment-pages/schemas";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { cinetpayEnv, FAST_RETRIES } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import { serve, type Served } from "@/test/emulators/serve";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";

// kill -9 while a card payment's CinetPay notification is being settled, on a payment page and on an
// invoice: a child process takes the notification (its x-token, then CinetPay's check through the
// emulator), and is killed at each step of the settlement's transaction (the status written, the
// customer booked, the event's number taken). Each time nothing is left: still pending, the unit or
// the reservation still held, no event, no ledger entry, the notification not marked as seen. CinetPay
// notifies again (twice at once): settled once, announced once, the unit or the amount counted once.

const TIMEOUT = { timeout: 120_000 };
const SETTLE = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { handleProviderCallback } from ${childImport("lib/payments/handle-callback.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
const req = new Request("http://kola.test/api/providers/cinetpay/callback", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-token": job.token }, body: job.body });
await handleProviderCallback("cinetpay", req, Buffer.from(job.body), "crash-test");
console.log("finished");
process.exit(0);
`;
const STEPS: CrashPointName[] = ["settlement-written", "customer-booked", "event-sequence-claimed"];

let live: Auth;
let emulator: CinetpayEmulator;
let receiver: Served;
const credentials = { apiKey: "cp-crash-key", siteId: "105904", secretKey: "cp-crash-secret" };

crashTestDatabase("kola-card-settle-crash-");
beforeAll(async () => {
  receiver = await startCallbackReceiver(callbackRoute.POST);
  emulator = await startCinetpayEmulator(credentials);
  // the child inherits these: its CinetPay adapter checks each notification with the emulator
  Object.assign(process.env, { LIVE_PROVIDERS: "cinetpay", ...cinetpayEnv(emulator.url, credentials), PUBLIC_BASE_URL: receiver.url, ...FAST_RETRIES });
  const auth = await newAuth("CIV");
  await (await getDb()).update(accounts).set({ cardsEnabled: true, cardFeeRule: "buyer", cardSurchargeBps: 350 }).where(eq(accounts.id, auth.accountId));
  live = { ...auth, mode: "live" };
}, 120_000);
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

const token = () => randomUUID().replaceAll("-", "");
let phones = 10;
const card = () => ({
  country: "CIV",
  operator: "CARD",
  phone: `+33 6 12 34 ${phones++} 78`,
  card_name: "Awa",
  card_surname: "Koné",
  card_email: "awa@example.com",
  card_address: "12 rue des Jardins",
  card_city: "Paris",
  card_country: "FR",
  card_state: "Île-de-France",
  card_zip_code: "75011",
  client_token: token(),
});

/**
 * The buyer's card goes through on CinetPay's page (a refused 3-D Secure code: refused), its
 * notification kept aside as CinetPay sent it (form and x-token), not delivered.
 */
async function paidAside(deposit: DepositRow, code = "123456") {
  const payment = emulator.payments.get(deposit.trackId)!;
  emulator.tamper.mute = true;
  await emulator.pay(payment.token, { number: "4111 1111 1111 1111", code });
  delete emulator.tamper.mute;
  let kept: { body: string; token: string } | undefined;
  const capture = await serve((req) => {
    kept = { body: req.raw, token: String(req.headers["x-token"]) };
    return { status: 200, body: {} };
  });
  const notifyUrl = payment.notifyUrl;
  payment.notifyUrl = `${capture.url}/api/providers/cinetpay/callback`;
  await emulator.notify(deposit.trackId);
  payment.notifyUrl = notifyUrl;
  await capture.close();
  return kept!;
}

/** What the deposit became and what it left: its events, ledger entries, and whether its notification was marked as seen. */
async function traceOf(deposit: DepositRow) {
  const db = await getDb();
  const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
  const events = await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.depositId, deposit.id));
  const entries = await db.select({ kind: ledgerEntries.kind }).from(ledgerEntries).where(eq(ledgerEntries.depositId, deposit.id));
  const seen = await db.select().from(providerCallbacks).where(inArray(providerCallbacks.eventId, [`${deposit.trackId}:ACCEPTED`, `${deposit.trackId}:REFUSED`]));
  return { status: row!.status, events: events.map((e) => e.type).sort(), entries: entries.map((e) => e.kind), seen: seen.length };
}

async function killedAtEachStep(deposit: DepositRow, notification: { body: string; token: string }, held: () => Promise<unknown>, steps = STEPS) {
  const before = await held();
  for (const point of steps) {
    expect(await crashChildAt(point, SETTLE, { ...notification })).toBe(`crash-point ${point}\n`);
    expect(await traceOf(deposit)).toEqual({ status: "pending", events: [], entries: [], seen: 0 });
    expect(await held()).toEqual(before);
  }
}

describe("kill -9 while a card payment's notification is settled", () => {
  it("on a payment page: at each step nothing is left; notified again twice at once, paid once and its unit counted once", TIMEOUT, async () => {
    const page = await createPaymentPage(live, createPaymentPageBody.parse({ title: "Billet", amount_type: "fixed", amount: 5000, stock: 2 }));
    const units = async () => {
      const [row] = await (await getDb()).select({ units: paymentPages.unitsTaken, payments: paymentPages.paymentsTaken }).from(paymentPages).where(eq(paymentPages.id, page.id));
      return row!;
    };
    const paid = await startPagePayment(page.id, { ...card(), quantity: 1 });
    expect([paid.operator, paid.amount]).toEqual(["CARD", 5175]);
    await killedAtEachStep(paid, await paidAside(paid), units);
    expect(await units()).toEqual({ units: 1, payments: 1 });

    expect(await Promise.all([emulator.notify(paid.trackId), emulator.notify(paid.trackId)])).toEqual([200, 200]);
    expect(await traceOf(paid)).toEqual({ status: "success", events: ["payment.succeeded"], entries: [expect.any(String)], seen: 1 });
    expect(await units()).toEqual({ units: 1, payments: 1 });

    // a card refused at 3-D Secure, its failure killed at each step: the unit is given back once
    const refused = await startPagePayment(page.id, { ...card(), quantity: 1 });
    expect(await units()).toEqual({ units: 2, payments: 2 });
    // (a failure books no customer: that step is a success's)
    await killedAtEachStep(refused, await paidAside(refused, "000000"), units, STEPS.filter((point) => point !== "customer-booked"));
    expect(await units()).toEqual({ units: 2, payments: 2 });
    expect(await Promise.all([emulator.notify(refused.trackId), emulator.notify(refused.trackId)])).toEqual([200, 200]);
    expect(await traceOf(refused)).toEqual({ status: "failed", events: ["payment.failed"], entries: [], seen: 1 });
    expect(await units()).toEqual({ units: 1, payments: 1 });
    // the unit given back is for sale, once
    await startPagePayment(page.id, { ...card(), quantity: 1 });
    await expect(startPagePayment(page.id, { ...card(), quantity: 1 })).rejects.toMatchObject({ type: "PAYMENT_PAGE_SOLD_OUT" });
  });

  it("on an invoice: at each step nothing is left; notified again twice at once, the part paid once (its card fee not counted) and announced once", TIMEOUT, async () => {
    const rent = await createInvoice(
      live,
      createInvoiceBody.parse({ customer_name: "Awa Koné", lines: [{ label: "Loyer", quantity: 1, unit_price: 100000 }], due_date: "2099-01-31", allow_partial: true, min_part_amount: 10000 }),
    );
    const amounts = async () => {
      const [row] = await (await getDb()).select().from(invoices).where(eq(invoices.id, rent.id));
      return { reserved: row!.amountReserved, paid: row!.amountPaid, paid_whole: row!.paidAt !== null };
    };
    const part = await startInvoicePayment(rent.id, { ...card(), amount: 40000 });
    expect([part.operator, part.amount]).toEqual(["CARD", 41400]);
    await killedAtEachStep(part, await paidAside(part), amounts);
    expect(await amounts()).toEqual({ reserved: 40000, paid: 0, paid_whole: false });

    expect(await Promise.all([emulator.notify(part.trackId), emulator.notify(part.trackId)])).toEqual([200, 200]);
    expect(await traceOf(part)).toEqual({ status: "success", events: ["invoice.partially_paid", "payment.succeeded"], entries: [expect.any(String)], seen: 1 });
    expect(await amounts()).toEqual({ reserved: 40000, paid: 40000, paid_whole: false });

    // the balance by card, killed at each step, then paid: the invoice paid whole, once
    const rest = await startInvoicePayment(rent.id, card());
    expect([rest.amount, await amounts()]).toEqual([62100, { reserved: 100000, paid: 40000, paid_whole: false }]);
    await killedAtEachStep(rest, await paidAside(rest), amounts);
    expect(await Promise.all([emulator.notify(rest.trackId), emulator.notify(rest.trackId)])).toEqual([200, 200]);
    expect(await traceOf(rest)).toEqual({ status: "success", events: ["invoice.paid", "payment.succeeded"], entries: [expect.any(String)], seen: 1 });
    expect(await amounts()).toEqual({ reserved: 100000, paid: 100000, paid_whole: true });
  });
});

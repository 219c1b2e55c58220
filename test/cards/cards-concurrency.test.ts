import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as callbackRoute from "@/app/api/providers/[provider]/callback/route";
import * as accountRoute from "@/app/v1/account/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { cardPayers, deposits, invoices, ledgerEntries, outboxEvents, paymentPages, providerLogs } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { startInvoicePayment } from "@/lib/invoices/pay-invoice";
import { createInvoiceBody } from "@/lib/invoices/schemas";
import { checkLedger } from "@/lib/ledger/check";
import { createPaymentPage } from "@/lib/payment-pages/create-page";
import { startPagePayment } from "@/lib/payment-pages/pay-page";
import { createPaymentPageBody } from "@/lib/payment-pages/schemas";
import { startCinetpayEmulator, type CinetpayEmulator } from "@/test/emulators/cinetpay";
import { cinetpayEnv, FAST_RETRIES } from "@/test/emulators/live-setup";
import { startCallbackReceiver } from "@/test/emulators/receiver";
import type { Served } from "@/test/emulators/serve";
import { call, newAccount } from "@/test/support/api";

// Cards under load, through the CinetPay emulator: 100 card payments at once on a payment page with
// 20 units, then every paid one's notification delivered twice at the same time (each delivery
// proven by CinetPay's check, as live); and card and mobile-money payments of one invoice at once. The database's conditional updates hold the stock and the balance; the callbacks'
// event ids and the status machine settle each payment once; the ledger agrees with itself.
// The payments are started as the checkout starts them, without a buyer's address: the attempt
// limits (30 a minute per link) are not what is tested here, nor the provider's timeout: 30 s, room
// for 100 calls at once to the emulator on a loaded machine (a guard against hangs, not a speed target).

let emulator: CinetpayEmulator;
let receiver: Served;
const credentials = { apiKey: "cp-race-key", siteId: "105903", secretKey: "cp-race-secret" };
const SLOW = { timeout: 180_000 };

beforeAll(async () => {
  await getDb();
  receiver = await startCallbackReceiver(callbackRoute.POST);
  emulator = await startCinetpayEmulator(credentials);
  Object.assign(process.env, { LIVE_PROVIDERS: "cinetpay", ...cinetpayEnv(emulator.url, credentials), PUBLIC_BASE_URL: receiver.url, ...FAST_RETRIES, PROVIDER_TIMEOUT_MS: "30000" });
}, 180_000);

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

async function merchant(): Promise<Auth> {
  const { key } = await newAccount("CIV");
  const patched = await call(accountRoute.PATCH, "PATCH", "/v1/account", { key, json: { cards_enabled: true, card_fee_rule: "buyer", card_surcharge_percent: "3.5" } });
  expect(patched.status).toBe(200);
  return { ...(await findAuthByKeyHash(hashApiKey(key)))!, mode: "live" };
}

const token = () => randomUUID().replaceAll("-", "");
// every buyer a number of their own, never ending 01, 02 or 03 (the emulator's failures)
const four = (i: number) => String(i).padStart(4, "0");
const card = (i: number) => ({
  country: "CIV",
  operator: "CARD",
  phone: `+33 6 12 ${four(i)} 78`,
  card_name: "Awa",
  card_surname: "Koné",
  card_email: `awa${i}@example.com`,
  card_address: "12 rue des Jardins",
  card_city: "Paris",
  card_country: "FR",
  card_state: "Île-de-France",
  card_zip_code: "75011",
});
const orange = (i: number) => ({ country: "CIV", operator: "ORANGE_MONEY_CIV", phone: `0700${four(i)}55` });

type Outcome = { ok: true; deposit: DepositRow } | { ok: false; error: unknown };
const settle = (start: Promise<DepositRow>): Promise<Outcome> =>
  start.then(
    (deposit) => ({ ok: true as const, deposit }),
    (error: unknown) => ({ ok: false as const, error }),
  );
const named = (error: unknown) =>
  error instanceof ValidationError ? "422 amount" : error instanceof ApiError ? `${error.status} ${error.type}` : String(error);

/** The buyer confirms on CinetPay's page, and its notification reaches us twice at the same time. */
async function payTwiceAtOnce(deposit: DepositRow) {
  const sent = emulator.payments.get(deposit.trackId)!;
  const confirm = () => emulator.pay(sent.token, deposit.operator === "CARD" ? { number: "4111 1111 1111 1111" } : undefined);
  return Promise.all([confirm(), confirm()]);
}

/** Per deposit: its status, its events, its ledger entries' kinds and how its callbacks were taken. */
async function booksOf(ids: string[]) {
  const db = await getDb();
  const rows = await db.select().from(deposits).where(inArray(deposits.id, ids));
  const events = await db.select({ depositId: outboxEvents.depositId, type: outboxEvents.type }).from(outboxEvents).where(inArray(outboxEvents.depositId, ids));
  const entries = await db.select({ depositId: ledgerEntries.depositId, kind: ledgerEntries.kind }).from(ledgerEntries).where(inArray(ledgerEntries.depositId, ids));
  const logs = await db
    .select({ depositId: providerLogs.depositId, outcome: providerLogs.outcome })
    .from(providerLogs)
    .where(and(inArray(providerLogs.depositId, ids), eq(providerLogs.kind, "callback")));
  return rows.map((r) => ({
    status: r.status,
    events: events.filter((e) => e.depositId === r.id && e.type.startsWith("payment.")).map((e) => e.type),
    entries: entries.filter((e) => e.depositId === r.id).map((e) => e.kind),
    callbacks: logs.filter((l) => l.depositId === r.id).map((l) => l.outcome!.replace(/^already_settled.*/, "replay")).sort(),
  }));
}

describe("100 card payments at once on a payment page with 20 units", () => {
  it("exactly 20 start, 80 are refused clearly; each paid one's notification twice at once settles it once; the books agree", SLOW, async () => {
    const live = await merchant();
    const page = await createPaymentPage(live, createPaymentPageBody.parse({ title: "Concert — places limitées", amount_type: "fixed", amount: 10000, stock: 20 }));

    // (mobile money mixed in is the invoice's race below: here the shorter mobile-money path took
    // every unit before any card's checks were done, and the race was no longer the cards')
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => settle(startPagePayment(page.id, { ...card(i), quantity: 1, client_token: token() }))));
    const started = outcomes.flatMap((o) => (o.ok ? [o.deposit] : []));
    const refused = outcomes.flatMap((o) => (o.ok ? [] : [named(o.error)]));
    expect([started.length, refused.length]).toEqual([20, 80]);
    expect(new Set(refused)).toEqual(new Set(["409 PAYMENT_PAGE_SOLD_OUT"]));
    const db = await getDb();
    const [units] = await db.select({ units: paymentPages.unitsTaken, payments: paymentPages.paymentsTaken }).from(paymentPages).where(eq(paymentPages.id, page.id));
    expect(units).toEqual({ units: 20, payments: 20 });
    const rows = await db.select().from(deposits).where(eq(deposits.paymentPageId, page.id));
    expect(rows.length).toBe(20);
    // each one known to CinetPay, a card's with the fee on top and its payer kept
    for (const d of started) expect([d.operator, emulator.payments.get(d.trackId)?.channels, d.amount]).toEqual(["CARD", "CREDIT_CARD", 10350]);
    expect((await db.select().from(cardPayers).where(inArray(cardPayers.depositId, started.map((d) => d.id)))).length).toBe(20);

    // every notification twice, all at once: each answered 200, each payment settled once
    const answers = await Promise.all(started.map(payTwiceAtOnce));
    expect(answers.flat().every((status) => status === 200)).toBe(true);
    expect(await booksOf(started.map((d) => d.id))).toEqual(
      started.map(() => ({ status: "success", events: ["payment.succeeded"], entries: [expect.any(String)], callbacks: ["replay", "settled:success"] })),
    );
    const [after] = await db.select({ units: paymentPages.unitsTaken, payments: paymentPages.paymentsTaken }).from(paymentPages).where(eq(paymentPages.id, page.id));
    expect(after).toEqual({ units: 20, payments: 20 });
    // sold out for good: the next buyer, by card, is refused
    await expect(startPagePayment(page.id, { ...card(200), quantity: 1, client_token: token() })).rejects.toMatchObject({ type: "PAYMENT_PAGE_SOLD_OUT" });
    expect(await checkLedger()).toEqual([]);
  });
});

describe("an invoice paid by card and by mobile money at once", () => {
  it("never reserves nor is paid beyond its balance; the card's fee is not counted as paid; each payment settled once", SLOW, async () => {
    const live = await merchant();
    const rent = await createInvoice(
      live,
      createInvoiceBody.parse({ customer_name: "Awa Koné", lines: [{ label: "Loyer", quantity: 1, unit_price: 100000 }], due_date: "2099-01-31", allow_partial: true, min_part_amount: 10000 }),
    );
    const amounts = async () => {
      const [row] = await (await getDb()).select().from(invoices).where(eq(invoices.id, rent.id));
      return { reserved: row!.amountReserved, paid: row!.amountPaid, paid_whole: row!.paidAt !== null };
    };

    // 20 parts of 30,000 at once by card: three fit (90,000), the rest are refused
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => settle(startInvoicePayment(rent.id, { ...card(300 + i), amount: 30000, client_token: token() }))));
    const parts = first.flatMap((o) => (o.ok ? [o.deposit] : []));
    expect(parts.map((d) => [d.operator, d.amount])).toEqual(Array(3).fill(["CARD", 31050]));
    for (const o of first) if (!o.ok) expect(["409 INVOICE_AMOUNT_HELD", "422 amount"]).toContain(named(o.error));
    expect(await amounts()).toEqual({ reserved: 90000, paid: 0, paid_whole: false });

    // then the balance whole (10,000), by card and by mobile money at once (half each), while the
    // parts' notifications arrive twice each: one of them holds it
    const [rest, answers] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => settle(startInvoicePayment(rent.id, { ...(i % 2 ? card(400 + i) : orange(400 + i)), amount: 10000, client_token: token() })))),
      Promise.all(parts.map(payTwiceAtOnce)),
    ]);
    expect(answers.flat().every((status) => status === 200)).toBe(true);
    const balance = rest.flatMap((o) => (o.ok ? [o.deposit] : []));
    expect(balance.length).toBe(1);
    for (const o of rest) if (!o.ok) expect(["409 INVOICE_AMOUNT_HELD", "422 amount"]).toContain(named(o.error));
    expect(await amounts()).toEqual({ reserved: 100000, paid: 90000, paid_whole: false });

    // the balance's notification twice at once: paid whole, once
    expect(await payTwiceAtOnce(balance[0]!)).toEqual([200, 200]);
    expect(await amounts()).toEqual({ reserved: 100000, paid: 100000, paid_whole: true });
    const all = [...parts, ...balance];
    expect(await booksOf(all.map((d) => d.id))).toEqual(
      all.map(() => ({ status: "success", events: ["payment.succeeded"], entries: [expect.any(String)], callbacks: ["replay", "settled:success"] })),
    );
    // a card was paid its price plus the fee; the invoice counts the price only
    expect(balance.map((d) => d.amount)).toEqual([balance[0]!.operator === "CARD" ? 10350 : 10000]);
    const events = await (await getDb()).select({ type: outboxEvents.type }).from(outboxEvents).where(inArray(outboxEvents.depositId, all.map((d) => d.id)));
    expect(events.filter((e) => e.type === "invoice.paid").length).toBe(1);
    expect(events.filter((e) => e.type === "invoice.partially_paid").length).toBe(3);
    await expect(startInvoicePayment(rent.id, { ...card(500), client_token: token() })).rejects.toMatchObject({ type: "INVOICE_PAID" });
    expect(await checkLedger()).toEqual([]);
  });
});

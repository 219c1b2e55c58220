import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "@/lib/core/auth";
import { todayIn } from "@/lib/countries/format";
import { getDb } from "@/lib/db/client";
import { deposits, invoiceReminders, invoices, notifications, outboxEvents } from "@/lib/db/schema";
import { createInvoice } from "@/lib/invoices/create-invoice";
import { startInvoicePayment } from "@/lib/invoices/pay-invoice";
import { remindInvoices } from "@/lib/invoices/reminders";
import { drainNotifications } from "@/lib/notifications/rounds";
import { sweepExpired } from "@/lib/payments/reconcile";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import type { OrangeSmsEmulator } from "@/test/emulators/orange-sms";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { addPhones, cameroonPhone, startSms, stopSms } from "@/test/support/sms";

// kill -9 on an invoice's money path and its reminders: while a payment starts (between reserving
// its amount and writing its deposit; after the deposit, before any provider is asked), while its
// success is recorded, while a reminder step is written, and while its message is being sent.
// Nothing is lost, nothing counted twice, no step reminded twice.

const TIMEOUT = { timeout: 120_000 };
const PAY = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { startInvoicePayment } from ${childImport("lib/invoices/pay-invoice.ts")};
import { setSandboxTransport } from ${childImport("lib/providers/sandbox.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
setSandboxTransport(async () => {});
await startInvoicePayment(job.invoiceId, job.input);
console.log("finished");
process.exit(0);
`;
const SETTLE = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { settleDeposit } from ${childImport("lib/payments/settle-deposit.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
await settleDeposit(job.depositId, { status: "success", providerReference: "SBX-child" });
console.log("finished");
process.exit(0);
`;
const REMIND = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { remindInvoices } from ${childImport("lib/invoices/reminders.ts")};
import { drainNotifications } from ${childImport("lib/notifications/rounds.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
await remindInvoices(new Date(job.now));
await drainNotifications();
console.log("finished");
process.exit(0);
`;

let auth: Auth & { key: string };
let orange: OrangeSmsEmulator;
let phone: string;
crashTestDatabase("kola-invoice-crash-");
beforeAll(async () => {
  orange = await startSms();
  auth = await newAuth("CMR");
  phone = cameroonPhone();
  await addPhones(auth.accountId, [{ phone, verified: true, alerts: false }]);
});
afterAll(() => stopSms(orange));
afterEach(() => {
  setSandboxTransport(undefined);
  delete process.env.DEPOSIT_EXPIRY_SECONDS;
});

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = todayIn("CMR");
const at = (days: number) => new Date(`${addDays(today, days)}T10:00:00Z`);
const input = (amount?: number) => ({ country: "CMR", operator: "MTN_MOMO_CMR", phone: "671234567", client_token: randomUUID().replaceAll("-", ""), ...(amount ? { amount } : {}) });

async function newInvoice(extra: Partial<Parameters<typeof createInvoice>[1]> = {}) {
  return createInvoice(auth, {
    reference: "F-1",
    customer_name: "Awa",
    customer_phone: `+${phone}`,
    customer_email: "",
    language: "fr",
    lines: [{ label: "Riz", quantity: 1, unit_price: 100000 }],
    memo: "",
    due_date: addDays(today, 10),
    allow_partial: true,
    reminder_days: [],
    ...extra,
  });
}

async function stateOf(invoiceId: string) {
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const rows = await db.select().from(deposits).where(eq(deposits.invoiceId, invoiceId));
  const events = rows.length ? await db.select({ type: outboxEvents.type }).from(outboxEvents).where(inArray(outboxEvents.depositId, rows.map((r) => r.id))) : [];
  return { reserved: row!.amountReserved, paid: row!.amountPaid, deposits: rows.map((r) => r.status).sort(), events: events.map((e) => e.type).sort() };
}

const crashAt = async (point: CrashPointName, script: string, job: Record<string, unknown>) => expect(await crashChildAt(point, script, job)).toBe(`crash-point ${point}\n`);

describe("kill -9 while an invoice payment starts", () => {
  it("between reserving the amount and writing the deposit: nothing is left, the balance is payable", TIMEOUT, async () => {
    const invoice = await newInvoice();
    await crashAt("invoice-amount-reserved", PAY, { invoiceId: invoice.id, input: input(40000) });
    expect(await stateOf(invoice.id)).toEqual({ reserved: 0, paid: 0, deposits: [], events: [] });
    setSandboxTransport(async () => {});
    const paid = await startInvoicePayment(invoice.id, input());
    expect(paid.amount).toBe(100000);
    await settleDeposit(paid.id, { status: "success", providerReference: "SBX-after" });
    expect(await stateOf(invoice.id)).toEqual({ reserved: 100000, paid: 100000, deposits: ["success"], events: ["invoice.paid", "payment.succeeded"] });
  });

  it("after the deposit is written, before a provider is asked: the sweeper expires it once and gives the amount back once", TIMEOUT, async () => {
    const invoice = await newInvoice();
    await crashAt("deposit-recorded", PAY, { invoiceId: invoice.id, input: input(100000) });
    expect(await stateOf(invoice.id)).toEqual({ reserved: 100000, paid: 0, deposits: ["pending"], events: [] });
    setSandboxTransport(async () => {});
    await expect(startInvoicePayment(invoice.id, input())).rejects.toMatchObject({ type: "INVOICE_AMOUNT_HELD" });
    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    expect(await sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await sweepExpired()).toBe(0);
    delete process.env.DEPOSIT_EXPIRY_SECONDS;
    expect(await stateOf(invoice.id)).toEqual({ reserved: 0, paid: 0, deposits: ["expired"], events: ["payment.expired"] });
  });

  it("while its success is recorded: the transaction is rolled back whole; settled again, paid once, announced once", TIMEOUT, async () => {
    const invoice = await newInvoice();
    setSandboxTransport(async () => {});
    const part = await startInvoicePayment(invoice.id, input(40000));
    for (const point of ["settlement-written", "event-sequence-claimed"] as const) {
      await crashAt(point, SETTLE, { depositId: part.id });
      expect(await stateOf(invoice.id)).toEqual({ reserved: 40000, paid: 0, deposits: ["pending"], events: [] });
    }
    await settleDeposit(part.id, { status: "success", providerReference: "SBX-again" });
    await settleDeposit(part.id, { status: "success", providerReference: "SBX-again" });
    expect(await stateOf(invoice.id)).toEqual({ reserved: 40000, paid: 40000, deposits: ["success"], events: ["invoice.partially_paid", "payment.succeeded"] });
  });
});

describe("kill -9 while a reminder is written or sent", () => {
  it("before the step commits: nothing written, the next round writes it once; after the message is claimed: never sent twice", TIMEOUT, async () => {
    const invoice = await newInvoice({ reminder_days: [-3, 0] });
    const now = at(7).toISOString();
    await crashAt("invoice-reminder-written", REMIND, { now });
    // the database is opened afresh after each child (PGlite: one process at a time on its folder)
    const steps = async () => (await (await getDb()).select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id))).map((r) => [r.step, r.messages]);
    const messages = async () => (await (await getDb()).select().from(notifications).where(eq(notifications.invoiceId, invoice.id))).map((r) => [r.kind, r.status]);
    expect([await steps(), await messages()]).toEqual([[], []]);

    // the restarted worker: writes the step, then dies once the SMS is claimed, before Orange answers
    await crashAt("notification-claimed", REMIND, { now });
    expect([await steps(), await messages()]).toEqual([[[-3, 1]], [["sms_invoice_reminder", "sending"]]]);
    expect(await remindInvoices(at(7))).toBe(0);
    await drainNotifications();
    expect(orange.messages.filter((m) => m.to === phone)).toEqual([]);
    expect(await messages()).toEqual([["sms_invoice_reminder", "sending"]]);

    // the next step, sent whole
    expect(await remindInvoices(at(10))).toBe(1);
    await drainNotifications();
    expect(orange.messages.filter((m) => m.to === phone).length).toBe(1);
    expect(await remindInvoices(at(10))).toBe(0);
  });
});

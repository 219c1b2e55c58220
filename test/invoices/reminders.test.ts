import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as collection from "@/app/v1/invoices/route";
import * as cancelRoute from "@/app/v1/invoices/[invoice_id]/cancel/route";
import * as remindersRoute from "@/app/v1/invoices/[invoice_id]/reminders/route";
import { todayIn } from "@/lib/countries/format";
import { getDb } from "@/lib/db/client";
import { notifications } from "@/lib/db/schema";
import { startInvoicePayment } from "@/lib/invoices/pay-invoice";
import { remindInvoices } from "@/lib/invoices/reminders";
import { devMailbox } from "@/lib/mail/send-mail";
import { drainNotifications } from "@/lib/notifications/rounds";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import type { OrangeSmsEmulator } from "@/test/emulators/orange-sms";
import { call, newAccount } from "@/test/support/api";
import { addPhones, cameroonPhone, resetSms, startSms, stopSms } from "@/test/support/sms";

// Reminders on the merchant's schedule, driven by a test clock (the round takes `now`): each step
// once, by e-mail and SMS (Orange's emulator), the balance right in it; none after payment or
// cancellation, even one already written and not yet sent.

let orange: OrangeSmsEmulator;
beforeAll(async () => {
  orange = await startSms();
});
afterAll(() => stopSms(orange));
beforeEach(() => {
  resetSms(orange);
  setSandboxTransport(async () => {});
});

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = todayIn("CMR");
/** 11:00 in Douala, `days` from today: the test clock. */
const at = (days: number) => new Date(`${addDays(today, days)}T10:00:00Z`);
const DUE_IN = 10;

async function merchant() {
  const account = await newAccount("CMR");
  const phone = cameroonPhone();
  // test mode reminds the account's own people only: its member's address, its verified number
  await addPhones(account.accountId, [{ phone, verified: true, alerts: false }]);
  return { ...account, phone };
}

async function invoiceFor(m: Awaited<ReturnType<typeof merchant>>, body: Record<string, unknown> = {}) {
  const res = await call(collection.POST, "POST", "/v1/invoices", {
    key: m.key,
    json: {
      reference: "F-12",
      customer_name: "Awa",
      customer_phone: `+${m.phone}`,
      customer_email: m.email,
      lines: [{ label: "Riz", quantity: 4, unit_price: 25000 }],
      due_date: addDays(today, DUE_IN),
      allow_partial: true,
      reminder_days: [-3, 0, 7],
      ...body,
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body as { id: string };
}

const pay = async (invoiceId: string, amount?: number) => {
  const d = await startInvoicePayment(invoiceId, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "671234500", client_token: randomUUID().replaceAll("-", ""), amount });
  await settleDeposit(d.id, { status: "success", providerReference: `SBX-${d.id}` });
};

// money is written with a narrow no-break space between thousands (Intl): compared as plain spaces
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const remindersTo = (email: string) => devMailbox().filter((m) => m.to === email && m.subject.includes("Rappel")).map((m) => ({ ...m, subject: plain(m.subject), text: plain(m.text) }));
const smsTo = (phone: string) => orange.messages.filter((m) => m.to === phone && m.message.includes("rappel")).map((m) => ({ ...m, message: plain(m.message) }));

describe("reminders on a test clock", () => {
  it("3 days before, on the day, 7 days after: each step once, the balance right; none once paid", { timeout: 60_000 }, async () => {
    const m = await merchant();
    const invoice = await invoiceFor(m);
    const round = async (days: number) => {
      const n = await remindInvoices(at(days));
      await drainNotifications();
      return n;
    };
    expect([await round(0), await round(6)]).toEqual([0, 0]);
    expect([await round(7), await round(7), await round(8), await round(9)]).toEqual([1, 0, 0, 0]);
    expect(remindersTo(m.email).map((mail) => mail.subject)).toEqual(["[Test] Rappel : facture F-12 de Test shop, 100 000 FCFA à payer"]);
    expect(smsTo(m.phone).map((s) => s.message)).toEqual([expect.stringMatching(/^\[Test\] Test shop : rappel, 100 000 FCFA à payer avant le \d+ \S+ \d{4}\. Payer : http:\/\/kola\.test\/i\/[0-9a-f-]{36}$/)]);

    await pay(invoice.id, 40000);
    expect([await round(10), await round(10)]).toEqual([1, 0]);
    expect(smsTo(m.phone).at(-1)!.message).toContain("60 000 FCFA à payer aujourd");
    expect(remindersTo(m.email).length).toBe(2);

    await pay(invoice.id);
    expect([await round(17), await round(30)]).toEqual([0, 0]);
    expect([remindersTo(m.email).length, smsTo(m.phone).length]).toEqual([2, 2]);
    const sent = await call(remindersRoute.GET, "GET", `/v1/invoices/${invoice.id}/reminders`, { key: m.key });
    expect(sent.body).toEqual([
      { step: -3, sent_at: at(7).toISOString(), messages: 2 },
      { step: 0, sent_at: at(10).toISOString(), messages: 2 },
    ]);
  });

  it("a reminder written but not sent yet is withdrawn when the invoice is paid or cancelled", async () => {
    const m = await merchant();
    const paid = await invoiceFor(m);
    const cancelled = await invoiceFor(m);
    expect(await remindInvoices(at(7))).toBe(2);
    await pay(paid.id);
    expect((await call(cancelRoute.POST, "POST", `/v1/invoices/${cancelled.id}/cancel`, { key: m.key })).status).toBe(200);
    await drainNotifications();
    expect([remindersTo(m.email).length, smsTo(m.phone).length]).toEqual([0, 0]);
    const db = await getDb();
    const rows = await db.select({ status: notifications.status, error: notifications.error }).from(notifications).where(eq(notifications.accountId, m.accountId));
    expect(rows.filter((r) => r.error?.startsWith("withdrawn"))).toEqual(Array.from({ length: 4 }, () => ({ status: "failed", error: "withdrawn: the invoice is paid or cancelled" })));
    expect(await remindInvoices(at(17))).toBe(0);
  });

  it("steps missed while the server was off are not sent late: only the latest due one, once", async () => {
    const m = await merchant();
    await invoiceFor(m);
    expect([await remindInvoices(at(18)), await remindInvoices(at(18)), await remindInvoices(at(19))]).toEqual([1, 0, 0]);
    await drainNotifications();
    expect(remindersTo(m.email).map((mail) => mail.subject)).toEqual(["[Test] Rappel : facture F-12 de Test shop, 100 000 FCFA en retard"]);
  });
});

import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as collection from "@/app/v1/invoices/route";
import * as cancelRoute from "@/app/v1/invoices/[invoice_id]/cancel/route";
import * as item from "@/app/v1/invoices/[invoice_id]/route";
import type { Auth } from "@/lib/core/auth";
import { todayIn } from "@/lib/countries/format";
import { getDb } from "@/lib/db/client";
import { invoices, outboxEvents } from "@/lib/db/schema";
import { markOverdueInvoices } from "@/lib/invoices/overdue";
import { startInvoicePayment } from "@/lib/invoices/pay-invoice";
import { remindInvoices } from "@/lib/invoices/reminders";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { call, newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";

// `invoice.created` (in the creation's transaction) and `invoice.overdue`: marked once when the due
// date has passed with a balance due, by the reminder round on a test clock; never for a paid or
// cancelled invoice; once across rounds at once, and across a kill -9 between the mark and its event.

const OVERDUE = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { markOverdueInvoices } from ${childImport("lib/invoices/overdue.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
await markOverdueInvoices(new Date(job.now));
console.log("finished");
process.exit(0);
`;

let auth: Auth & { key: string };
crashTestDatabase("kola-invoice-overdue-");
beforeAll(async () => {
  auth = await newAuth("CMR");
}, 180_000); // a fresh database folder is migrated first: slow on a loaded machine
beforeEach(() => setSandboxTransport(async () => {}));
afterEach(() => setSandboxTransport(undefined));

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = todayIn("CMR");
/** 11:00 in Douala, `days` from today: the test clock. */
const at = (days: number) => new Date(`${addDays(today, days)}T10:00:00Z`);
const DUE_IN = 10;

async function newInvoice(body: Record<string, unknown> = {}) {
  const res = await call(collection.POST, "POST", "/v1/invoices", {
    key: auth.key,
    json: { reference: "F-OD", customer_name: "Awa", lines: [{ label: "Riz", quantity: 4, unit_price: 25000 }], due_date: addDays(today, DUE_IN), allow_partial: true, ...body },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body as { id: string };
}

async function eventsOf(invoiceId: string, type?: string) {
  const db = await getDb();
  const rows = await db
    .select({ type: outboxEvents.type, data: outboxEvents.data, mode: outboxEvents.mode, accountId: outboxEvents.accountId })
    .from(outboxEvents)
    .where(and(sql`${outboxEvents.data}->>'invoice_id' = ${invoiceId}`, type ? eq(outboxEvents.type, type as "invoice.overdue") : undefined))
    .orderBy(outboxEvents.createdAt);
  return rows;
}
// the invoice's own events (its payments' `payment.succeeded` carry `invoice_id` too)
const types = async (invoiceId: string) => (await eventsOf(invoiceId)).map((e) => e.type).filter((type) => type.startsWith("invoice."));

const pay = async (invoiceId: string, amount?: number) => {
  const d = await startInvoicePayment(invoiceId, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "671234500", client_token: randomUUID().replaceAll("-", ""), amount });
  await settleDeposit(d.id, { status: "success", providerReference: `SBX-${d.id}` });
};

describe("invoice.created", () => {
  it("is written with the invoice, in its transaction: status open, the whole balance due", async () => {
    const invoice = await newInvoice();
    const [created] = await eventsOf(invoice.id, "invoice.created");
    expect(created).toEqual({
      type: "invoice.created",
      mode: "test",
      accountId: auth.accountId,
      data: { invoice_id: invoice.id, reference: "F-OD", status: "open", currency: "XAF", total: 100000, amount_paid: 0, balance_due: 100000 },
    });
  });

  it("a body refused (422) writes neither the invoice nor its event", async () => {
    const db = await getDb();
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(outboxEvents).where(and(eq(outboxEvents.accountId, auth.accountId), eq(outboxEvents.type, "invoice.created"))))[0]!.n;
    const before = await count();
    const res = await call(collection.POST, "POST", "/v1/invoices", { key: auth.key, json: { customer_name: "Awa", lines: [], due_date: "2099-01-31" } });
    expect(res.status).toBe(422);
    expect(await count()).toBe(before);
  });
});

describe("invoice.overdue on a test clock", () => {
  it("is sent once when the due date has passed with a balance due, not on the due day, not again", async () => {
    const invoice = await newInvoice();
    await remindInvoices(at(DUE_IN - 1));
    await remindInvoices(at(DUE_IN)); // the due day itself: not late yet
    expect(await types(invoice.id)).toEqual(["invoice.created"]);

    await pay(invoice.id, 40000);
    await remindInvoices(at(DUE_IN + 1));
    await remindInvoices(at(DUE_IN + 2));
    await markOverdueInvoices(at(DUE_IN + 30));
    expect(await types(invoice.id)).toEqual(["invoice.created", "invoice.partially_paid", "invoice.overdue"]);
    const [overdue] = await eventsOf(invoice.id, "invoice.overdue");
    expect(overdue!.data).toEqual({ invoice_id: invoice.id, reference: "F-OD", status: "overdue", currency: "XAF", total: 100000, amount_paid: 40000, balance_due: 60000 });
    // (the API's `status` reads the real day: this invoice is due in 10 days, `overdue` only on the test clock)
    const got = await call(item.GET, "GET", `/v1/invoices/${invoice.id}`, { key: auth.key });
    expect((got.body as { balance_due: number }).balance_due).toBe(60000);

    // still payable once overdue; paid, it says so, and no second overdue
    await pay(invoice.id);
    await markOverdueInvoices(at(DUE_IN + 31));
    expect(await types(invoice.id)).toEqual(["invoice.created", "invoice.partially_paid", "invoice.overdue", "invoice.paid"]);
  });

  it("never for an invoice paid or cancelled before its due date passed", async () => {
    const paid = await newInvoice();
    await pay(paid.id);
    const cancelled = await newInvoice();
    expect((await call(cancelRoute.POST, "POST", `/v1/invoices/${cancelled.id}/cancel`, { key: auth.key })).status).toBe(200);
    await remindInvoices(at(DUE_IN + 1));
    expect(await types(paid.id)).toEqual(["invoice.created", "invoice.paid"]);
    expect(await types(cancelled.id)).toEqual(["invoice.created", "invoice.cancelled"]);
  });

  it("rounds at once mark each invoice once: one event each", async () => {
    const many = await Promise.all(Array.from({ length: 5 }, () => newInvoice({ due_date: addDays(today, DUE_IN + 1) })));
    const now = at(DUE_IN + 2);
    await Promise.all([remindInvoices(now), remindInvoices(now), markOverdueInvoices(now), markOverdueInvoices(now)]);
    for (const invoice of many) expect((await eventsOf(invoice.id, "invoice.overdue")).length).toBe(1);
    const db = await getDb();
    const marked = await db.select({ at: invoices.overdueAt }).from(invoices).where(eq(invoices.id, many[0]!.id));
    expect(marked[0]!.at).toEqual(now);
  });

  it("kill -9 between the mark and its event: nothing kept; the next round marks it and sends one event", { timeout: 120_000 }, async () => {
    const invoice = await newInvoice({ due_date: addDays(today, DUE_IN + 3) });
    const now = at(DUE_IN + 4).toISOString();
    expect(await crashChildAt("invoice-overdue-marked", OVERDUE, { now })).toBe("crash-point invoice-overdue-marked\n");
    const db = await getDb(); // opened afresh after the child (PGlite: one process at a time on its folder)
    const [row] = await db.select({ at: invoices.overdueAt }).from(invoices).where(eq(invoices.id, invoice.id));
    expect([row!.at, await types(invoice.id)]).toEqual([null, ["invoice.created"]]);
    await markOverdueInvoices(new Date(now));
    await markOverdueInvoices(new Date(now));
    expect(await types(invoice.id)).toEqual(["invoice.created", "invoice.overdue"]);
  });
});

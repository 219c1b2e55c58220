import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as collection from "@/app/v1/invoices/route";
import * as item from "@/app/v1/invoices/[invoice_id]/route";
import * as cancelRoute from "@/app/v1/invoices/[invoice_id]/cancel/route";
import * as paymentsRoute from "@/app/v1/invoices/[invoice_id]/payments/route";
import * as payJson from "@/app/api/checkout/i/[id]/route";
import * as invoicePage from "@/app/i/[id]/route";
import * as printPage from "@/app/i/[id]/print/route";
import * as linkPage from "@/app/pay/[id]/route";
import { ApiError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { deposits, invoices, outboxEvents } from "@/lib/db/schema";
import { startInvoicePayment } from "@/lib/invoices/pay-invoice";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { call, newAccount, type Reply } from "@/test/support/api";
import { clientTokenOf, hit } from "@/test/support/checkout";

// Invoices: the API (create, get, list, cancel, payments), a customer's payments on the balance
// (two parts, the balance right at each step), the reservation that never lets payments at once
// pay more than the balance (100 at once), the events, and the customer's page without JavaScript.

type Item = { loc: (string | number)[]; msg: string; type: string; ctx?: Record<string, string | number> };
const bad = (loc: (string | number)[], msg: string, type: string, ctx?: Item["ctx"]): Item => (ctx ? { loc, msg, type, ctx } : { loc, msg, type });
const value = (loc: (string | number)[], error: string) => bad(["body", ...loc], `Value error, ${error}`, "value_error", { error });
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const UTC = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const DUE_DATE_BAD = expect.objectContaining({ loc: ["body", "due_date"] }) as Item;
const reply = (r: Reply) => ({ status: r.status, body: r.body });

let key: string;
const token = () => randomUUID().replaceAll("-", "");
let phoneSeq = 100;
const buyer = (extra: Record<string, unknown> = {}) => ({ country: "CMR", operator: "MTN_MOMO_CMR", phone: `6710${String(phoneSeq++).padStart(5, "0")}`, client_token: token(), ...extra });

beforeAll(async () => {
  ({ key } = await newAccount("CMR"));
});
beforeEach(() => setSandboxTransport(async () => {})); // the sandbox's callback is dropped: tests drive outcomes
afterEach(() => {
  setSandboxTransport(undefined);
  delete process.env.DEPOSIT_EXPIRY_SECONDS;
});

const rice = { label: "Sac de riz 50 kg", quantity: 4, unit_price: 25000 };

async function createInvoice(body: Record<string, unknown>, as = key) {
  const res = await call(collection.POST, "POST", "/v1/invoices", { key: as, json: { customer_name: "Awa Ndiaye", lines: [rice], due_date: "2099-01-31", ...body } });
  if (res.status !== 200) throw new Error(`create invoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; [k: string]: unknown };
}

const getInvoice = async (id: string) => (await call(item.GET, "GET", `/v1/invoices/${id}`, { key })).body as Record<string, unknown>;
const amounts = async (id: string) => {
  const { status, total, amount_paid, amount_pending, balance_due } = await getInvoice(id);
  return { status, total, amount_paid, amount_pending, balance_due };
};

async function eventsOf(invoiceId: string) {
  const db = await getDb();
  const rows = await db.select({ id: deposits.id }).from(deposits).where(eq(deposits.invoiceId, invoiceId));
  const events = rows.length ? await db.select().from(outboxEvents).where(inArray(outboxEvents.depositId, rows.map((r) => r.id))) : [];
  const cancelled = await db.select().from(outboxEvents).where(eq(outboxEvents.type, "invoice.cancelled"));
  return [...events, ...cancelled.filter((e) => (e.data as { invoice_id?: string }).invoice_id === invoiceId)]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.sequence - b.sequence)
    .map((e) => ({ type: e.type, sequence: e.sequence, data: e.data }));
}

describe("creating an invoice", () => {
  it("answers the whole invoice, open, with its lines, total, links and schedule", async () => {
    const res = await call(collection.POST, "POST", "/v1/invoices", {
      key,
      json: {
        reference: "F-2027-014",
        customer_name: "  Awa Ndiaye ",
        customer_phone: "6 70 00 00 00",
        customer_email: "Awa@Example.com",
        language: "en",
        lines: [rice, { label: "Livraison", quantity: "1", unit_price: 5000 }],
        memo: "Merci !",
        due_date: "2099-01-31",
        allow_partial: true,
        min_part_amount: "20000",
        reminder_days: [7, -3, 0],
        currency: "xaf",
      },
    });
    const id = (res.body as { id: string }).id;
    expect(reply(res)).toEqual({
      status: 200,
      body: {
        id: UUID,
        reference: "F-2027-014",
        customer: { name: "Awa Ndiaye", phone: "237670000000", email: "awa@example.com" },
        language: "en",
        currency: "XAF",
        lines: [
          { label: "Sac de riz 50 kg", quantity: 4, unit_price: 25000, amount: 100000 },
          { label: "Livraison", quantity: 1, unit_price: 5000, amount: 5000 },
        ],
        total: 105000,
        amount_paid: 0,
        amount_pending: 0,
        balance_due: 105000,
        due_date: "2099-01-31",
        allow_partial: true,
        min_part_amount: 20000,
        reminder_days: [-3, 0, 7],
        memo: "Merci !",
        status: "open",
        link: `http://kola.test/i/${id}`,
        print_link: `http://kola.test/i/${id}/print`,
        creation_date: UTC,
        paid_at: null,
        cancelled_at: null,
      },
    });
    expect(reply(await call(item.GET, "GET", `/v1/invoices/${id}`, { key }))).toEqual({ status: 200, body: res.body });
    expect(((await call(collection.GET, "GET", "/v1/invoices", { key })).body as unknown[])[0]).toEqual(res.body);
    // another account does not see it
    const other = await newAccount("CMR");
    expect(reply(await call(item.GET, "GET", `/v1/invoices/${id}`, { key: other.key }))).toEqual({ status: 404, body: { detail: { message: "Invoice not found", type: "INVOICE_NOT_FOUND" } } });
  });

  // Bad input everywhere: every problem in one answer, from the schema and from the account's rules.
  it.each<[string, Record<string, unknown>, Item[]]>([
    ["nothing", {}, [bad(["body", "customer_name"], "Field required", "missing"), bad(["body", "lines"], "Field required", "missing"), bad(["body", "due_date"], "Field required", "missing")]],
    [
      "wrong types and rules between fields",
      {
        customer_name: "",
        customer_email: "not-an-email",
        lines: [{ label: "", quantity: 0, unit_price: 0 }],
        due_date: "31/01/2099",
        allow_partial: "maybe",
        min_part_amount: 1000,
        reminder_days: [0, 0, 200],
      },
      [
        bad(["body", "customer_name"], "String should have at least 1 character", "string_too_short", { min_length: 1 }),
        value(["customer_email"], "Invalid email address"),
        bad(["body", "lines", 0, "label"], "String should have at least 1 character", "string_too_short", { min_length: 1 }),
        bad(["body", "lines", 0, "quantity"], "Input should be greater than or equal to 1", "greater_than_equal", { ge: 1 }),
        bad(["body", "lines", 0, "unit_price"], "Input should be greater than or equal to 1", "greater_than_equal", { ge: 1 }),
        DUE_DATE_BAD,
        bad(["body", "allow_partial"], "Input should be a valid boolean, unable to interpret input", "bool_parsing"),
        bad(["body", "reminder_days", 2], "Input should be less than or equal to 90", "less_than_equal", { le: 90 }),
        value(["reminder_days"], "must not repeat a day"),
      ],
    ],
    [
      "the account's rules: currency, bounds, the customer's number",
      { customer_name: "Awa", customer_phone: "12345", lines: [{ label: "Tout", quantity: 1, unit_price: 50 }], due_date: "2099-01-31", allow_partial: true, min_part_amount: 60, currency: "EUR" },
      [
        bad(["body", "currency"], "Input should be 'XAF'", "literal_error", { expected: "'XAF'" }),
        value(["lines"], "the total must be at least 100"),
        bad(["body", "min_part_amount"], "Input should be greater than or equal to 100", "greater_than_equal", { ge: 100 }),
        value(["customer_phone"], "not a valid mobile number"),
      ],
    ],
  ])("%s → 422 with every problem", async (_name, body, items) => {
    const res = await call(collection.POST, "POST", "/v1/invoices", { key, json: body });
    expect(res.status).toBe(422);
    const got = (res.body as { detail: Item[] }).detail;
    expect(got).toEqual(items);
  });
});

describe("a request paid in two parts", () => {
  it("open → partially paid → paid, the balance due right at each step, one event per change", async () => {
    const invoice = await createInvoice({ allow_partial: true, min_part_amount: 20000 });
    expect(await amounts(invoice.id)).toEqual({ status: "open", total: 100000, amount_paid: 0, amount_pending: 0, balance_due: 100000 });

    // a deposit of 40 000: held while in progress, paid once it succeeds
    const first = await hit(payJson.POST as never, { id: invoice.id }, `/api/checkout/i/${invoice.id}`, { json: buyer({ amount: 40000 }) });
    expect(first.status).toBe(200);
    const firstTrack = (first.json() as { track_id: string }).track_id;
    expect(await amounts(invoice.id)).toEqual({ status: "open", total: 100000, amount_paid: 0, amount_pending: 40000, balance_due: 100000 });
    // more than what is left to take now: refused, with the limit
    const over = await hit(payJson.POST as never, { id: invoice.id }, `/api/checkout/i/${invoice.id}`, { json: buyer({ amount: 70000 }) });
    expect([over.status, over.json()]).toEqual([422, { detail: [{ loc: ["body", "amount"], msg: "Input should be less than or equal to 60000", type: "less_than_equal", ctx: { le: 60000 } }] }]);
    const db = await getDb();
    const [d1] = await db.select().from(deposits).where(eq(deposits.trackId, firstTrack));
    await settleDeposit(d1!.id, { status: "success", providerReference: "SBX-1" });
    expect(await amounts(invoice.id)).toEqual({ status: "partially_paid", total: 100000, amount_paid: 40000, amount_pending: 0, balance_due: 60000 });

    // below the least part: refused
    await expect(startInvoicePayment(invoice.id, buyer({ amount: 10000 }))).rejects.toMatchObject({ items: [{ loc: ["body", "amount"], type: "greater_than_equal", ctx: { ge: 20000 } }] });
    // the balance (no amount: all that is left)
    const second = await startInvoicePayment(invoice.id, buyer());
    expect(second.amount).toBe(60000);
    await settleDeposit(second.id, { status: "success", providerReference: "SBX-2" });
    expect(await amounts(invoice.id)).toEqual({ status: "paid", total: 100000, amount_paid: 100000, amount_pending: 0, balance_due: 0 });
    expect((await getInvoice(invoice.id)).paid_at).toEqual(UTC);
    await expect(startInvoicePayment(invoice.id, buyer())).rejects.toMatchObject({ type: "INVOICE_PAID", status: 409 });

    const payments = await call(paymentsRoute.GET, "GET", `/v1/invoices/${invoice.id}/payments`, { key });
    expect((payments.body as { amount: number; status: string }[]).map((p) => [p.amount, p.status])).toEqual([
      [60000, "success"],
      [40000, "success"],
    ]);
    const base = { invoice_id: invoice.id, reference: "", currency: "XAF", total: 100000 };
    expect((await eventsOf(invoice.id)).map((e) => [e.type, e.sequence, e.type.startsWith("invoice.") ? e.data : (e.data as { invoice_id: string }).invoice_id])).toEqual([
      ["payment.succeeded", 1, invoice.id],
      ["invoice.partially_paid", 2, { ...base, status: "partially_paid", amount_paid: 40000, balance_due: 60000, track_id: firstTrack, amount: 40000 }],
      ["payment.succeeded", 1, invoice.id],
      ["invoice.paid", 2, { ...base, status: "paid", amount_paid: 100000, balance_due: 0, track_id: second.trackId, amount: 60000 }],
    ]);
  });

  it("a part that fails or expires gives its amount back; a late success is paid", async () => {
    const invoice = await createInvoice({ allow_partial: true });
    const a = await startInvoicePayment(invoice.id, buyer({ amount: 30000 }));
    const b = await startInvoicePayment(invoice.id, buyer({ amount: 70000 }));
    expect(await amounts(invoice.id)).toMatchObject({ amount_pending: 100000, balance_due: 100000 });
    await expect(startInvoicePayment(invoice.id, buyer())).rejects.toMatchObject({ type: "INVOICE_AMOUNT_HELD" });
    await settleDeposit(a.id, { status: "failed", reason: "insufficient_funds" });
    expect(await amounts(invoice.id)).toEqual({ status: "open", total: 100000, amount_paid: 0, amount_pending: 70000, balance_due: 100000 });
    await settleDeposit(b.id, { status: "expired", reason: "expired" });
    expect(await amounts(invoice.id)).toEqual({ status: "open", total: 100000, amount_paid: 0, amount_pending: 0, balance_due: 100000 });
    // the provider says the expired one succeeded after all: paid (the money came)
    await settleDeposit(b.id, { status: "success", providerReference: "SBX-late" });
    expect(await amounts(invoice.id)).toEqual({ status: "partially_paid", total: 100000, amount_paid: 70000, amount_pending: 0, balance_due: 30000 });
  });

  it("an invoice paid whole takes only its balance; a payment page's link of an invoice sends to the invoice", async () => {
    const invoice = await createInvoice({});
    await expect(startInvoicePayment(invoice.id, buyer({ amount: 50000 }))).rejects.toMatchObject({ items: [value(["amount"], "this invoice is paid whole: the amount is its balance")] });
    const started = await startInvoicePayment(invoice.id, buyer());
    expect(started.amount).toBe(100000);
    await settleDeposit(started.id, { status: "failed", reason: "refused_by_payer" });
    const res = await hit(linkPage.GET as never, { id: started.paymentGatewayId! }, `/pay/${started.paymentGatewayId}`);
    expect([res.status, res.headers.get("location")]).toEqual([303, `/i/${invoice.id}?lang=fr`]);
  });
});

describe("cancelling", () => {
  it("an open invoice: cancelled, announced once, no more payments; a paid one: 409", async () => {
    const invoice = await createInvoice({ reference: "F-9" });
    const res = await call(cancelRoute.POST, "POST", `/v1/invoices/${invoice.id}/cancel`, { key });
    expect(reply(res)).toEqual({ status: 200, body: { ...invoice, status: "cancelled", cancelled_at: UTC } });
    expect(reply(await call(cancelRoute.POST, "POST", `/v1/invoices/${invoice.id}/cancel`, { key }))).toEqual({ status: 200, body: res.body });
    await expect(startInvoicePayment(invoice.id, buyer())).rejects.toMatchObject({ type: "INVOICE_CANCELLED" });
    expect(await eventsOf(invoice.id)).toEqual([
      { type: "invoice.cancelled", sequence: 1, data: { invoice_id: invoice.id, reference: "F-9", status: "cancelled", currency: "XAF", total: 100000, amount_paid: 0, balance_due: 100000 } },
    ]);

    const paid = await createInvoice({});
    const p = await startInvoicePayment(paid.id, buyer());
    await settleDeposit(p.id, { status: "success", providerReference: "SBX-c" });
    expect(reply(await call(cancelRoute.POST, "POST", `/v1/invoices/${paid.id}/cancel`, { key }))).toEqual({
      status: 409,
      body: { detail: { message: "This invoice is paid: it takes no more payments and cannot be cancelled", type: "INVOICE_PAID" } },
    });
  });
});

describe("100 payments at once on one balance", () => {
  it("exactly the balance is taken (20 of 5 000 on 100 000), the others refused clearly; settled at once: paid once, never more", { timeout: 180_000 }, async () => {
    const invoice = await createInvoice({ allow_partial: true, min_part_amount: 5000 });
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () =>
        startInvoicePayment(invoice.id, buyer({ amount: 5000 })).then(
          (deposit) => ({ ok: true as const, deposit }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
      ),
    );
    const started = outcomes.flatMap((o) => (o.ok ? [o.deposit] : []));
    const refused = outcomes.flatMap((o) => (o.ok ? [] : [o.error]));
    expect([started.length, refused.length]).toEqual([20, 80]);
    expect(new Set(refused.map((e) => (e instanceof ApiError ? `${e.status} ${e.type}` : String(e))))).toEqual(new Set(["409 INVOICE_AMOUNT_HELD"]));
    expect(await amounts(invoice.id)).toEqual({ status: "open", total: 100000, amount_paid: 0, amount_pending: 100000, balance_due: 100000 });

    await Promise.all(started.map((d, i) => settleDeposit(d.id, { status: "success", providerReference: `SBX-${i}` })));
    expect(await amounts(invoice.id)).toEqual({ status: "paid", total: 100000, amount_paid: 100000, amount_pending: 0, balance_due: 0 });
    const types = (await eventsOf(invoice.id)).map((e) => e.type);
    expect([types.filter((t) => t === "invoice.paid").length, types.filter((t) => t === "invoice.partially_paid").length, types.filter((t) => t === "payment.succeeded").length]).toEqual([1, 19, 20]);
    const db = await getDb();
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const successes = await db.select({ amount: deposits.amount }).from(deposits).where(and(eq(deposits.invoiceId, invoice.id), eq(deposits.status, "success")));
    expect([row!.amountPaid, successes.reduce((s, d) => s + d.amount, 0)]).toEqual([100000, 100000]);
  });
});

describe("the customer's page", () => {
  it("shows the lines and balance, takes a part without JavaScript (303 to the waiting page), and prints", async () => {
    const invoice = await createInvoice({ reference: "F-77", allow_partial: true, min_part_amount: 20000, memo: "Payable en deux fois" });
    const page = await hit(invoicePage.GET as never, { id: invoice.id }, `/i/${invoice.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Facture F-77 · Pour Awa Ndiaye");
    expect(page.text).toContain("Sac de riz 50 kg");
    expect(page.text).toContain('name="amount" value="100000"');
    expect(page.text).not.toContain("<script");

    const posted = await hit(invoicePage.POST as never, { id: invoice.id }, `/i/${invoice.id}?lang=fr`, {
      form: { client_token: clientTokenOf(page.text), amount: "30 000", country: "CMR", operator: "MTN_MOMO_CMR", phone: "6 71 00 00 01" },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toMatch(/^\/pay\/[0-9a-f-]{36}\/TRK[A-Z2-7]{20}\?lang=fr$/);
    expect(await amounts(invoice.id)).toMatchObject({ amount_pending: 30000 });

    const bad = await hit(invoicePage.POST as never, { id: invoice.id }, `/i/${invoice.id}?lang=en`, {
      form: { client_token: token(), amount: "5000", country: "CMR", operator: "MTN_MOMO_CMR", phone: "12" },
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("Enter an amount between");
    expect(bad.text).toContain('value="5000"');
    expect(bad.text).toContain("does not look like a valid number");

    const print = await hit(printPage.GET as never, { id: invoice.id }, `/i/${invoice.id}/print?lang=fr`);
    expect(print.status).toBe(200);
    for (const text of ["Facture F-77", "Test shop", "Awa Ndiaye", "Prix unitaire", "Payable en deux fois", `http://kola.test/i/${invoice.id}`]) expect(print.text).toContain(text);

    const missing = await hit(invoicePage.GET as never, { id: randomUUID() }, `/i/x`);
    expect(missing.status).toBe(404);
  });
});

import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as collection from "@/app/v1/customers/route";
import * as item from "@/app/v1/customers/[customer_id]/route";
import * as mergeRoute from "@/app/v1/customers/[customer_id]/merge/route";
import * as eraseRoute from "@/app/v1/customers/[customer_id]/erase/route";
import * as exportRoute from "@/app/v1/exports/customers/route";
import * as pagesRoute from "@/app/v1/payment-pages/route";
import * as invoicesRoute from "@/app/v1/invoices/route";
import * as payJson from "@/app/api/checkout/pp/[id]/route";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { getDb } from "@/lib/db/client";
import { deposits, invoices } from "@/lib/db/schema";
import { eq } from "drizzle-orm";
import { addMember, sessionHeaders } from "@/test/support/accounts";
import { call, newAccount, newAuth, type Reply } from "@/test/support/api";
import { hit } from "@/test/support/checkout";
import { NOT_A_NUMBER } from "@/lib/customers/schemas";
import { customersOf, depositRow, pendingPayments } from "@/test/support/customers";

// The customer book: made from successful payments (one per number, whatever form the buyer typed),
// by hand, searched, changed, merged and erased; roles; 100 payments of one number at once.

const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const UTC = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const TRK = expect.stringMatching(/^TRK[A-Z2-7]{20}$/);
const reply = (r: Reply) => ({ status: r.status, body: r.body });
const COUNTRIES = "'CMR', 'CIV', 'SEN', 'BEN', 'BFA', 'TGO', 'COG', 'GAB', 'COD', 'KEN', 'RWA', 'TZA' or 'ZMB'";
const token = () => randomUUID().replaceAll("-", "");

beforeEach(() => setSandboxTransport(async () => {})); // the sandbox's callback is dropped: tests settle
afterEach(() => setSandboxTransport(undefined));

async function payPage(key: string, amounts: { phone: string; amount: number }[]) {
  const page = await call(pagesRoute.POST, "POST", "/v1/payment-pages", { key, json: { title: "Dons", amount_type: "custom", min_amount: 100, max_amount: 100000 } });
  const db = await getDb();
  for (const { phone, amount } of amounts) {
    const res = await hit(payJson.POST, { id: (page.body as { id: string }).id }, "/api/checkout/pp/x", {
      json: { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: token(), amount },
    });
    expect(res.status).toBe(200);
    const [deposit] = await db.select().from(deposits).where(eq(deposits.trackId, (res.json() as { track_id: string }).track_id));
    await settleDeposit(deposit!.id, { status: "success", providerReference: `SBX-${deposit!.trackId}` });
  }
}

describe("the book made from payments", () => {
  it("one number typed in two forms is one customer: masked in the list, whole on its page, with its payments and totals", async () => {
    const auth = await newAuth("CMR");
    const key = auth.key;
    await payPage(key, [
      { phone: "6 70 00 00 42", amount: 1500 },
      { phone: "+237670000042", amount: 2500 },
      { phone: "00237 6 90 00 00 17", amount: 700 },
    ]);
    const list = await call(collection.GET, "GET", "/v1/customers", { key });
    const summary = (phone_masked: string, payments_count: number, amount_paid: number) => ({
      id: UUID,
      phone_masked,
      country: "CMR",
      name: null,
      email: null,
      created_by: "payment",
      merged_into: null,
      erased_at: null,
      creation_date: UTC,
      payments_count,
      amount_paid,
      amount_refunded: 0,
      currency: "XAF",
      last_payment_at: UTC,
    });
    expect(reply(list)).toEqual({ status: 200, body: [summary("237*******17", 1, 700), summary("237*******42", 2, 4000)] });
    const id = (list.body as { id: string }[])[1]!.id;
    const payment = (amount: number) => ({
      track_id: TRK,
      amount,
      currency: "XAF",
      status: "success",
      phone_number: "237670000042",
      operator: "MTN_MOMO_CMR",
      payment_gateway_id: UUID,
      marketplace_gateway_id: null,
      refunded_amount: 0,
      completed_at: UTC,
      created_at: UTC,
    });
    expect(reply(await call(item.GET, "GET", `/v1/customers/${id}`, { key }))).toEqual({
      status: 200,
      body: { ...summary("237*******42", 2, 4000), phone_number: "237670000042", payments: [payment(2500), payment(1500)] },
    });
    // the export: whole numbers and totals, the documented columns; for a spreadsheet in French, words
    const csv = await call(exportRoute.GET, "GET", "/v1/exports/customers", { key });
    const lines = (csv.body as string).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines.map((l) => l.replace(/[0-9a-f-]{36}/g, "ID").replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "TIME"))).toEqual([
      "created_at,customer_id,phone_number,country,name,email,created_by,payments_count,amount_paid,amount_refunded,currency,last_payment_at",
      "TIME,ID,237670000042,CMR,,,payment,2,4000,0,XAF,TIME",
      "TIME,ID,237690000017,CMR,,,payment,1,700,0,XAF,TIME",
    ]);
    const fr = await call(exportRoute.GET, "GET", "/v1/exports/customers?lang=fr", { key });
    expect((fr.body as string).split("\r\n")[0]).toBe("\uFEFFCréé le (UTC);Identifiant du client;Téléphone;Pays;Nom;E-mail;Ajouté par;Paiements;Total payé;Total remboursé;Devise;Dernier paiement (UTC)");
    expect((fr.body as string).split("\r\n")[1]).toMatch(/^[\d-]+ [\d:]+;[0-9a-f-]{36};'\+237670000042;Cameroun;;;Ajouté par un paiement;2;4000;0;XAF;[\d-]+ [\d:]+$/);
    // a failed attempt books nothing
    const [failed] = await pendingPayments(auth, "237670000042", [900]);
    await settleDeposit(failed!.id, { status: "failed", reason: "refused_by_payer" });
    expect((await depositRow(failed!.id)).customerId).toBeNull();
  });

  it("an invoice books its customer (number, name, e-mail); that number's payment lands on them; a known customer keeps their own name", async () => {
    const auth = await newAuth("CMR");
    const key = auth.key;
    const invoice = (customer_name: string, customer_phone: string, customer_email = "") =>
      call(invoicesRoute.POST, "POST", "/v1/invoices", { key, json: { customer_name, customer_phone, customer_email, lines: [{ label: "Robe", quantity: 1, unit_price: 15000 }], due_date: "2099-01-31" } });
    expect((await invoice("Awa Ndiaye", "6 70 00 00 55", "awa@example.com")).status).toBe(200);
    expect((await invoice("Sans numéro", "")).status).toBe(200); // no number: nobody to book
    await payPage(key, [{ phone: "+237670000055", amount: 1500 }]);
    expect((await invoice("Awa N.", "+237 670 000 055", "autre@example.com")).status).toBe(200);
    const list = await call(collection.GET, "GET", "/v1/customers", { key });
    expect(reply(list)).toEqual({
      status: 200,
      body: [
        {
          id: UUID,
          phone_masked: "237*******55",
          country: "CMR",
          name: "Awa Ndiaye",
          email: "awa@example.com",
          created_by: "invoice",
          merged_into: null,
          erased_at: null,
          creation_date: UTC,
          payments_count: 1,
          amount_paid: 1500,
          amount_refunded: 0,
          currency: "XAF",
          last_payment_at: UTC,
        },
      ],
    });
  });

  it("100 payments of one number settled at once → one customer, 100 payments, the right sum", { timeout: 120_000 }, async () => {
    const auth = await newAuth("CMR");
    const made = await pendingPayments(auth, "237670001234", Array.from({ length: 100 }, (_, i) => 100 + i));
    const results = await Promise.all(made.map((d) => settleDeposit(d.id, { status: "success", providerReference: `SBX-${d.trackId}` })));
    expect(results.every(Boolean)).toBe(true);
    const book = await customersOf(auth.accountId);
    expect(book.map((c) => [c.phoneNumber, c.createdBy])).toEqual([["237670001234", "payment"]]);
    const res = await call(item.GET, "GET", `/v1/customers/${book[0]!.id}`, { key: auth.key });
    const body = res.body as { payments_count: number; amount_paid: number; payments: unknown[] };
    expect([body.payments_count, body.amount_paid, body.payments.length]).toEqual([100, 100 * 100 + (99 * 100) / 2, 100]);
  });
});

describe("adding customers by hand", () => {
  it("bad input → 422 with every problem at once", async () => {
    const { key, accountId } = await newAuth("CMR");
    const cases: [string, unknown, unknown[]][] = [
      ["nothing", {}, [{ loc: ["body", "phone_number"], msg: "Field required", type: "missing" }]],
      [
        "every field wrong",
        { phone_number: 670000042, country: "XXX", name: "a".repeat(101), email: "nope" },
        [
          { loc: ["body", "phone_number"], msg: "Input should be a valid string", type: "string_type" },
          { loc: ["body", "country"], msg: `Input should be ${COUNTRIES}`, type: "enum", ctx: { expected: COUNTRIES } },
          { loc: ["body", "name"], msg: "String should have at most 100 characters", type: "string_too_long", ctx: { max_length: 100 } },
          { loc: ["body", "email"], msg: "Value error, Invalid email address", type: "value_error", ctx: { error: "Invalid email address" } },
        ],
      ],
      [
        "no number at all, and a bad e-mail: both",
        { phone_number: "12", email: "non" },
        [
          { loc: ["body", "email"], msg: "Value error, Invalid email address", type: "value_error", ctx: { error: "Invalid email address" } },
          { loc: ["body", "phone_number"], msg: `Value error, ${NOT_A_NUMBER}`, type: "value_error", ctx: { error: NOT_A_NUMBER } },
        ],
      ],
      [
        "a landline, or a number of another country",
        { phone_number: "222 22 22 22" },
        [{ loc: ["body", "phone_number"], msg: "Value error, not a valid mobile number (international form, or national form of `country`)", type: "value_error", ctx: { error: "not a valid mobile number (international form, or national form of `country`)" } }],
      ],
      [
        "an international number of another country than `country`",
        { phone_number: "+221 77 000 00 01", country: "CMR" },
        [{ loc: ["body", "phone_number"], msg: "Value error, a number of SEN, not of CMR", type: "value_error", ctx: { error: "a number of SEN, not of CMR" } }],
      ],
    ];
    for (const [name, json, detail] of cases) {
      expect({ name, ...reply(await call(collection.POST, "POST", "/v1/customers", { key, json })) }).toEqual({ name, status: 422, body: { detail } });
    }
    expect(await customersOf(accountId)).toEqual([]);
  });

  it("create, the same number again (409), change, search; the book then gets its payments", async () => {
    const auth = await newAuth("CMR");
    const key = auth.key;
    const created = await call(collection.POST, "POST", "/v1/customers", { key, json: { phone_number: "6 70 00 00 77", name: " Awa Ndiaye ", email: "AWA@Example.com" } });
    expect(reply(created)).toEqual({
      status: 200,
      body: {
        id: UUID,
        phone_masked: "237*******77",
        phone_number: "237670000077",
        country: "CMR",
        name: "Awa Ndiaye",
        email: "awa@example.com",
        created_by: "manual",
        merged_into: null,
        erased_at: null,
        creation_date: UTC,
        payments_count: 0,
        amount_paid: 0,
        amount_refunded: 0,
        currency: "XAF",
        last_payment_at: null,
        payments: [],
      },
    });
    const id = (created.body as { id: string }).id;
    expect(reply(await call(collection.POST, "POST", "/v1/customers", { key, json: { phone_number: "+237670000077" } }))).toEqual({
      status: 409,
      body: { detail: { message: "A customer with this number is already in the book", type: "CUSTOMER_EXISTS" } },
    });
    const patched = await call(item.PATCH, "PATCH", `/v1/customers/${id}`, { key, json: { email: "" } });
    expect([patched.status, (patched.body as { name: string; email: string | null }).name, (patched.body as { email: string | null }).email]).toEqual([200, "Awa Ndiaye", null]);
    await call(collection.POST, "POST", "/v1/customers", { key, json: { phone_number: "+237690000055", name: "Moussa" } });

    const search = async (q: string) => ((await call(collection.GET, "GET", `/v1/customers?q=${encodeURIComponent(q)}`, { key })).body as { name: string }[]).map((c) => c.name);
    expect(await search("awa")).toEqual(["Awa Ndiaye"]);
    expect(await search("0077")).toEqual(["Awa Ndiaye"]);
    expect(await search("6 90")).toEqual(["Moussa"]);
    expect(await search("%")).toEqual([]);
    const paged = await call(collection.GET, "GET", "/v1/customers?limit=1", { key });
    expect([(paged.body as unknown[]).length, paged.headers.get("link")]).toEqual([1, expect.stringContaining("starting_after=")]);

    const [paid] = await pendingPayments(auth, "237670000077", [3000]);
    await settleDeposit(paid!.id, { status: "success", providerReference: "SBX-x" });
    const after = (await call(item.GET, "GET", `/v1/customers/${id}`, { key })).body as { payments_count: number; amount_paid: number; name: string };
    expect([after.payments_count, after.amount_paid, after.name]).toEqual([1, 3000, "Awa Ndiaye"]);
  });
});

describe("merging and erasing", () => {
  it("merge moves payments and sums; again is the same; the other's number then books to the survivor", async () => {
    const auth = await newAuth("CMR");
    const key = auth.key;
    for (const [phone, amount] of [["237670000011", 1000], ["237670000011", 2000], ["237690000022", 500]] as const) {
      const [d] = await pendingPayments(auth, phone, [amount]);
      await settleDeposit(d!.id, { status: "success", providerReference: `SBX-${d!.trackId}` });
    }
    const book = await customersOf(auth.accountId);
    const a = book.find((c) => c.phoneNumber === "237670000011")!.id;
    const b = book.find((c) => c.phoneNumber === "237690000022")!.id;
    const merged = await call(mergeRoute.POST, "POST", `/v1/customers/${a}/merge`, { key, json: { customer_id: b } });
    expect([merged.status, (merged.body as { payments_count: number }).payments_count, (merged.body as { amount_paid: number }).amount_paid]).toEqual([200, 3, 3500]);
    expect(reply(await call(mergeRoute.POST, "POST", `/v1/customers/${a}/merge`, { key, json: { customer_id: b } }))).toEqual(reply(merged));
    expect(((await call(item.GET, "GET", `/v1/customers/${b}`, { key })).body as { merged_into: string; payments_count: number })).toMatchObject({ merged_into: a, payments_count: 0 });
    expect(((await call(collection.GET, "GET", "/v1/customers", { key })).body as { id: string }[]).map((c) => c.id)).toEqual([a]);
    const [later] = await pendingPayments(auth, "237690000022", [400]);
    await settleDeposit(later!.id, { status: "success", providerReference: "SBX-later" });
    expect((await depositRow(later!.id)).customerId).toBe(a);

    const refusals: [string, Reply, unknown][] = [
      ["into itself", await call(mergeRoute.POST, "POST", `/v1/customers/${a}/merge`, { key, json: { customer_id: a } }), { status: 422, body: { detail: [{ loc: ["body", "customer_id"], msg: "Value error, is this customer itself", type: "value_error", ctx: { error: "is this customer itself" } }] } }],
      ["the merged one as survivor", await call(mergeRoute.POST, "POST", `/v1/customers/${b}/merge`, { key, json: { customer_id: a } }), { status: 409, body: { detail: { message: "This customer was merged into another record: use that one", type: "CUSTOMER_MERGED" } } }],
      ["another account's", await call(mergeRoute.POST, "POST", `/v1/customers/${a}/merge`, { key: (await newAccount()).key, json: { customer_id: b } }), { status: 404, body: { detail: { message: "Customer not found", type: "CUSTOMER_NOT_FOUND" } } }],
    ];
    for (const [name, res, expected] of refusals) expect({ name, ...reply(res) }).toEqual({ name, ...(expected as object) });
  });

  it("two merges of one pair, either way round, at once: one wins, the other is refused", async () => {
    const auth = await newAuth("CMR");
    const a = (await call(collection.POST, "POST", "/v1/customers", { key: auth.key, json: { phone_number: "670000031" } })).body as { id: string };
    const b = (await call(collection.POST, "POST", "/v1/customers", { key: auth.key, json: { phone_number: "670000032" } })).body as { id: string };
    const [ab, ba] = await Promise.all([
      call(mergeRoute.POST, "POST", `/v1/customers/${a.id}/merge`, { key: auth.key, json: { customer_id: b.id } }),
      call(mergeRoute.POST, "POST", `/v1/customers/${b.id}/merge`, { key: auth.key, json: { customer_id: a.id } }),
    ]);
    expect([ab.status, ba.status].sort()).toEqual([200, 409]);
    const live = (await customersOf(auth.accountId)).filter((c) => !c.mergedInto);
    expect(live).toHaveLength(1);
  });

  it("payments of a number booked while its record is merged away: every one ends on the survivor", { timeout: 120_000 }, async () => {
    const auth = await newAuth("CMR");
    const a = (await call(collection.POST, "POST", "/v1/customers", { key: auth.key, json: { phone_number: "670000041" } })).body as { id: string };
    const b = (await call(collection.POST, "POST", "/v1/customers", { key: auth.key, json: { phone_number: "670000042" } })).body as { id: string };
    const made = await pendingPayments(auth, "237670000042", Array.from({ length: 30 }, () => 100));
    const settling = made.map((d) => settleDeposit(d.id, { status: "success", providerReference: `SBX-${d.trackId}` }));
    const merged = call(mergeRoute.POST, "POST", `/v1/customers/${a.id}/merge`, { key: auth.key, json: { customer_id: b.id } });
    expect((await Promise.all(settling)).every(Boolean)).toBe(true);
    expect((await merged).status).toBe(200);
    const booked = await Promise.all(made.map((d) => depositRow(d.id)));
    expect(new Set(booked.map((d) => d.customerId))).toEqual(new Set([a.id]));
    const survivor = (await call(item.GET, "GET", `/v1/customers/${a.id}`, { key: auth.key })).body as { payments_count: number; amount_paid: number };
    expect([survivor.payments_count, survivor.amount_paid]).toEqual([30, 3000]);
  });

  it("erase removes the person from the customer and its payments; payments and amounts stay", async () => {
    const auth = await newAuth("CMR");
    const key = auth.key;
    const [d] = await pendingPayments(auth, "237670000099", [4200]);
    await settleDeposit(d!.id, { status: "success", providerReference: "SBX-e" });
    const [failed] = await pendingPayments(auth, "237670000099", [100]);
    await settleDeposit(failed!.id, { status: "failed", reason: "refused_by_payer" });
    const [c] = await customersOf(auth.accountId);
    await call(item.PATCH, "PATCH", `/v1/customers/${c!.id}`, { key, json: { name: "Awa", email: "awa@example.com" } });
    const bill = await call(invoicesRoute.POST, "POST", "/v1/invoices", {
      key,
      json: { customer_name: "Awa Ndiaye", customer_phone: "670000099", customer_email: "awa@example.com", lines: [{ label: "Robe", quantity: 1, unit_price: 15000 }], due_date: "2099-01-31" },
    });
    const erased = await call(eraseRoute.POST, "POST", `/v1/customers/${c!.id}/erase`, { key });
    expect(reply(erased)).toEqual({
      status: 200,
      body: expect.objectContaining({ phone_number: null, phone_masked: null, name: null, email: null, erased_at: UTC, payments_count: 1, amount_paid: 4200 }),
    });
    expect((erased.body as { payments: { phone_number: string; amount: number }[] }).payments.map((p) => [p.phone_number, p.amount])).toEqual([["237*******99", 4200]]);
    expect([(await depositRow(d!.id)).phoneNumber, (await depositRow(failed!.id)).phoneNumber]).toEqual(["237*******99", "237*******99"]);
    // the invoice to that number keeps its lines and amounts, not the person (no reminder can reach them)
    const [invoice] = await (await getDb()).select().from(invoices).where(eq(invoices.id, (bill.body as { id: string }).id));
    expect([invoice!.customerName, invoice!.customerPhone, invoice!.customerEmail, invoice!.total]).toEqual(["", "", "", 15000]);
    expect(reply(await call(eraseRoute.POST, "POST", `/v1/customers/${c!.id}/erase`, { key }))).toEqual(reply(erased));
    expect(reply(await call(item.PATCH, "PATCH", `/v1/customers/${c!.id}`, { key, json: { name: "x" } }))).toEqual({
      status: 409,
      body: { detail: { message: "This customer's personal data was erased: it cannot change any more", type: "CUSTOMER_ERASED" } },
    });
    expect(reply(await call(collection.GET, "GET", "/v1/customers", { key }))).toEqual({ status: 200, body: [] });
    // the number pays again: a new record
    const [again] = await pendingPayments(auth, "237670000099", [100]);
    await settleDeposit(again!.id, { status: "success", providerReference: "SBX-again" });
    expect((await customersOf(auth.accountId)).map((x) => [x.phoneNumber, x.erasedAt !== null]).sort()).toEqual([[null, true], ["237670000099", false]]);
  });
});

describe("roles", () => {
  it("a viewer reads the book but changes nothing; a cashier does not see it", async () => {
    const { key, accountId } = await newAccount("CMR");
    const c = (await call(collection.POST, "POST", "/v1/customers", { key, json: { phone_number: "670000061" } })).body as { id: string };
    const viewer = await sessionHeaders(accountId, (await addMember(accountId, "viewer")).userId);
    const cashier = await sessionHeaders(accountId, (await addMember(accountId, "cashier")).userId);
    expect((await call(collection.GET, "GET", "/v1/customers", { headers: viewer })).status).toBe(200);
    expect((await call(item.GET, "GET", `/v1/customers/${c.id}`, { headers: viewer })).status).toBe(200);
    const refused = { status: 403, body: { detail: { message: "Your role on this account (viewer) does not allow this action: it needs admin or above", type: "INSUFFICIENT_ROLE" } } };
    expect(reply(await call(eraseRoute.POST, "POST", `/v1/customers/${c.id}/erase`, { headers: viewer }))).toEqual(refused);
    expect(reply(await call(mergeRoute.POST, "POST", `/v1/customers/${c.id}/merge`, { headers: viewer, json: { customer_id: c.id } }))).toEqual(refused);
    expect(reply(await call(collection.POST, "POST", "/v1/customers", { headers: viewer, json: { phone_number: "670000062" } }))).toEqual(refused);
    expect((await call(collection.GET, "GET", "/v1/customers", { headers: cashier })).status).toBe(403);
    expect((await call(item.GET, "GET", `/v1/customers/${c.id}`, { headers: cashier })).status).toBe(403);
  });
});

import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as collection from "@/app/v1/payment-pages/route";
import * as item from "@/app/v1/payment-pages/[page_id]/route";
import * as closeRoute from "@/app/v1/payment-pages/[page_id]/close/route";
import * as reopenRoute from "@/app/v1/payment-pages/[page_id]/reopen/route";
import * as payJson from "@/app/api/checkout/pp/[id]/route";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { startPagePayment } from "@/lib/payment-pages/pay-page";
import { addMember, sessionHeaders } from "@/test/support/accounts";
import { call, newAccount, type Reply } from "@/test/support/api";
import { hit } from "@/test/support/checkout";

// Changing a payment page (PATCH) and reopening a closed one: whole answers, every problem at once,
// limits never below what is taken, the amount type kept, roles and other accounts.

type Item = { loc: (string | number)[]; msg: string; type: string; ctx?: Record<string, string | number> };
const bad = (loc: (string | number)[], msg: string, type: string, ctx?: Item["ctx"]): Item => (ctx ? { loc, msg, type, ctx } : { loc, msg, type });
const atLeast = (field: string, ge: number) => bad(["body", field], `Input should be greater than or equal to ${ge}`, "greater_than_equal", { ge });
const UTC = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const reply = (r: Reply) => ({ status: r.status, body: r.body });

let key: string;
let accountId: string;
let phoneSeq = 500;
const buyer = () => ({ country: "CMR", operator: "MTN_MOMO_CMR", phone: `6700${String(phoneSeq++).padStart(5, "0")}`, client_token: randomUUID().replaceAll("-", "") });

beforeAll(async () => {
  ({ key, accountId } = await newAccount("CMR"));
});
beforeEach(() => setSandboxTransport(async () => {}));
afterEach(() => setSandboxTransport(undefined));

async function createPage(body: Record<string, unknown>) {
  const res = await call(collection.POST, "POST", "/v1/payment-pages", { key, json: body });
  if (res.status !== 200) throw new Error(`create page: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; [k: string]: unknown };
}
const patch = (id: string, json: unknown, as: { key?: string; headers?: Record<string, string> } = { key }) =>
  call(item.PATCH, "PATCH", `/v1/payment-pages/${id}`, { ...as, json });

describe("PATCH /v1/payment-pages/{page_id}", () => {
  it("changes the fields sent and answers the whole page; the others stay, the amount type too", async () => {
    const page = await createPage({
      title: "T-shirt",
      amount_type: "fixed",
      amount: 5000,
      max_quantity: 3,
      stock: 10,
      ends_at: "2099-01-01T00:00:00Z",
      closed_message: "Épuisé",
      form_blocks: [{ type: "text", label: "Taille" }],
    });
    const res = await patch(page.id, {
      title: "T-shirt bio",
      amount: "6000",
      max_quantity: 5,
      stock: null,
      ends_at: null,
      amount_type: "custom", // not a field of PATCH: ignored
      min_amount: 100, // the other amount type's: ignored, as documented
      form_blocks: [
        { type: "select", label: "Taille", required: true, options: ["S", "M"] },
        { type: "checkbox", label: "Cadeau", description: "Emballé" },
      ],
      success_url: "https://shop.example/merci",
    });
    expect(reply(res)).toEqual({
      status: 200,
      body: {
        ...page,
        title: "T-shirt bio",
        amount_type: "fixed",
        amount: 6000,
        min_amount: null,
        max_amount: null,
        max_quantity: 5,
        stock: null,
        units_left: null,
        ends_at: null,
        form_blocks: [
          { fieldName: "taille", fieldType: "select", required: true, fieldLabel: "Taille", fieldDescription: "", fieldOptions: [{ name: "S", value: "S" }, { name: "M", value: "M" }] },
          { fieldName: "cadeau", fieldType: "checkbox", required: false, fieldLabel: "Cadeau", fieldDescription: "Emballé", fieldOptions: [] },
        ],
        success_url: "https://shop.example/merci",
      },
    });
    expect(reply(await call(item.GET, "GET", `/v1/payment-pages/${page.id}`, { key }))).toEqual({ status: 200, body: res.body });
    // nothing sent: nothing changes
    expect(reply(await patch(page.id, {}))).toEqual({ status: 200, body: res.body });
  });

  it("answers every problem at once: types, lengths, an end date past, bounds in the currency and against the stored bound", async () => {
    const page = await createPage({ title: "Dons", amount_type: "custom", min_amount: 1000, max_amount: 5000 });
    const res = await patch(page.id, { title: "", stock: 0, ends_at: "2001-01-01T00:00:00Z", min_amount: 1, form_blocks: [{ type: "select", label: "Choix" }], success_url: "ftp://x" });
    expect(res.status).toBe(422);
    const items = (res.body as { detail: Item[] }).detail;
    expect(items.map((i) => i.loc.join("."))).toEqual(["body.title", "body.stock", "body.form_blocks.0.options", "body.success_url", "body.ends_at"]);

    // the currency's bounds, once the body keeps its own rules
    expect(reply(await patch(page.id, { min_amount: 1 }))).toEqual({ status: 422, body: { detail: [atLeast("min_amount", 100)] } });
    // one bound against the other one stored
    expect(reply(await patch(page.id, { min_amount: 6000 }))).toEqual({
      status: 422,
      body: { detail: [bad(["body", "min_amount"], "Input should be less than or equal to 5000", "less_than_equal", { le: 5000 })] },
    });
    expect(reply(await patch(page.id, { max_amount: 500 }))).toEqual({ status: 422, body: { detail: [atLeast("max_amount", 1000)] } });
    expect(reply(await patch(page.id, { min_amount: 3000, max_amount: 2000 }))).toEqual({
      status: 422,
      body: { detail: [bad(["body", "max_amount"], "Value error, must be at least min_amount", "value_error", { error: "must be at least min_amount" })] },
    });
    const ok = await patch(page.id, { min_amount: 2000, max_amount: 8000 });
    expect(ok.body).toMatchObject({ min_amount: 2000, max_amount: 8000 });
  });

  it("a stock or cap below what is taken is refused with the least it may be; more stock reopens a sold-out page", async () => {
    const page = await createPage({ title: "Places", amount_type: "fixed", amount: 1000, max_quantity: 3, stock: 3 });
    const taken = await startPagePayment(page.id, { ...buyer(), quantity: 3 });
    expect((await call(item.GET, "GET", `/v1/payment-pages/${page.id}`, { key })).body).toMatchObject({ status: "sold_out", units_taken: 3 });
    expect(reply(await patch(page.id, { stock: 2 }))).toEqual({ status: 422, body: { detail: [atLeast("stock", 3)] } });
    const more = await patch(page.id, { stock: 5 });
    expect(more.body).toMatchObject({ status: "open", stock: 5, units_left: 2 });
    await settleDeposit(taken.id, { status: "success", providerReference: "SBX-up" });
    expect(reply(await patch(page.id, { max_payments: 1 }))).toMatchObject({ status: 200, body: { status: "sold_out", max_payments: 1 } });
  });

  it("stock lowered while 30 buyers pay at once: never more taken than the stock the page ends with", { timeout: 120_000 }, async () => {
    const page = await createPage({ title: "Billets", amount_type: "fixed", amount: 1000, max_quantity: 1, stock: 40 });
    const lows = [10, 11, 12, 13, 14];
    const [buyers, patches] = await Promise.all([
      Promise.allSettled(Array.from({ length: 30 }, () => startPagePayment(page.id, { ...buyer(), quantity: 1 }))),
      Promise.all(lows.map((stock) => patch(page.id, { stock }))),
    ]);
    const now = (await call(item.GET, "GET", `/v1/payment-pages/${page.id}`, { key })).body as { stock: number; units_taken: number };
    const started = buyers.filter((b) => b.status === "fulfilled").length;
    // every change answered: applied, or refused with the least the stock could be at its moment
    for (const [i, res] of patches.entries()) {
      if (res.status === 200) continue;
      const ge = (res.body as { detail: Item[] }).detail[0]?.ctx?.ge as number;
      expect(ge).toBeGreaterThan(lows[i]!);
      expect(reply(res)).toEqual({ status: 422, body: { detail: [atLeast("stock", ge)] } });
    }
    expect(now.units_taken).toBe(started);
    expect(now.units_taken).toBeLessThanOrEqual(now.stock);
    expect(started).toBeGreaterThanOrEqual(Math.min(10, 30)); // at least the lowest stock ever set was sold
    expect(buyers.filter((b) => b.status === "rejected").length).toBe(30 - started);
  });

  it("a later end date reopens an ended page", async () => {
    const page = await createPage({ title: "Soldes", amount_type: "fixed", amount: 1000, ends_at: new Date(Date.now() + 1500).toISOString() });
    await new Promise((r) => setTimeout(r, 1600));
    expect((await call(item.GET, "GET", `/v1/payment-pages/${page.id}`, { key })).body).toMatchObject({ status: "ended" });
    expect((await patch(page.id, { ends_at: "2099-06-01T12:00:00+01:00" })).body).toMatchObject({ status: "open", ends_at: "2099-06-01T11:00:00.000Z" });
  });

  it("a viewer may not change or reopen a page; another account's page is not found", async () => {
    const page = await createPage({ title: "Cotisation", amount_type: "custom" });
    const viewer = await addMember(accountId, "viewer");
    const headers = await sessionHeaders(accountId, viewer.userId);
    const refused = { status: 403, body: { detail: { message: "Your role on this account (viewer) does not allow this action: it needs admin or above", type: "INSUFFICIENT_ROLE" } } };
    expect(reply(await patch(page.id, { title: "X" }, { headers }))).toEqual(refused);
    expect(reply(await call(reopenRoute.POST, "POST", `/v1/payment-pages/${page.id}/reopen`, { headers }))).toEqual(refused);
    const other = await newAccount("CMR");
    const notFound = { status: 404, body: { detail: { message: "Payment page not found", type: "PAYMENT_PAGE_NOT_FOUND" } } };
    expect(reply(await patch(page.id, { title: "X" }, { key: other.key }))).toEqual(notFound);
    expect(reply(await call(reopenRoute.POST, "POST", `/v1/payment-pages/${page.id}/reopen`, { key: other.key }))).toEqual(notFound);
  });
});

describe("POST /v1/payment-pages/{page_id}/reopen", () => {
  it("a closed page takes payments again; reopening an open page changes nothing", async () => {
    const page = await createPage({ title: "Tontine", amount_type: "custom", min_amount: 500, max_amount: 5000 });
    const closed = await call(closeRoute.POST, "POST", `/v1/payment-pages/${page.id}/close`, { key });
    expect(closed.body).toMatchObject({ status: "closed", closed_at: UTC });
    const reopened = await call(reopenRoute.POST, "POST", `/v1/payment-pages/${page.id}/reopen`, { key });
    expect(reply(reopened)).toEqual({ status: 200, body: { ...page, status: "open", closed_at: null } });
    expect(reply(await call(reopenRoute.POST, "POST", `/v1/payment-pages/${page.id}/reopen`, { key }))).toEqual(reply(reopened));
    const paid = await hit(payJson.POST, { id: page.id }, `/api/checkout/pp/${page.id}`, { json: { ...buyer(), amount: 1000 } });
    expect(paid.status).toBe(200);
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import * as stallPage from "@/app/s/[code]/route";
import * as stallQr from "@/app/s/[code]/qr.png/route";
import * as statusPage from "@/app/s/[code]/p/[request_id]/route";
import * as statusJson from "@/app/s/[code]/p/[request_id]/status/route";
import * as requests from "@/app/v1/payment-requests/[request_id]/route";
import * as collection from "@/app/v1/stalls/route";
import * as one from "@/app/v1/stalls/[stall_id]/route";
import { formatMoney } from "@/lib/core/money";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { getDb } from "@/lib/db/client";
import { accounts, deposits, paymentRequests, stalls } from "@/lib/db/schema";
import { addressSubject } from "@/lib/http/client-address";
import { hit } from "@/lib/http/rate-limit";
import { pushLimits } from "@/lib/payment-requests/limits";
import { pushRequests } from "@/lib/payment-requests/push";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { addMember, sessionHeaders } from "@/test/support/accounts";
import { call, newAccount, type Reply } from "@/test/support/api";

// Stalls: the API's table (whole bodies, role rules), then the buyer's page at /s/{code} — its form,
// the submit's answers (422 with the words, 303, one request for a double submit, 429), the status
// page and its public JSON — in test mode, paid through the sandbox's signed callback.

type Stall = Record<string, unknown> & { id: string; code: string };
let merchant: { accountId: string; key: string };
let cashier: { userId: string; email: string };
let cashierHeaders: Record<string, string>;
const delivered: Promise<Response>[] = [];

beforeAll(async () => {
  merchant = await newAccount("CMR");
  cashier = await addMember(merchant.accountId, "cashier");
  cashierHeaders = await sessionHeaders(merchant.accountId, cashier.userId);
});

afterEach(() => {
  setSandboxTransport(undefined);
  delivered.length = 0;
});

function sandboxCallbacks() {
  setSandboxTransport(
    async (path, raw, signature) => {
      delivered.push(
        callback.POST(new Request(`http://kola.test${path}`, { method: "POST", headers: { "x-kola-signature": signature }, body: raw }), {
          params: Promise.resolve({ provider: "sandbox" }),
        }),
      );
    },
    () => 0,
  );
}

/** Waits for the sandbox's callback (its timer may fire a little later) and its handling. */
async function settled(): Promise<void> {
  await vi.waitFor(() => expect(delivered.length).toBeGreaterThan(0), { timeout: 5_000, interval: 10 });
  await Promise.all(delivered);
}

const api = (method: string, path: string, options: { json?: unknown; headers?: Record<string, string>; key?: string | null } = {}) => {
  const handler = path.split("/").length > 3 ? one[method as "GET"] : collection[method as "GET"];
  return call(handler, method, path, { key: options.headers ? null : (options.key ?? merchant.key), json: options.json, headers: options.headers });
};

function expectBody(reply: Reply, status: number) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply.body as Record<string, unknown>;
}

type Page = { status: number; headers: Headers; text: string };

/** A stall route called as Next.js calls it: its params, a form body, the buyer's address. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route names its own params
async function page(handler: (req: Request, ctx: { params: Promise<any> }) => Promise<Response>, method: string, path: string, params: Record<string, string>, form?: Record<string, string>, address = "10.1.1.1"): Promise<Page> {
  const headers: Record<string, string> = { "x-forwarded-for": address, "accept-language": "fr-FR" };
  let body: string | undefined;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  }
  const res = await handler(new Request(`http://kola.test${path}`, { method, headers, body }), { params: Promise.resolve(params) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const tokenOf = (html: string) => /name="client_token" value="([^"]+)"/.exec(html)![1]!;

/** The stall's form as a buyer sees it, and what it posts. */
async function openForm(code: string): Promise<{ form: Page; token: string }> {
  const form = await page(stallPage.GET, "GET", `/s/${code}`, { code });
  expect(form.status).toBe(200);
  return { form, token: tokenOf(form.text) };
}

describe("the stall API", () => {
  let own: Stall;
  let mine: Stall;

  it("opens the account's own stall and a cashier's, one of each (whole bodies)", async () => {
    own = expectBody(await api("POST", "/v1/stalls", { json: { min_amount: 100, max_amount: 50000 } }), 200) as Stall;
    const [row] = await (await getDb()).select().from(stalls).where(eq(stalls.id, own.id));
    expect(own).toEqual({
      id: row!.id,
      code: expect.stringMatching(/^[0-9a-hjkmnp-tv-z]{10}$/),
      url: `http://kola.test/s/${row!.code}`,
      qr_url: `http://kola.test/s/${row!.code}/qr.png`,
      name: "",
      currency: "XAF",
      min_amount: 100,
      max_amount: 50000,
      user: null,
      created_at: row!.createdAt.toISOString(),
    });
    mine = expectBody(await api("POST", "/v1/stalls", { json: { name: "Caisse 2", min_amount: 500, max_amount: 20000, user_id: cashier.userId } }), 200) as Stall;
    expect(mine).toEqual({ ...own, id: mine.id, code: mine.code, url: `http://kola.test/s/${mine.code}`, qr_url: `http://kola.test/s/${mine.code}/qr.png`, name: "Caisse 2", min_amount: 500, max_amount: 20000, user: { id: cashier.userId, name: cashier.email }, created_at: mine.created_at });
    const again = await api("POST", "/v1/stalls", { json: { min_amount: 100, max_amount: 1000, user_id: cashier.userId } });
    expect([again.status, again.body]).toEqual([409, { detail: { message: expect.stringContaining("open stall"), type: "STALL_EXISTS" } }]);
  });

  it.each([
    ["bounds out of the currency's", { min_amount: 5, max_amount: 20_000_000 }, [
      { loc: ["body", "min_amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal", ctx: { ge: 100 } },
      { loc: ["body", "max_amount"], msg: "Input should be less than or equal to 10000000", type: "less_than_equal", ctx: { le: 10000000 } },
    ]],
    ["a maximum below the minimum", { min_amount: 5000, max_amount: 1000 }, [
      { loc: ["body", "max_amount"], msg: "Input should be greater than or equal to 5000", type: "greater_than_equal", ctx: { ge: 5000 } },
    ]],
    ["a member who is not a cashier, and bounds", { min_amount: 5, max_amount: 1000, user_id: "00000000-0000-4000-8000-000000000000" }, [
      { loc: ["body", "min_amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal", ctx: { ge: 100 } },
      { loc: ["body", "user_id"], msg: "Value error, not a member of role cashier of this account", type: "value_error", ctx: { error: "not a member of role cashier of this account" } },
    ]],
  ])("refuses %s with every problem at once (422)", async (_what, json, detail) => {
    expect(await api("POST", "/v1/stalls", { json })).toMatchObject({ status: 422, body: { detail } });
  });

  it("lets a cashier read its own stall only, and change none", async () => {
    const listed = expectBody(await api("GET", "/v1/stalls"), 200) as unknown as Stall[];
    expect(listed).toEqual([own, mine]);
    const cashierList = await api("GET", "/v1/stalls", { headers: cashierHeaders });
    expect([cashierList.status, cashierList.body]).toEqual([200, [mine]]);
    expect((await api("GET", `/v1/stalls/${mine.id}`, { headers: cashierHeaders })).body).toEqual(mine);
    const notTheirs = await api("GET", `/v1/stalls/${own.id}`, { headers: cashierHeaders });
    expect([notTheirs.status, notTheirs.body]).toEqual([404, { detail: { message: "Stall not found", type: "STALL_NOT_FOUND" } }]);
    for (const [method, path, json] of [
      ["POST", "/v1/stalls", { min_amount: 100, max_amount: 1000 }],
      ["PATCH", `/v1/stalls/${mine.id}`, { max_amount: 1000 }],
      ["DELETE", `/v1/stalls/${mine.id}`, undefined],
    ] as const) {
      const refused = await api(method, path, { headers: cashierHeaders, json });
      expect([refused.status, (refused.body as { detail: { type: string } }).detail.type]).toEqual([403, "INSUFFICIENT_ROLE"]);
    }
  });

  it("changes a stall's name and bounds (its code stays), then archives it and opens a new one", async () => {
    const changed = expectBody(await api("PATCH", `/v1/stalls/${mine.id}`, { json: { name: "Caisse 3", max_amount: 30000 } }), 200);
    expect(changed).toEqual({ ...mine, name: "Caisse 3", max_amount: 30000 });
    const refused = await api("PATCH", `/v1/stalls/${mine.id}`, { json: { min_amount: 40000 } });
    expect(refused).toMatchObject({ status: 422, body: { detail: [{ loc: ["body", "min_amount"], type: "less_than_equal", ctx: { le: 30000 } }] } });
    expect(expectBody(await api("DELETE", `/v1/stalls/${mine.id}`), 200)).toEqual({ id: mine.id, archived: true });
    expect((await api("GET", `/v1/stalls/${mine.id}`)).status).toBe(404);
    expect((await api("DELETE", `/v1/stalls/${mine.id}`)).status).toBe(404);
    const closed = await page(stallPage.GET, "GET", `/s/${mine.code}`, { code: mine.code });
    expect([closed.status, closed.text.includes("Ce comptoir n’existe plus")]).toEqual([404, true]);
    const reopened = expectBody(await api("POST", "/v1/stalls", { json: { min_amount: 100, max_amount: 50000, user_id: cashier.userId } }), 200) as Stall;
    expect(reopened.code).not.toBe(mine.code);
    expect((await api("GET", "/v1/stalls", { headers: cashierHeaders })).body).toEqual([reopened]);
    const qr = await stallQr.GET(new Request(`http://kola.test/s/${reopened.code}/qr.png`), { params: Promise.resolve({ code: reopened.code }) });
    expect([qr.status, qr.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect((await stallQr.GET(new Request("http://kola.test/s/x/qr.png"), { params: Promise.resolve({ code: mine.code }) })).status).toBe(404);
  });
});

describe("the buyer's stall page", () => {
  let shop: { accountId: string; key: string };
  let stall: Stall;
  let seller: { userId: string; email: string };

  beforeAll(async () => {
    shop = await newAccount("CMR");
    // a hostile business name: every page shows it escaped
    await (await getDb()).update(accounts).set({ businessName: "<script>alert(1)</script> Chez Awa" }).where(eq(accounts.id, shop.accountId));
    seller = await addMember(shop.accountId, "cashier");
    stall = expectBody(await api("POST", "/v1/stalls", { key: shop.key, json: { min_amount: 100, max_amount: 50000, user_id: seller.userId } }), 200) as Stall;
  });

  it("shows the bounds, the operators and no phone; the shop's name escaped", async () => {
    const { form } = await openForm(stall.code);
    expect(form.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(form.headers.get("cache-control")).toBe("no-store");
    expect(form.text).toContain(`Entre 100 et ${formatMoney(50000, "XAF", "fr")}`);
    expect(form.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Chez Awa");
    expect(form.text).not.toContain("<script>alert");
    expect(form.text).toContain('<option value="">Selon mon numéro</option><option value="MTN_MOMO_CMR" data-p="67 650 651 652 653 654 680 681 682 683 684">MTN</option>');
    expect(form.text).toContain(">Payer</button>");
    const english = await stallPage.GET(new Request(`http://kola.test/s/${stall.code}?lang=en`), { params: Promise.resolve({ code: stall.code }) });
    expect(await english.text()).toContain(`Between ${formatMoney(100, "XAF", "en")} and ${formatMoney(50000, "XAF", "en")}`);
  });

  it("answers an amount out of bounds and a bad number with the form and every problem (422)", async () => {
    const { token } = await openForm(stall.code);
    const refused = await page(stallPage.POST, "POST", `/s/${stall.code}`, { code: stall.code }, { amount: "60000", phone: "12", operator: "", client_token: token });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(`<p class="err" id="err-amount">Choisissez un montant entre 100 et ${formatMoney(50000, "XAF", "fr")}.</p>`);
    expect(refused.text).toContain('<p class="err" id="err-phone">Ce numéro ne semble pas valide.');
    expect(refused.text).toContain("Certaines informations sont à corriger.");
    expect(refused.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(refused.text).not.toContain("<script>alert");
    // nothing was made, so the corrected form keeps its token
    expect(tokenOf(refused.text)).toBe(token);
    const none = await (await getDb()).select().from(paymentRequests).where(eq(paymentRequests.stallId, stall.id));
    expect(none).toEqual([]);
  });

  it("makes a stall request collected by the stall's cashier; the status page and its JSON say what the buyer may know", async () => {
    sandboxCallbacks();
    const { token } = await openForm(stall.code);
    const posted = await page(stallPage.POST, "POST", `/s/${stall.code}`, { code: stall.code }, { amount: "2 500", phone: "6 70 00 00 00", operator: "", client_token: token }, "10.1.1.2");
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location")!;
    const [, id] = /^\/s\/[0-9a-z]{10}\/p\/([0-9a-f-]{36})\?lang=fr$/.exec(location)!;
    const request = expectBody(await call(requests.GET, "GET", `/v1/payment-requests/${id}`, { key: shop.key }), 200);
    expect(request).toMatchObject({ channel: "stall", stall_id: stall.id, amount: 2500, operator: "MTN_MOMO_CMR", status: "pending", delivery: "push", collected_by: { type: "member", id: seller.userId, name: seller.email } });

    const waiting = await page(statusPage.GET, "GET", `/s/${stall.code}/p/${id}`, { code: stall.code, request_id: id! });
    expect(waiting.status).toBe(200);
    expect(waiting.text).toContain("Validez le paiement sur votre téléphone (code secret)");
    expect(waiting.text).toContain('<noscript><meta http-equiv="refresh" content="3"></noscript>');
    expect(waiting.text).toContain("+237\u00a0•••\u00a000");
    expect(waiting.text).not.toMatch(/670\s?000\s?000|6 70 00 00 00|237670000000/);

    const status = (request_id: string, code = stall.code, query = "") => page(statusJson.GET, "GET", `/s/${code}/p/${request_id}/status${query}`, { code, request_id });
    expect(JSON.parse((await status(id!)).text)).toEqual({ status: "pending" });
    await pushRequests();
    await settled();
    const paid = JSON.parse((await status(id!, stall.code, "?wait=5&status=pending")).text);
    // the receipt code is the paid deposit's (written at settlement), formatted as the receipt page reads it
    const [deposit] = await (await getDb()).select().from(deposits).where(and(eq(deposits.paymentGatewayId, String(request.gateway_id)), eq(deposits.status, "success")));
    const code = deposit!.receiptCode ? formatReceiptCode(deposit!.receiptCode) : null;
    expect(paid).toEqual({ status: "paid", receipt_code: code });
    const receipt = await page(statusPage.GET, "GET", `/s/${stall.code}/p/${id}`, { code: stall.code, request_id: id! });
    expect(receipt.text).toContain("Paiement reçu ✔");
    expect(receipt.text).toContain(`${formatMoney(2500, "XAF", "fr")}</dd>`);
    if (code) {
      expect(receipt.text).toContain(`<code class="ref code">${code}</code>`);
      expect(receipt.text).toContain(`href="/r/${code.replace("-", "")}?lang=fr"`);
    }
    expect(receipt.text).not.toMatch(/670\s?000\s?000|237670000000/);

    // only for a request of that stall
    const other = expectBody(await api("POST", "/v1/stalls", { key: shop.key, json: { min_amount: 100, max_amount: 1000 } }), 200) as Stall;
    const elsewhere = await status(id!, other.code);
    expect([elsewhere.status, JSON.parse(elsewhere.text)]).toEqual([404, { detail: { message: "Payment request not found", type: "PAYMENT_REQUEST_NOT_FOUND" } }]);
    expect((await status("not-a-uuid")).status).toBe(404);
  });

  it("says why a payment failed and offers to try again with the amount and number kept", async () => {
    sandboxCallbacks();
    const { token } = await openForm(stall.code);
    const posted = await page(stallPage.POST, "POST", `/s/${stall.code}`, { code: stall.code }, { amount: "1000", phone: "670000001", operator: "MTN_MOMO_CMR", client_token: token }, "10.1.1.3");
    const id = /\/p\/([0-9a-f-]{36})/.exec(posted.headers.get("location")!)![1]!;
    await pushRequests();
    await settled();
    const failed = await page(statusPage.GET, "GET", `/s/${stall.code}/p/${id}`, { code: stall.code, request_id: id });
    expect(failed.text).toContain("Le solde de votre compte mobile money est insuffisant.");
    expect(failed.text).toContain(`href="/s/${stall.code}?lang=fr&amp;from=${id}"`);
    const retry = await page(stallPage.GET, "GET", `/s/${stall.code}?lang=fr&from=${id}`, { code: stall.code });
    expect(retry.text).toContain('name="amount" value="1000"');
    expect(retry.text).toContain('name="phone" value="6 70 00 00 01"');
    expect(retry.text).toContain('<option value="MTN_MOMO_CMR" selected');
  });

  it("makes one request of a double submit: both land on its status page", async () => {
    setSandboxTransport(async () => {});
    const { token } = await openForm(stall.code);
    const form = { amount: "3000", phone: "670000022", operator: "", client_token: token };
    const [a, b] = await Promise.all([
      page(stallPage.POST, "POST", `/s/${stall.code}`, { code: stall.code }, form, "10.1.1.4"),
      page(stallPage.POST, "POST", `/s/${stall.code}`, { code: stall.code }, form, "10.1.1.4"),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    const made = await (await getDb()).select().from(paymentRequests).where(and(eq(paymentRequests.stallId, stall.id), eq(paymentRequests.phoneNumber, "237670000022")));
    expect(made).toHaveLength(1);
    // the same form sent again later: still that one request
    const later = await page(stallPage.POST, "POST", `/s/${stall.code}`, { code: stall.code }, form, "10.1.1.4");
    expect([later.status, later.headers.get("location")]).toEqual([303, a.headers.get("location")]);
  });

  it("refuses a buyer's address past its limit: 429 with Retry-After and the words", async () => {
    const address = "10.1.9.9";
    for (let i = 0; i < pushLimits.address.max; i++) await hit(pushLimits.address, addressSubject(address));
    const { token } = await openForm(stall.code);
    const limited = await page(stallPage.POST, "POST", `/s/${stall.code}`, { code: stall.code }, { amount: "1000", phone: "670000033", operator: "", client_token: token }, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.text).toMatch(/Trop de tentatives, réessayez dans \d+\u00a0minutes\./);
    // the claimed token is spent: the form comes back with a new one
    expect(tokenOf(limited.text)).not.toBe(token);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as submitMarketJson from "@/app/api/checkout/pay/m/[id]/route";
import * as marketPage from "@/app/pay/m/[id]/route";
import * as one from "@/app/v1/api/marketplace/gateway/[gateway_id]/route";
import * as transactions from "@/app/v1/api/marketplace/gateway/[gateway_id]/transactions/route";
import * as unarchive from "@/app/v1/api/marketplace/gateway/[gateway_id]/unarchive/route";
import * as gateways from "@/app/v1/api/marketplace/gateway/route";
import { hit, merchantWithMarketplace } from "@/test/support/checkout";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { call } from "@/test/support/api";

// Editing, archiving and unarchiving marketplace links.

const NOT_FOUND = { detail: { message: "Payment Gateway Not found", type: "GATEWAY_NOT_FOUND" } };

afterEach(() => setSandboxTransport(undefined));

const put = (key: string, id: string, json: unknown) => call(one.PUT, "PUT", `/v1/api/marketplace/gateway/${id}`, { key, json });
const get = (key: string, id: string) => call(one.GET, "GET", `/v1/api/marketplace/gateway/${id}`, { key });
const archive = (key: string, id: string) => call(one.DELETE, "DELETE", `/v1/api/marketplace/gateway/${id}`, { key });
const restore = (key: string, id: string) => call(unarchive.POST, "POST", `/v1/api/marketplace/gateway/${id}/unarchive`, { key });
const list = (key: string, query = "") => call(gateways.GET, "GET", `/v1/api/marketplace/gateway${query}`, { key });
const buy = (id: string, phone = "670000010") =>
  hit(submitMarketJson.POST, { id }, `/api/checkout/pay/m/${id}?lang=fr`, {
    json: { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: randomUUID().replaceAll("-", ""), full_name: "Awa Ndiaye", email: "awa@example.com", answers: {} },
  });

async function market() {
  return merchantWithMarketplace({ form_blocks: JSON.stringify({ blocks: [] }) });
}

describe("PUT /v1/api/marketplace/gateway/{gateway_id}", () => {
  it("changes only the fields sent and answers the link as GET shows it", async () => {
    const { key, link } = await market();
    const res = await put(key, link.id, { amount: 12000, shop_name: "  Atelier Fatou & fils ", message: "Sandales, taille 40", favicon: "https://cdn.example.com/f.png" });
    const expected = { ...link, amount: 12000, shop_name: "Atelier Fatou & fils", message: "Sandales, taille 40", favicon: "https://cdn.example.com/f.png" };
    expect([res.status, res.body]).toEqual([200, expected]);
    expect((await get(key, link.id)).body).toEqual(expected);
    // the fee was not sent: it stays; an empty favicon removes the link's own
    const again = await put(key, link.id, { favicon: "", fee: 300 });
    expect(again.body).toEqual({ ...expected, favicon: "", fee: 300 });
    // an empty body changes nothing
    expect((await put(key, link.id, {})).body).toEqual({ ...expected, favicon: "", fee: 300 });
  });

  it("a new seller phone of another XAF country moves the link's country; another currency is refused", async () => {
    const { key, link } = await market();
    const moved = await put(key, link.id, { phone_number: "+242 06 612 3456" });
    expect([moved.status, moved.body]).toEqual([200, { ...link, phone_number: "242066123456", country: "COG" }]);
    const other = await put(key, link.id, { phone_number: "+221 77 123 45 67" });
    expect([other.status, other.body]).toEqual([
      422,
      { detail: [{ loc: ["body", "phone_number"], msg: "Value error, the seller's number must be of a country paying in XAF, the link's currency", type: "value_error" }] },
    ]);
  });

  it.each([
    ["amount below the bound", { amount: 50 }, [{ loc: ["body", "amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal", ctx: { ge: 100 } }]],
    ["amount not an integer", { amount: 12.5 }, [{ loc: ["body", "amount"], msg: "Input should be a valid integer, got a number with a fractional part", type: "int_from_float" }]],
    ["empty shop_name", { shop_name: "  " }, [{ loc: ["body", "shop_name"], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } }]],
    ["negative fee", { fee: -1 }, [{ loc: ["body", "fee"], msg: "Input should be greater than or equal to 0", type: "greater_than_equal", ctx: { ge: 0 } }]],
    ["amount + fee above the bound", { fee: 10_000_000 }, [{ loc: ["body", "fee"], msg: "Input should be less than or equal to 10000000", type: "less_than_equal", ctx: { le: 10000000 } }]],
    ["an http favicon", { favicon: "http://cdn.example.com/f.png" }, [{ loc: ["body", "favicon"], msg: "Value error, must be an https URL, or empty to remove it", type: "value_error", ctx: { error: "must be an https URL, or empty to remove it" } }]],
    [
      "a phone that is no phone",
      { phone_number: "12" },
      [{ loc: ["body", "phone_number"], msg: "Value error, not a valid mobile number of a supported country (use the international format, e.g. +237 6 70 00 00 00)", type: "value_error" }],
    ],
  ])("%s → 422, nothing changed", async (_name, body, detail) => {
    const { key, link } = await market();
    const res = await put(key, link.id, body);
    expect([res.status, res.body]).toEqual([422, { detail }]);
    expect((await get(key, link.id)).body).toEqual(link);
  });

  it("another account's link, an unknown id and an archived link → 404", async () => {
    const { key, link } = await market();
    const other = await market();
    expect((await put(other.key, link.id, { amount: 2000 })).body).toEqual(NOT_FOUND);
    expect((await put(key, randomUUID(), { amount: 2000 })).body).toEqual(NOT_FOUND);
    await archive(key, link.id);
    const res = await put(key, link.id, { amount: 2000 });
    expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
  });

  it("an attempt started before a price change keeps its price", async () => {
    const { key, link } = await market();
    setSandboxTransport(async () => {}, () => 0); // the provider never answers: the attempt stays pending
    const started = await buy(link.id);
    expect(started.status).toBe(200);
    await put(key, link.id, { amount: 20000 });
    const db = await getDb();
    const [row] = await db.select({ amount: deposits.amount, status: deposits.status }).from(deposits).where(eq(deposits.marketplaceGatewayId, link.id));
    expect(row).toEqual({ amount: (link.amount as number) + (link.fee as number), status: "pending" });
  });
});

describe("archive and unarchive", () => {
  it("archive hides the link from the API, its page refuses new buyers, unarchive brings it back", async () => {
    const { key, link } = await market();
    const archived = await archive(key, link.id);
    expect([archived.status, archived.body]).toEqual([200, { id: link.id, deleted: true }]);
    expect((await get(key, link.id)).body).toEqual(NOT_FOUND);
    expect((await list(key)).body).toEqual([]);
    expect((await list(key, "?archived=true")).body).toEqual([link]);
    // past transactions stay readable
    expect((await call(transactions.GET, "GET", `/v1/api/marketplace/gateway/${link.id}/transactions`, { key })).status).toBe(200);
    // the buyer's page: a clear "no longer available", and a submit is refused with no deposit made
    const page = await hit(marketPage.GET, { id: link.id }, `/pay/m/${link.id}?lang=fr`);
    expect(page.status).toBe(410);
    expect(page.text).toContain("Ce lien de paiement n’est plus disponible");
    expect(page.text).not.toContain("<form");
    const refused = await buy(link.id);
    expect(refused.status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(deposits).where(eq(deposits.marketplaceGatewayId, link.id))).toEqual([]);
    // archiving again: already archived → 404
    expect((await archive(key, link.id)).body).toEqual(NOT_FOUND);

    const back = await restore(key, link.id);
    expect([back.status, back.body]).toEqual([200, link]);
    expect((await list(key)).body).toEqual([link]);
    expect((await list(key, "?archived=true")).body).toEqual([]);
    expect((await hit(marketPage.GET, { id: link.id }, `/pay/m/${link.id}?lang=fr`)).status).toBe(200);
    // unarchiving a live link returns it as it is
    expect((await restore(key, link.id)).body).toEqual(link);
  });

  it("another account can neither archive nor unarchive the link", async () => {
    const { key, link } = await market();
    const other = await market();
    expect((await archive(other.key, link.id)).body).toEqual(NOT_FOUND);
    await archive(key, link.id);
    expect((await restore(other.key, link.id)).body).toEqual(NOT_FOUND);
    expect((await get(key, link.id)).body).toEqual(NOT_FOUND);
  });
});

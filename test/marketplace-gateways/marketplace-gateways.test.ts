import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as deposit from "@/app/v1/api/deposit/get_transaction/route";
import * as transactions from "@/app/v1/api/marketplace/gateway/[gateway_id]/transactions/route";
import * as gateways from "@/app/v1/api/marketplace/gateway/route";
import { createApiKey } from "@/lib/accounts/create-account";
import { getDb } from "@/lib/db/client";
import { deposits, marketplaceGateways } from "@/lib/db/schema";
import { call, newAccount } from "@/test/support/api";
import { file, ico, png, tempDataDir } from "@/test/support/files";
import { createMarketplace, updateMarketplace, type Parts } from "@/test/support/marketplace";
import { formBlock, SIZE_BLOCKS, SIZE_BLOCKS_OUT } from "@/test/support/marketplace-bodies";
import { defaultFee } from "@/lib/marketplace-gateways/create-marketplace-gateway";
import { recordMarketplaceTransaction, type Buyer } from "@/lib/marketplace-gateways/record-transaction";

tempDataDir();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const GATEWAY_NOT_FOUND = { detail: { message: "Payment Gateway Not found", type: "GATEWAY_NOT_FOUND" } };
const MARKETPLACE_NOT_FOUND = { detail: { message: "Marketplace not found", type: "MARKETPLACE_NOT_FOUND" } };
const PHONE_ERROR = {
  loc: ["body", "phone_number"],
  msg: "Value error, not a valid mobile number of a supported country (use the international format, e.g. +237 6 70 00 00 00)",
  type: "value_error",
  ctx: { error: "not a valid mobile number of a supported country (use the international format, e.g. +237 6 70 00 00 00)" },
};
const NOPE = "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `n` at 1";
const badUuid = (loc: (string | number)[], error: string) => ({ loc, msg: `Input should be a valid UUID, ${error}`, type: "uuid_parsing", ctx: { error } });

type Gateway = { id: string; [k: string]: unknown };

const create = (key: string | null, json: unknown) => call(gateways.POST, "POST", "/v1/api/marketplace/gateway", { key, json });
const list = (key: string | null, query = "") => call(gateways.GET, "GET", `/v1/api/marketplace/gateway${query}`, { key });
const listTransactions = (key: string | null, id: string, query = "") =>
  call(transactions.GET, "GET", `/v1/api/marketplace/gateway/${id}/transactions${query}`, { key });

/** A fresh account with a marketplace made of `parts`. */
async function seller(parts: Parts = { name: "Marché" }, country: "CMR" | "SEN" | "KEN" = "CMR") {
  const account = await newAccount(country);
  const res = await createMarketplace(account.key, parts);
  expect(res.status).toBe(200);
  return { ...account, marketplace: res.body as { id: string; [k: string]: unknown } };
}

async function gatewayRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(marketplaceGateways).where(eq(marketplaceGateways.id, id));
  return row!;
}

/** The whole body of a link of the marketplace `marketplaceId`, created with the default branding. */
function linkBody(res: { body: unknown }, marketplaceId: string, fields: Record<string, unknown>) {
  const id = (res.body as Gateway).id;
  return {
    id: expect.stringMatching(UUID),
    amount: 1000,
    currency: "XAF",
    country: "CMR",
    fee: 0,
    shop_name: "Vendeur",
    phone_number: "237670000000",
    marketplace_id: marketplaceId,
    link: `http://kola.test/pay/m/${id}`,
    creation_date: expect.stringMatching(ISO_Z),
    marketplace_logo: "",
    marketplace_color: "#0f766e",
    message: "",
    favicon: "",
    form_blocks: [],
    marketplace_favicon: "",
    ...fields,
  };
}

const awa: Buyer = { fullName: "Awa Ndiaye", email: "awa@example.com", phoneNumber: "237670000011", country: "CMR", operator: "MTN_MOMO_CMR" };
const moussa: Buyer = { fullName: "Moussa Diop", email: "moussa@example.sn", phoneNumber: "221771234567", country: "SEN", operator: "WAVE_SEN" };
/** A transaction's `buyer` as the API shows it, with the names of its country and operator. */
const buyerView = (b: Buyer, countryName: string, operatorName: string) => ({
  buyer_id: expect.stringMatching(UUID),
  full_name: b.fullName,
  email: b.email,
  phone_number: b.phoneNumber,
  country: { name: countryName, iso_code: b.country },
  operator: { name: operatorName, value: b.operator },
});

describe("POST /v1/api/marketplace/gateway", () => {
  it("creates a link: country and currency from the seller's phone, the marketplace's branding copied", async () => {
    const { key, marketplace } = await seller({ name: "Marché", color: "#ABC", fee: "2.5" });
    const res = await create(key, { amount: 10000, shop_name: "  Chez Fatou ", phone_number: "+237 6 70 00 00 00", message: "Pagne wax" });
    expect(res.status).toBe(200);
    const id = (res.body as Gateway).id;
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      amount: 10000,
      currency: "XAF",
      country: "CMR",
      fee: 250,
      shop_name: "Chez Fatou",
      phone_number: "237670000000",
      marketplace_id: marketplace.id,
      link: `http://kola.test/pay/m/${id}`,
      creation_date: expect.stringMatching(ISO_Z),
      marketplace_logo: "",
      marketplace_color: "#aabbcc",
      message: "Pagne wax",
      favicon: "",
      form_blocks: [],
      marketplace_favicon: "",
    });
    expect((await list(key)).body).toEqual([res.body]);
  });

  it.each([
    { phone: "+237 6 70 00 00 00", digits: "237670000000", country: "CMR", currency: "XAF", amount: 5000 },
    { phone: "237670000000", digits: "237670000000", country: "CMR", currency: "XAF", amount: 5000 },
    { phone: "237-670-000-000", digits: "237670000000", country: "CMR", currency: "XAF", amount: 5000 },
    { phone: "+237 670-00-00-00", digits: "237670000000", country: "CMR", currency: "XAF", amount: 5000 },
    { phone: "+221 77 123 45 67", digits: "221771234567", country: "SEN", currency: "XOF", amount: 5000 },
    { phone: "221771234567", digits: "221771234567", country: "SEN", currency: "XOF", amount: 5000 },
    { phone: "+225 07 07 12 34 56", digits: "2250707123456", country: "CIV", currency: "XOF", amount: 5000 },
    { phone: "+254 712 345 678", digits: "254712345678", country: "KEN", currency: "KES", amount: 150050 },
    { phone: "254-712-345-678", digits: "254712345678", country: "KEN", currency: "KES", amount: 1 },
    { phone: "+250 788 123 456", digits: "250788123456", country: "RWA", currency: "RWF", amount: 1 },
    { phone: "+243 81 234 5678", digits: "243812345678", country: "COD", currency: "CDF", amount: 1 },
  ])("phone $phone → $country/$currency, stored as $digits", async ({ phone, digits, country, currency, amount }) => {
    const { key, marketplace } = await seller();
    const res = await create(key, { amount, shop_name: "Vendeur", phone_number: phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(linkBody(res, marketplace.id, { amount, currency, country, phone_number: digits }));
  });

  // lax input and the optional currency (DESIGN §9): the link's currency is the seller phone's
  it.each([
    { name: "amount and fee as digits", body: { amount: "10000", fee: "250.0" }, expected: { amount: 10000, fee: 250 } },
    { name: "null fee and message: not given", body: { amount: 10000, fee: null, message: null }, expected: { amount: 10000, fee: 250 } },
    { name: "the phone's currency", body: { amount: 10000, currency: "XAF" }, expected: { amount: 10000, fee: 250 } },
    { name: "the phone's currency in lower case", body: { amount: 10000, currency: "xaf" }, expected: { amount: 10000, fee: 250 } },
  ])("$name → 200", async ({ body, expected }) => {
    const { key, marketplace } = await seller({ name: "Marché", fee: "2.5" });
    const res = await create(key, { shop_name: "Vendeur", phone_number: "+237670000000", ...body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(linkBody(res, marketplace.id, expected));
  });

  it.each([
    { phone: "+237670000000", currency: "CDF", expected: "'XAF'" },
    { phone: "+250 788 123 456", currency: "XAF", expected: "'RWF'" },
  ])("currency $currency for a seller phone $phone → 422 naming $expected", async ({ phone, currency, expected }) => {
    const { key } = await seller();
    const res = await create(key, { amount: 1000, shop_name: "Vendeur", phone_number: phone, currency });
    expect([res.status, res.body]).toEqual([
      422,
      { detail: [{ loc: ["body", "currency"], msg: `Input should be ${expected}`, type: "literal_error", ctx: { expected } }] },
    ]);
  });

  it("a currency the seller phone's country pays in, other than the account's: RWF → 200", async () => {
    const { key, marketplace } = await seller();
    const res = await create(key, { amount: 1000, shop_name: "Vendeur", phone_number: "+250 788 123 456", currency: "RWF" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(linkBody(res, marketplace.id, { amount: 1000, currency: "RWF", country: "RWA", phone_number: "250788123456" }));
  });

  describe("fee", () => {
    it.each([
      { marketplaceFee: "2.5", amount: 10000, fee: undefined, expected: 250 },
      { marketplaceFee: "0", amount: 10000, fee: undefined, expected: 0 },
      { marketplaceFee: "3.33", amount: 1001, fee: undefined, expected: 33 },
      { marketplaceFee: "2.5", amount: 100, fee: undefined, expected: 3 }, // 2.5 rounds half up
      { marketplaceFee: "1.5", amount: 100, fee: undefined, expected: 2 },
      { marketplaceFee: "50", amount: 999, fee: undefined, expected: 500 },
      { marketplaceFee: "0.01", amount: 100, fee: undefined, expected: 0 },
      { marketplaceFee: "2.5", amount: 10000, fee: 100, expected: 100 },
      { marketplaceFee: "2.5", amount: 10000, fee: 0, expected: 0 },
      { marketplaceFee: "0", amount: 10000, fee: 1234, expected: 1234 },
    ])(
      "marketplace fee $marketplaceFee%, amount $amount, fee $fee → $expected",
      async ({ marketplaceFee, amount, fee, expected }) => {
        const { key, marketplace } = await seller({ name: "Marché", fee: marketplaceFee });
        const res = await create(key, { amount, fee, shop_name: "Vendeur", phone_number: "+237670000000" });
        expect(res.status).toBe(200);
        expect(res.body).toEqual(linkBody(res, marketplace.id, { amount, fee: expected }));
      },
    );

    it.each([
      [10000, 2.5, 250],
      [1001, 3.33, 33],
      [100, 2.5, 3],
      [150, 1, 2],
      [149, 1, 1],
      [10000, 0, 0],
      [123456, 12.34, 15234],
      [1, 50, 1],
      [7, 0.07, 0],
    ])("defaultFee(%d, %d%%) = %d", (amount, percent, fee) => {
      expect(defaultFee(amount, percent)).toBe(fee);
    });
  });

  describe("validation", () => {
    let key: string;
    beforeAll(async () => {
      ({ key } = await seller({ name: "Marché", fee: "50" }));
    });

    const base = { amount: 10000, shop_name: "Vendeur", phone_number: "+237670000000" };
    it.each<{ name: string; body: unknown; detail: unknown[] }>([
      {
        name: "an empty object",
        body: {},
        detail: [
          { loc: ["body", "amount"], msg: "Field required", type: "missing" },
          { loc: ["body", "shop_name"], msg: "Field required", type: "missing" },
          { loc: ["body", "phone_number"], msg: "Field required", type: "missing" },
        ],
      },
      {
        name: "amount as words",
        body: { ...base, amount: "cent" },
        detail: [{ loc: ["body", "amount"], msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing" }],
      },
      {
        name: "a fractional amount",
        body: { ...base, amount: 100.5 },
        detail: [{ loc: ["body", "amount"], msg: "Input should be a valid integer, got a number with a fractional part", type: "int_from_float" }],
      },
      {
        name: "a negative fee",
        body: { ...base, fee: -1 },
        detail: [{ loc: ["body", "fee"], msg: "Input should be greater than or equal to 0", type: "greater_than_equal", ctx: { ge: 0 } }],
      },
      {
        name: "a fractional fee",
        body: { ...base, fee: 1.5 },
        detail: [{ loc: ["body", "fee"], msg: "Input should be a valid integer, got a number with a fractional part", type: "int_from_float" }],
      },
      {
        name: "a blank shop_name",
        body: { ...base, shop_name: "  " },
        detail: [{ loc: ["body", "shop_name"], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } }],
      },
      {
        name: "a shop_name of 101 characters",
        body: { ...base, shop_name: "s".repeat(101) },
        detail: [{ loc: ["body", "shop_name"], msg: "String should have at most 100 characters", type: "string_too_long", ctx: { max_length: 100 } }],
      },
      {
        name: "a message of 501 characters",
        body: { ...base, message: "m".repeat(501) },
        detail: [{ loc: ["body", "message"], msg: "String should have at most 500 characters", type: "string_too_long", ctx: { max_length: 500 } }],
      },
      {
        name: "a phone_number that is a number",
        body: { ...base, phone_number: 237670000000 },
        detail: [{ loc: ["body", "phone_number"], msg: "Input should be a valid string", type: "string_type" }],
      },
      {
        name: "a phone_number of 33 characters",
        body: { ...base, phone_number: "1".repeat(33) },
        detail: [{ loc: ["body", "phone_number"], msg: "String should have at most 32 characters", type: "string_too_long", ctx: { max_length: 32 } }],
      },
      { name: "an invalid phone", body: { ...base, phone_number: "12345" }, detail: [PHONE_ERROR] },
      { name: "a phone with letters", body: { ...base, phone_number: "+237 6 70 OO OO OO" }, detail: [PHONE_ERROR] },
      { name: "a Cameroonian number one digit short", body: { ...base, phone_number: "+237 6 70 00 00 0" }, detail: [PHONE_ERROR] },
      { name: "a French number (unsupported country)", body: { ...base, phone_number: "+33 6 12 34 56 78" }, detail: [PHONE_ERROR] },
      { name: "a Nigerian number (unsupported country)", body: { ...base, phone_number: "+234 803 123 4567" }, detail: [PHONE_ERROR] },
      // a payout wallet lives on a mobile line: landlines are refused
      { name: "a Cameroonian landline", body: { ...base, phone_number: "+237 222 23 45 03" }, detail: [PHONE_ERROR] },
      { name: "a Senegalese landline", body: { ...base, phone_number: "+221 33 823 45 03" }, detail: [PHONE_ERROR] },
      { name: "an Ivorian landline", body: { ...base, phone_number: "+225 27 21 23 45 03" }, detail: [PHONE_ERROR] },
      { name: "a Kenyan landline", body: { ...base, phone_number: "+254 20 2012345" }, detail: [PHONE_ERROR] },
      {
        name: "XAF amount under 100",
        body: { ...base, amount: 99 },
        detail: [{ loc: ["body", "amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal", ctx: { ge: 100 } }],
      },
      {
        name: "XOF amount 0",
        body: { ...base, amount: 0, phone_number: "+221771234567" },
        detail: [{ loc: ["body", "amount"], msg: "Input should be greater than or equal to 100", type: "greater_than_equal", ctx: { ge: 100 } }],
      },
      {
        name: "XAF amount over 10,000,000",
        body: { ...base, amount: 10_000_001, fee: 0 },
        detail: [{ loc: ["body", "amount"], msg: "Input should be less than or equal to 10000000", type: "less_than_equal", ctx: { le: 10000000 } }],
      },
      {
        name: "KES amount 0",
        body: { ...base, amount: 0, phone_number: "+254712345678" },
        detail: [{ loc: ["body", "amount"], msg: "Input should be greater than or equal to 1", type: "greater_than_equal", ctx: { ge: 1 } }],
      },
      {
        name: "KES amount over 10,000,000.00",
        body: { ...base, amount: 1_000_000_001, fee: 0, phone_number: "+254712345678" },
        detail: [{ loc: ["body", "amount"], msg: "Input should be less than or equal to 1000000000", type: "less_than_equal", ctx: { le: 1000000000 } }],
      },
      {
        name: "amount + default fee (50%) over the bound",
        body: { ...base, amount: 10_000_000 },
        detail: [{ loc: ["body", "fee"], msg: "Input should be less than or equal to 10000000", type: "less_than_equal", ctx: { le: 10000000 } }],
      },
      {
        name: "amount + explicit fee over the bound",
        body: { ...base, amount: 9_999_999, fee: 2 },
        detail: [{ loc: ["body", "fee"], msg: "Input should be less than or equal to 10000000", type: "less_than_equal", ctx: { le: 10000000 } }],
      },
    ])("$name → 422", async ({ body, detail }) => {
      const res = await create(key, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail });
    });

    it("the bounds themselves are accepted", async () => {
      expect((await create(key, { ...base, amount: 100, fee: 0 })).status).toBe(200);
      expect((await create(key, { ...base, amount: 10_000_000, fee: 0 })).status).toBe(200);
      expect((await create(key, { ...base, amount: 1, fee: 0, phone_number: "+254712345678" })).status).toBe(200);
      expect((await create(key, { ...base, amount: 1_000_000_000, fee: 0, phone_number: "+254712345678" })).status).toBe(200);
    });

    it("a body that is not JSON → 422 json_invalid", async () => {
      const res = await call(gateways.POST, "POST", "/v1/api/marketplace/gateway", { key, raw: "{amount: 1" });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        detail: [{ loc: ["body", 1], msg: "JSON decode error", type: "json_invalid", ctx: { error: "Expecting property name enclosed in double quotes" } }],
      });
    });
  });

  it("needs a marketplace → 404 MARKETPLACE_NOT_FOUND", async () => {
    const { key } = await newAccount();
    const res = await create(key, { amount: 1000, shop_name: "Vendeur", phone_number: "+237670000000" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(MARKETPLACE_NOT_FOUND);
  });

  it("needs an active marketplace → 409 MARKETPLACE_INACTIVE; active again, it works", async () => {
    const { key } = await seller({ name: "Marché", is_active: "false" });
    const body = { amount: 1000, shop_name: "Vendeur", phone_number: "+237670000000" };
    const res = await create(key, body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: { message: "The marketplace is inactive", type: "MARKETPLACE_INACTIVE" } });
    expect((await list(key)).body).toEqual([]);
    expect((await updateMarketplace(key, { is_active: "true" })).status).toBe(200);
    expect((await create(key, body)).status).toBe(200);
  });

  it("copies branding and form blocks at creation; a later marketplace PATCH does not change them", async () => {
    const { key, marketplace } = await seller({
      name: "Marché",
      color: "#123456",
      fee: "10",
      "logo.0": file(png(), "logo.png", "image/png"),
      "favicon.0": file(ico(), "favicon.ico", "image/x-icon"),
      form_blocks: JSON.stringify(SIZE_BLOCKS),
    });
    const logoUrl = (marketplace.logo as { url: string }).url;
    const faviconUrl = marketplace.favicon as string;
    expect(logoUrl).toMatch(/^http:\/\/kola\.test\/files\/.+\.png$/);
    expect(faviconUrl).toMatch(/^http:\/\/kola\.test\/files\/.+\.ico$/);

    const first = await create(key, { amount: 2000, shop_name: "Vendeur", phone_number: "+237670000000" });
    const copied = {
      marketplace_logo: logoUrl,
      marketplace_color: "#123456",
      favicon: "",
      marketplace_favicon: faviconUrl,
      form_blocks: SIZE_BLOCKS_OUT,
    };
    expect(first.body).toEqual(linkBody(first, marketplace.id, { ...copied, amount: 2000, fee: 200 }));

    const patched = await updateMarketplace(key, {
      color: "#654321",
      fee: "1",
      logo: "https://cdn.example.com/new-logo.png",
      favicon: "https://cdn.example.com/new-favicon.png",
      form_blocks: JSON.stringify({ blocks: [{ type: "email", label: "Courriel", required: true }] }),
    });
    expect(patched.status).toBe(200);

    const second = await create(key, { amount: 2000, shop_name: "Vendeur", phone_number: "+237670000000" });
    expect(second.body).toEqual({
      ...linkBody(second, marketplace.id, { amount: 2000 }),
      marketplace_logo: "https://cdn.example.com/new-logo.png",
      marketplace_color: "#654321",
      marketplace_favicon: "https://cdn.example.com/new-favicon.png",
      fee: 20,
      form_blocks: [formBlock("courriel", "email", "Courriel", { required: true })],
    });
    // newest first; the first link is as it was
    expect((await list(key)).body).toEqual([second.body, first.body]);
  });

  it.each([
    ["no api-key", null, 401, { detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" } }],
    ["an unknown key", `kola_test_${"z".repeat(43)}`, 404, { detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" } }],
  ] as const)("%s → %d", async (_, key, status, body) => {
    const res = await create(key, { amount: 1000, shop_name: "Vendeur", phone_number: "+237670000000" });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
    const listed = await list(key);
    expect(listed.status).toBe(status);
    expect(listed.body).toEqual(body);
    const txs = await listTransactions(key, "00000000-0000-4000-8000-000000000000");
    expect(txs.status).toBe(status);
    expect(txs.body).toEqual(body);
  });
});

describe("GET /v1/api/marketplace/gateway", () => {
  let key: string;
  let email: string;
  let created: Gateway[];

  beforeAll(async () => {
    ({ key, email } = await seller());
    created = [];
    for (let i = 1; i <= 5; i++) {
      const res = await create(key, { amount: 1000 * i, shop_name: `Vendeur ${i}`, phone_number: "+237670000000" });
      created.push(res.body as Gateway);
    }
  });

  it("lists newest first, as a JSON array", async () => {
    const res = await list(key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([...created].reverse());
    expect(res.headers.get("link")).toBeNull();
  });

  it("pages with limit and starting_after, with a Link header while there is more", async () => {
    const newest = [...created].reverse();
    const first = await list(key, "?limit=2");
    expect(first.body).toEqual(newest.slice(0, 2));
    expect(first.headers.get("link")).toBe(
      `<http://kola.test/v1/api/marketplace/gateway?limit=2&starting_after=${newest[1]!.id}>; rel="next"`,
    );
    const second = await list(key, `?limit=2&starting_after=${newest[1]!.id}`);
    expect(second.body).toEqual(newest.slice(2, 4));
    expect(second.headers.get("link")).toBe(
      `<http://kola.test/v1/api/marketplace/gateway?limit=2&starting_after=${newest[3]!.id}>; rel="next"`,
    );
    const last = await list(key, `?limit=2&starting_after=${newest[3]!.id}`);
    expect(last.body).toEqual(newest.slice(4));
    expect(last.headers.get("link")).toBeNull();
    const exact = await list(key, "?limit=5");
    expect(exact.body).toEqual(newest);
    expect(exact.headers.get("link")).toBeNull();
  });

  it.each([
    ["?limit=0", [{ loc: ["query", "limit"], msg: "Input should be greater than or equal to 1", type: "greater_than_equal", ctx: { ge: 1 } }]],
    ["?limit=1001", [{ loc: ["query", "limit"], msg: "Input should be less than or equal to 1000", type: "less_than_equal", ctx: { le: 1000 } }]],
    [
      "?limit=abc",
      [{ loc: ["query", "limit"], msg: "Input should be a valid integer, unable to parse string as an integer", type: "int_parsing" }],
    ],
    ["?starting_after=nope", [badUuid(["query", "starting_after"], NOPE)]],
  ])("%s → 422", async (query, detail) => {
    const res = await list(key, query);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail });
  });

  it("another account and the live mode see none of them", async () => {
    const other = await seller();
    const theirs = await list(other.key);
    expect([theirs.status, theirs.body]).toEqual([200, []]);
    const liveKey = await createApiKey({ email, mode: "live" });
    const live = await list(liveKey.api_key);
    expect([live.status, live.body]).toEqual([200, []]);
  });
});

describe("GET /v1/api/marketplace/gateway without limit: the whole list", () => {
  it("answers every link in one JSON array, newest first, without a Link header", async () => {
    const { key } = await seller();
    const first = await create(key, { amount: 1000, shop_name: "Vendeur", phone_number: "+237670000000" });
    expect(first.status).toBe(200);
    const template = first.body as Gateway & Record<string, unknown>;
    const row = await gatewayRow(template.id);
    // more than two batches of the stream, straight into the database (one created_at for all: the id orders them)
    const db = await getDb();
    const { id: _id, createdAt: _createdAt, ...copy } = row;
    void [_id, _createdAt];
    const inserted = await db
      .insert(marketplaceGateways)
      .values(Array.from({ length: 1100 }, (_, i) => ({ ...copy, amount: 2000 + i })))
      .returning();
    const newest = inserted
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .map((r) => ({ ...template, id: r.id, amount: r.amount, link: `http://kola.test/pay/m/${r.id}`, creation_date: r.createdAt.toISOString() }));
    const res = await list(key);
    expect([res.status, res.headers.get("content-type"), res.headers.get("link")]).toEqual([200, "application/json", null]);
    expect(res.body).toEqual([...newest, template]);
  });
});

describe("GET /v1/api/marketplace/gateway/{gateway_id}/transactions", () => {
  let owner: Awaited<ReturnType<typeof seller>>;
  let gateway: Gateway;
  let otherKey: string;
  let liveKey: string;

  beforeAll(async () => {
    owner = await seller({ name: "Marché", fee: "2.5", form_blocks: JSON.stringify({ blocks: [{ type: "text", label: "Taille", required: true }] }) });
    gateway = (await create(owner.key, { amount: 10000, shop_name: "Vendeur", phone_number: "+237670000000" })).body as Gateway;
    otherKey = (await seller()).key;
    liveKey = (await createApiKey({ email: owner.email, mode: "live" })).api_key;
  });

  it("a link nobody paid → []", async () => {
    const res = await listTransactions(owner.key, gateway.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("lists every attempt newest first, its status from its deposit", async () => {
    const row = await gatewayRow(gateway.id);
    const first = await recordMarketplaceTransaction({
      gateway: row,
      buyer: awa,
      additionalInfo: [{ fieldName: "taille", value: "M" }],
      provider: "sandbox",
    });
    const second = await recordMarketplaceTransaction({
      gateway: row,
      buyer: moussa,
      additionalInfo: [],
      provider: "sandbox",
    });
    const db = await getDb();
    await db.update(deposits).set({ status: "success" }).where(eq(deposits.id, first.deposit.id));

    const res = await listTransactions(owner.key, gateway.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        transaction_id: second.transactionId,
        track_id: second.deposit.trackId,
        status: "pending",
        creation_date: expect.stringMatching(ISO_Z),
        buyer_price: 10250,
        product_price: 10000,
        buyer: buyerView(moussa, "Senegal", "Wave"),
        additional_info: [],
      },
      {
        transaction_id: first.transactionId,
        track_id: first.deposit.trackId,
        status: "success",
        creation_date: expect.stringMatching(ISO_Z),
        buyer_price: 10250,
        product_price: 10000,
        buyer: buyerView(awa, "Cameroon", "MTN"),
        additional_info: [{ fieldName: "taille", value: "M" }],
      },
    ]);
    const [newer, older] = res.body as { creation_date: string; buyer: { buyer_id: string } }[];
    expect(newer!.creation_date >= older!.creation_date).toBe(true);
    expect(newer!.buyer.buyer_id).not.toBe(older!.buyer.buyer_id);

    // the deposit behind an attempt is what the buyer pays, readable by its track_id
    const dep = await call(deposit.GET, "GET", `/v1/api/deposit/get_transaction?track_id=${first.deposit.trackId}`, { key: owner.key });
    expect(dep.body).toEqual({
      track_id: first.deposit.trackId,
      amount: 10250,
      phone_number: "237670000011",
      country: "CMR",
      currency: "XAF",
      operator: "MTN_MOMO_CMR",
      status: "success",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/),
    });

    // a later status change shows at once
    await db.update(deposits).set({ status: "failed" }).where(eq(deposits.id, second.deposit.id));
    const again = await listTransactions(owner.key, gateway.id);
    expect((again.body as { status: string }[]).map((t) => t.status)).toEqual(["failed", "success"]);
  });

  it("pages with limit and a Link header", async () => {
    const all = (await listTransactions(owner.key, gateway.id)).body as { transaction_id: string }[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    const first = await listTransactions(owner.key, gateway.id, "?limit=1");
    expect(first.body).toEqual(all.slice(0, 1));
    expect(first.headers.get("link")).toBe(
      `<http://kola.test/v1/api/marketplace/gateway/${gateway.id}/transactions?limit=1&starting_after=${all[0]!.transaction_id}>; rel="next"`,
    );
    const next = await listTransactions(owner.key, gateway.id, `?limit=1&starting_after=${all[0]!.transaction_id}`);
    expect(next.body).toEqual(all.slice(1, 2));
  });

  it("buyer_price is amount + the link's fee (an explicit fee too)", async () => {
    const res = await create(owner.key, { amount: 5000, fee: 125, shop_name: "Vendeur", phone_number: "+237670000000" });
    const id = (res.body as Gateway).id;
    await recordMarketplaceTransaction({ gateway: await gatewayRow(id), buyer: awa, additionalInfo: [], provider: "sandbox" });
    expect((await listTransactions(owner.key, id)).body).toEqual([
      {
        transaction_id: expect.stringMatching(UUID),
        track_id: expect.stringMatching(/^TRK[A-Z2-7]{20}$/),
        status: "pending",
        creation_date: expect.stringMatching(ISO_Z),
        buyer_price: 5125,
        product_price: 5000,
        buyer: buyerView(awa, "Cameroon", "MTN"),
        additional_info: [],
      },
    ]);
  });

  it("only this link's attempts", async () => {
    const res = await create(owner.key, { amount: 3000, shop_name: "Autre", phone_number: "+237670000000" });
    expect((await listTransactions(owner.key, (res.body as Gateway).id)).body).toEqual([]);
  });

  it.each([
    { name: "an unknown id", id: () => "00000000-0000-4000-8000-000000000000", key: () => owner.key },
    { name: "another account's link", id: () => gateway.id, key: () => otherKey },
    { name: "the test link with the live key", id: () => gateway.id, key: () => liveKey },
  ])("$name → 404 GATEWAY_NOT_FOUND", async ({ id, key }) => {
    const res = await listTransactions(key(), id());
    expect(res.status).toBe(404);
    expect(res.body).toEqual(GATEWAY_NOT_FOUND);
  });

  it.each([
    ["nope", NOPE],
    ["1234", "invalid length: expected length 32 for simple format, found 4"],
    ["00000000-0000-4000-8000-00000000000g", "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `g` at 36"],
  ])("a gateway_id %j that is not a uuid → 422", async (id, error) => {
    const res = await listTransactions(owner.key, id);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: [badUuid(["path", "gateway_id"], error)] });
  });

  it("the marketplace's own id (not a link) → 404", async () => {
    const res = await listTransactions(owner.key, owner.marketplace.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(GATEWAY_NOT_FOUND);
  });
});

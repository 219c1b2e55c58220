import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as submitLinkJson from "@/app/api/checkout/pay/[id]/route";
import * as submitMarketJson from "@/app/api/checkout/pay/m/[id]/route";
import * as login from "@/app/api/auth/login/route";
import * as signup from "@/app/api/auth/signup/route";
import * as linkPage from "@/app/pay/[id]/route";
import * as marketPage from "@/app/pay/m/[id]/route";
import * as marketplaceGateways from "@/app/v1/api/marketplace/gateway/route";
import * as marketplace from "@/app/v1/api/marketplace/route";
import * as gatewayItem from "@/app/v1/gateway/[gateway_id]/route";
import * as gateways from "@/app/v1/gateway/route";
import { newClientToken } from "@/lib/checkout/form-input";
import { merchantWithLink, merchantWithMarketplace } from "@/test/support/checkout";
import { getDb } from "@/lib/db/client";
import { marketplaceTransactions, paymentGateways } from "@/lib/db/schema";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { newAccount } from "@/test/support/api";
import { tempDataDir } from "@/test/support/files";

// Hostile bodies on every kind of endpoint: JSON nested thousands
// deep, bytes that are not UTF-8, NUL characters inside JSON text parts. Each was a 500 or was
// stored (U+FFFD, a jsonb error); each is a 422 with FastAPI's items now, and nothing is stored.

tempDataDir();
beforeAll(() => setSandboxTransport(async () => {}));

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Sent = { status: number; text: string };

async function send(
  handler: Handler,
  params: Record<string, string>,
  method: string,
  path: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
): Promise<Sent> {
  const req = new Request(new URL(path, "http://kola.test"), {
    method,
    headers: { origin: "http://kola.test", ...headers },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, text: await res.text() };
}
const JSON_TYPE = { "content-type": "application/json" };
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

// ctx.error: our own words for what comes before the JSON decoder (pydantic's decoder has none for these)
const jsonInvalid = (position: number, error: string) => ({ loc: ["body", position], msg: "JSON decode error", type: "json_invalid", ctx: { error } });
const DEEP = "Nested too deeply";
const NOT_UTF8 = "Invalid UTF-8";
const notUnicode = (field: string) => ({
  loc: ["body", field],
  msg: "Input should be a valid string, unable to parse raw data as a unicode string",
  type: "string_unicode",
});
/** What the checkout's JSON endpoint adds to the items: the words for the page (French by default). */
const checkoutJson = (...detail: unknown[]) => ({
  detail,
  message: "Certaines informations sont à corriger.",
  errors: { form: "Certaines informations sont à corriger." },
});

const ids = { key: "", gateway: "", link: "", market: "" };

beforeAll(async () => {
  ids.key = (await newAccount()).key;
  const created = await send(gateways.POST as Handler, {}, "POST", "/v1/gateway", JSON.stringify({ amount: 5000, shop_name: "B" }), {
    ...JSON_TYPE,
    "api-key": ids.key,
  });
  ids.gateway = (JSON.parse(created.text) as { id: string }).id;
  ids.link = (await merchantWithLink()).link.id;
  ids.market = (await merchantWithMarketplace()).link.id;
});

type Endpoint = { name: string; handler: unknown; wrap: "api" | "checkout" | "page"; target: () => [Record<string, string>, string, Record<string, string>] };

/** Every kind of endpoint that reads a body, and how it answers a refused one: [params, path, headers]. */
const endpoints: Endpoint[] = [
  { name: "POST /v1/gateway", handler: gateways.POST, wrap: "api", target: () => [{}, "/v1/gateway", { "api-key": ids.key }] },
  {
    name: "PUT /v1/gateway/{id}",
    handler: gatewayItem.PUT,
    wrap: "api",
    target: () => [{ gateway_id: ids.gateway }, `/v1/gateway/${ids.gateway}`, { "api-key": ids.key }],
  },
  {
    name: "POST /v1/api/marketplace/gateway",
    handler: marketplaceGateways.POST,
    wrap: "api",
    target: () => [{}, "/v1/api/marketplace/gateway", { "api-key": ids.key }],
  },
  { name: "POST /api/auth/login", handler: login.POST, wrap: "api", target: () => [{}, "/api/auth/login", {}] },
  { name: "POST /api/auth/signup", handler: signup.POST, wrap: "api", target: () => [{}, "/api/auth/signup", {}] },
  { name: "POST /api/checkout/pay/{id}", handler: submitLinkJson.POST, wrap: "checkout", target: () => [{ id: ids.link }, `/api/checkout/pay/${ids.link}`, {}] },
  {
    name: "POST /api/checkout/pay/m/{id}",
    handler: submitMarketJson.POST,
    wrap: "checkout",
    target: () => [{ id: ids.market }, `/api/checkout/pay/m/${ids.market}`, {}],
  },
  { name: "POST /pay/{id} (the form, as JSON)", handler: linkPage.POST, wrap: "page", target: () => [{ id: ids.link }, `/pay/${ids.link}`, {}] },
  { name: "POST /pay/m/{id} (the form, as JSON)", handler: marketPage.POST, wrap: "page", target: () => [{ id: ids.market }, `/pay/m/${ids.market}`, {}] },
];

async function post(endpoint: Endpoint, body: string | Uint8Array, headers: Record<string, string>): Promise<Sent> {
  const [params, path, own] = endpoint.target();
  const method = endpoint.name.split(" ")[0]!;
  return send(endpoint.handler as Handler, params, method, path, body, { ...headers, ...own });
}

function expectRefused(res: Sent, wrap: "api" | "checkout" | "page", ...detail: unknown[]) {
  if (wrap === "page") {
    // the form again, with the form's own message, never the error page
    expect(res.status).toBe(422);
    expect(res.text).toContain('<p class="alert" id="err-form" role="alert">Certaines informations sont à corriger.</p>');
    return;
  }
  expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({ status: 422, body: wrap === "api" ? { detail } : checkoutJson(...detail) });
}

describe("JSON nested 6,000 deep (item 8)", () => {
  // 6 KB of `[`, closed (JSON.parse takes it; the recursive walks after it overflowed the stack)
  const deep = `${"[".repeat(6000)}${"]".repeat(6000)}`;
  const cases = [
    { what: "as the whole body", body: deep, position: 32 },
    { what: "as a field's value", body: `{"country":${deep}}`, position: 11 + 31 },
    { what: "unclosed", body: "[".repeat(6000), position: 32 },
  ];
  for (const c of cases) {
    it.each(endpoints)(`${c.what}: $name → 422 json_invalid at the depth that is too much`, async (endpoint) => {
      expectRefused(await post(endpoint, c.body, JSON_TYPE), endpoint.wrap, jsonInvalid(c.position, DEEP));
    });
  }

  it("32 levels are still read (the error is about the JSON, not the depth)", async () => {
    const res = await send(gateways.POST as Handler, {}, "POST", "/v1/gateway", `{"amount":${"[".repeat(31)}${"]".repeat(31)}}`, {
      ...JSON_TYPE,
      "api-key": ids.key,
    });
    expect([res.status, JSON.parse(res.text)]).toEqual([
      422,
      {
        detail: [
          { loc: ["body", "amount"], msg: "Input should be a valid integer", type: "int_type" },
          { loc: ["body", "shop_name"], msg: "Field required", type: "missing" },
        ],
      },
    ]);
  });
});

describe("bytes that are not UTF-8 (item 11)", () => {
  // {"shop_name":"a<FF FE>"...}: the bad bytes start at character 15
  const badJson = bytes('{"shop_name":"a', [0xff, 0xfe], '","country":"CMR","email":"a@b.co","password":"x"}');
  it.each(endpoints)("a JSON body: $name → 422 json_invalid where the bytes go wrong", async (endpoint) => {
    expectRefused(await post(endpoint, badJson, JSON_TYPE), endpoint.wrap, jsonInvalid(15, NOT_UTF8));
  });

  it("a truncated sequence (an é cut in half) is refused too", async () => {
    const body = bytes('{"amount":5000,"shop_name":"caf', [0xc3], '"}');
    const res = await send(gateways.POST as Handler, {}, "POST", "/v1/gateway", body, { ...JSON_TYPE, "api-key": ids.key });
    expect([res.status, JSON.parse(res.text)]).toEqual([422, { detail: [jsonInvalid(31, NOT_UTF8)] }]);
  });

  it("a multipart text part: POST /v1/api/marketplace → 422 string_unicode, nothing created", async () => {
    const other = await newAccount();
    const boundary = "kolaBoundary42";
    const body = bytes(
      `--${boundary}\r\ncontent-disposition: form-data; name="color"\r\n\r\n#123456\r\n`,
      `--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\nBoutique `,
      [0xff],
      `\r\n--${boundary}--\r\n`,
    );
    const res = await send(marketplace.POST as Handler, {}, "POST", "/v1/api/marketplace", body, {
      "api-key": other.key,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect([res.status, JSON.parse(res.text)]).toEqual([422, { detail: [notUnicode("name")] }]);
    const read = await marketplace.GET(new Request("http://kola.test/v1/api/marketplace", { headers: { "api-key": other.key } }), {
      params: Promise.resolve({}),
    });
    expect(read.status).toBe(404);
  });

  it("a U+FFFD sent as real UTF-8 is kept: only broken bytes are refused", async () => {
    const res = await send(gateways.POST as Handler, {}, "POST", "/v1/gateway", JSON.stringify({ amount: 5000, shop_name: "a\uFFFDb" }), {
      ...JSON_TYPE,
      "api-key": ids.key,
    });
    expect([res.status, (JSON.parse(res.text) as { shop_name: string }).shop_name]).toEqual([200, "a\uFFFDb"]);
  });

  /** A complete, valid marketplace checkout form (application/x-www-form-urlencoded) around `fullName`. */
  const marketForm = (fullName: string | number[]) =>
    bytes(
      "full_name=Awa",
      typeof fullName === "string" ? fullName : fullName,
      "&email=awa%40example.com&answers[taille_eu]=M&answers[pointure]=39&answers[couleur]=Bleu",
      `&answers[j_accepte_les_conditions_de_vente]=on&country=CMR&operator=ORANGE_MONEY_CMR&phone=690000000&client_token=${newClientToken()}`,
    );

  it("the same checkout form with a proper name is taken (the rows below differ by the name only)", async () => {
    const res = await send(marketPage.POST as Handler, { id: ids.market }, "POST", `/pay/m/${ids.market}`, marketForm("%C3%A9"), FORM_TYPE);
    expect(res.status).toBe(303);
  });

  it.each([
    { name: "a raw byte", fullName: [0xff] },
    { name: "a percent-encoded byte", fullName: "%FF" },
    { name: "half a character", fullName: "%C3" },
  ])("a checkout form with $name in full_name → 422 on the form, no transaction stored", async ({ fullName }) => {
    const db = await getDb();
    const before = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.marketplaceGatewayId, ids.market));
    const res = await send(marketPage.POST as Handler, { id: ids.market }, "POST", `/pay/m/${ids.market}`, marketForm(fullName), FORM_TYPE);
    expect(res.status).toBe(422);
    expect(res.text).toContain('<p class="err" id="err-full_name">');
    const after = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.marketplaceGatewayId, ids.market));
    expect(after).toEqual(before);
  });
});

describe("NUL characters inside JSON text (item 9)", () => {
  const block = (over: Record<string, unknown>) => JSON.stringify({ blocks: [{ type: "select", label: "Taille", required: true, options: ["S"], ...over }] });
  const nul = (loc: (string | number)[]) => ({ loc: ["body", "form_blocks", ...loc], msg: "Value error, must not contain a NUL character", type: "value_error", ctx: { error: "must not contain a NUL character" } });
  it.each([
    { name: "a label", form_blocks: block({ label: "Tai\u0000lle" }), detail: [nul(["blocks", 0, "label"])] },
    { name: "a description", form_blocks: block({ description: "\u0000" }), detail: [nul(["blocks", 0, "description"])] },
    { name: "an option", form_blocks: block({ options: ["S", "M\u0000"] }), detail: [nul(["blocks", 0, "options", 1])] },
    { name: "two places", form_blocks: block({ label: "\u0000a", options: ["\u0000"] }), detail: [nul(["blocks", 0, "label"]), nul(["blocks", 0, "options", 0])] },
  ])("form_blocks with NUL in $name → 422 (PostgreSQL jsonb refuses it)", async ({ form_blocks, detail }) => {
    const other = await newAccount();
    const data = new FormData();
    data.append("name", "Boutique");
    data.append("form_blocks", form_blocks);
    const encoded = new Response(data);
    const res = await send(marketplace.POST as Handler, {}, "POST", "/v1/api/marketplace", new Uint8Array(await encoded.arrayBuffer()), {
      "api-key": other.key,
      "content-type": encoded.headers.get("content-type")!,
    });
    expect([res.status, JSON.parse(res.text)]).toEqual([422, { detail }]);
  });

  it("form_blocks nested 6,000 deep → 422 json_invalid", async () => {
    const data = new FormData();
    data.append("form_blocks", `{"blocks":${"[".repeat(6000)}${"]".repeat(6000)}}`);
    const encoded = new Response(data);
    const res = await send(marketplace.PATCH as Handler, {}, "PATCH", "/v1/api/marketplace/", new Uint8Array(await encoded.arrayBuffer()), {
      "api-key": ids.key,
      "content-type": encoded.headers.get("content-type")!,
    });
    expect([res.status, JSON.parse(res.text)]).toEqual([
      422,
      { detail: [{ loc: ["body", "form_blocks"], msg: "JSON decode error", type: "json_invalid", ctx: { error: DEEP } }] },
    ]);
  });

  it("a payment link's stored text never holds U+FFFD from a broken body", async () => {
    const db = await getDb();
    const rows = await db.select({ shopName: paymentGateways.shopName }).from(paymentGateways);
    expect(rows.filter((r) => r.shopName.includes("\uFFFD") && r.shopName !== "a\uFFFDb")).toEqual([]);
  });
});

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as mp from "@/app/v1/api/marketplace/route";
import { createApiKey } from "@/lib/accounts/create-account";
import { getDb } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { call, newAccount, type Reply } from "@/test/support/api";
import { file, ico, png, tempDataDir } from "@/test/support/files";
import { createMarketplace as create, updateMarketplace as update, type Parts } from "@/test/support/marketplace";
import { formBlock, urlImage } from "@/test/support/marketplace-bodies";

tempDataDir();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const NOT_FOUND = { detail: { message: "Marketplace not found", type: "MARKETPLACE_NOT_FOUND" } };
const NO_IMAGE = (part: string) => ({
  detail: [{ loc: ["body", part], msg: "Value error, no uploaded image with this id", type: "value_error", ctx: { error: "no uploaded image with this id" } }],
});

type Marketplace = { id: string; logo: { id: string | null } | null; [k: string]: unknown };

const read = (key: string | null) => call(mp.GET, "GET", "/v1/api/marketplace", { key });

function expectReply(res: Reply, status: number, body: unknown) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body });
}

async function keyId(accountId: string, mode: "test" | "live"): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.mode, mode)));
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** The body of a marketplace created with only a name, for an account's key. */
function defaults(name: string, apiKeyId: string) {
  return {
    id: expect.stringMatching(UUID),
    fee: 0,
    is_active: true,
    api_key_id: apiKeyId,
    created_at: expect.stringMatching(ISO_Z),
    name,
    color: "#0f766e",
    logo: null,
    favicon: "",
    form_blocks: [],
    seller_payout_delay_days: 0,
  };
}

/** A new account with a marketplace; returns the key and the created body. */
async function withMarketplace(parts: Parts = { name: "Boutique" }) {
  const account = await newAccount();
  const res = await create(account.key, parts);
  expect(res.status).toBe(200);
  return { ...account, marketplace: res.body as Marketplace };
}

const EVERY_BLOCK = {
  blocks: [
    { type: "text", label: "Taille (EU)", required: true },
    { type: "textarea", label: "Adresse de livraison", required: false, description: "Quartier, rue, repère" },
    { type: "email", label: "E-mail", required: true },
    { type: "phone", label: "Téléphone", required: false },
    { type: "number", label: "Pointure", required: true },
    { type: "date", label: "Date de livraison", required: false },
    { type: "select", label: "Couleur", required: true, options: ["Rouge", " Bleu "] },
    { type: "checkbox", label: "J'accepte les conditions", required: true },
  ],
};
const EVERY_BLOCK_OUT = [
  formBlock("taille_eu", "text", "Taille (EU)", { required: true }),
  formBlock("adresse_de_livraison", "textarea", "Adresse de livraison", { description: "Quartier, rue, repère" }),
  formBlock("e_mail", "email", "E-mail", { required: true }),
  formBlock("telephone", "phone", "Téléphone"),
  formBlock("pointure", "number", "Pointure", { required: true }),
  formBlock("date_de_livraison", "date", "Date de livraison"),
  formBlock("couleur", "select", "Couleur", { required: true, options: ["Rouge", "Bleu"] }),
  formBlock("j_accepte_les_conditions", "checkbox", "J'accepte les conditions", { required: true }),
];

describe("authentication", () => {
  const operations = [
    { name: "GET", send: (key: string | null) => read(key) },
    { name: "POST", send: (key: string | null) => create(key, { name: "Boutique" }) },
    { name: "PATCH", send: (key: string | null) => update(key, { name: "Boutique" }) },
  ];
  const NO_KEY = { detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" } };
  const UNKNOWN = { detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" } };

  describe.each(operations)("$name", ({ send }) => {
    it("without the api-key header → 401 NO_API_KEY_PROVIDED", async () => {
      const res = await send(null);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NO_KEY);
    });

    it.each([
      ["malformed", "not-a-key"],
      ["well-formed but unknown", `kola_test_${"x".repeat(43)}`],
      ["unknown live", `kola_live_${"y".repeat(43)}`],
    ])("a %s key → 404 API_KEY_NOT_FOUND", async (_, key) => {
      const res = await send(key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(UNKNOWN);
    });

    it("a revoked key → 404 API_KEY_NOT_FOUND", async () => {
      const { key, accountId } = await newAccount();
      const db = await getDb();
      await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.accountId, accountId));
      const res = await send(key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(UNKNOWN);
    });
  });
});

describe("POST /v1/api/marketplace", () => {
  it("creates with only a name: the defaults, and api_key_id is the creating key", async () => {
    const { key, accountId } = await newAccount();
    const res = await create(key, { name: "  Ma boutique  " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(defaults("Ma boutique", await keyId(accountId, "test")));
    expectReply(await read(key), 200, res.body);
  });

  it("creates with every part", async () => {
    const { key, accountId } = await newAccount();
    const res = await create(key, {
      name: "Marché Awa",
      color: "#ABC",
      fee: "2.5",
      logo: "https://cdn.example.com/awa/logo.png",
      favicon: "https://cdn.example.com/awa/favicon.ico",
      form_blocks: JSON.stringify(EVERY_BLOCK),
      is_active: "false",
      seller_payout_delay_days: "7",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      fee: 2.5,
      is_active: false,
      api_key_id: await keyId(accountId, "test"),
      created_at: expect.stringMatching(ISO_Z),
      name: "Marché Awa",
      color: "#aabbcc",
      logo: urlImage("https://cdn.example.com/awa/logo.png", "marketplace_logo"),
      favicon: "https://cdn.example.com/awa/favicon.ico",
      form_blocks: EVERY_BLOCK_OUT,
      seller_payout_delay_days: 7,
    });
    expect((await read(key)).body).toEqual(res.body);
  });

  it("a second create → 409 MARKETPLACE_ALREADY_EXISTS, the first one unchanged", async () => {
    const { key, marketplace } = await withMarketplace({ name: "Première", fee: "1" });
    const res = await create(key, { name: "Seconde", fee: "5" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      detail: { message: "A marketplace already exists for this account and mode", type: "MARKETPLACE_ALREADY_EXISTS" },
    });
    expect((await read(key)).body).toEqual(marketplace);
  });

  it("two creates at once: one marketplace, the other request → 409", async () => {
    const { key } = await newAccount();
    const results = await Promise.all([create(key, { name: "Un" }), create(key, { name: "Deux" })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    expect((await read(key)).body).toEqual(winner.body);
  });

  describe("validation (nothing is created)", () => {
    let key: string;
    beforeAll(async () => {
      ({ key } = await newAccount());
    });

    const valueError = (error: string) => ({ msg: `Value error, ${error}`, type: "value_error", ctx: { error } });
    // the rules are patterns (stated as such in the OpenAPI document): pydantic's string_pattern_mismatch
    const patternError = (pattern: string) => ({ msg: `String should match pattern '${pattern}'`, type: "string_pattern_mismatch", ctx: { pattern } });
    const FEE_ERROR = patternError("^(50(\\.0{1,2})?|[0-4]?\\d(\\.\\d{1,2})?)?$");
    const DELAY_ERROR = patternError("^(30|[12]?\\d)?$");
    const COLOR_ERROR = patternError("^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$");
    const REF_ERROR = valueError("must be an https URL, the id of an uploaded file, or none");
    const BOOL_PARSING = { msg: "Input should be a valid boolean, unable to interpret input", type: "bool_parsing" };
    const blocks = (...list: unknown[]) => JSON.stringify({ blocks: list });
    const text = (label: string) => ({ type: "text", label, required: false });

    it.each<{ name: string; parts: Parts; detail: unknown[] }>([
      { name: "no name", parts: { color: "#fff" }, detail: [{ loc: ["body", "name"], msg: "Field required", type: "missing" }] },
      {
        name: "a blank name",
        parts: { name: "   " },
        detail: [{ loc: ["body", "name"], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } }],
      },
      {
        name: "a name of 81 characters",
        parts: { name: "n".repeat(81) },
        detail: [{ loc: ["body", "name"], msg: "String should have at most 80 characters", type: "string_too_long", ctx: { max_length: 80 } }],
      },
      { name: "color red", parts: { name: "B", color: "red" }, detail: [{ loc: ["body", "color"], ...COLOR_ERROR }] },
      { name: "color #abcd", parts: { name: "B", color: "#abcd" }, detail: [{ loc: ["body", "color"], ...COLOR_ERROR }] },
      { name: "color without #", parts: { name: "B", color: "0f766e" }, detail: [{ loc: ["body", "color"], ...COLOR_ERROR }] },
      { name: "fee 50.01", parts: { name: "B", fee: "50.01" }, detail: [{ loc: ["body", "fee"], ...FEE_ERROR }] },
      { name: "fee 1.234", parts: { name: "B", fee: "1.234" }, detail: [{ loc: ["body", "fee"], ...FEE_ERROR }] },
      { name: "fee abc", parts: { name: "B", fee: "abc" }, detail: [{ loc: ["body", "fee"], ...FEE_ERROR }] },
      { name: "fee -1", parts: { name: "B", fee: "-1" }, detail: [{ loc: ["body", "fee"], ...FEE_ERROR }] },
      { name: "fee 100", parts: { name: "B", fee: "100" }, detail: [{ loc: ["body", "fee"], ...FEE_ERROR }] },
      { name: "fee 1e1", parts: { name: "B", fee: "1e1" }, detail: [{ loc: ["body", "fee"], ...FEE_ERROR }] },
      { name: "fee 2,5", parts: { name: "B", fee: "2,5" }, detail: [{ loc: ["body", "fee"], ...FEE_ERROR }] },
      { name: "a payout delay of 31 days", parts: { name: "B", seller_payout_delay_days: "31" }, detail: [{ loc: ["body", "seller_payout_delay_days"], ...DELAY_ERROR }] },
      { name: "a payout delay of 1.5 days", parts: { name: "B", seller_payout_delay_days: "1.5" }, detail: [{ loc: ["body", "seller_payout_delay_days"], ...DELAY_ERROR }] },
      { name: "a payout delay of -1 day", parts: { name: "B", seller_payout_delay_days: "-1" }, detail: [{ loc: ["body", "seller_payout_delay_days"], ...DELAY_ERROR }] },
      {
        name: "is_active maybe",
        parts: { name: "B", is_active: "maybe" },
        detail: [{ loc: ["body", "is_active"], ...BOOL_PARSING }],
      },
      { name: "logo over http", parts: { name: "B", logo: "http://cdn.example.com/logo.png" }, detail: [{ loc: ["body", "logo"], ...REF_ERROR }] },
      { name: "favicon over http", parts: { name: "B", favicon: "http://cdn.example.com/f.ico" }, detail: [{ loc: ["body", "favicon"], ...REF_ERROR }] },
      { name: "logo javascript:", parts: { name: "B", logo: "javascript:alert(1)" }, detail: [{ loc: ["body", "logo"], ...REF_ERROR }] },
      { name: "logo neither URL nor id", parts: { name: "B", logo: "logo.png" }, detail: [{ loc: ["body", "logo"], ...REF_ERROR }] },
      {
        name: "a file where the logo text belongs",
        parts: { name: "B", logo: file(png(), "logo.png", "image/png") },
        detail: [{ loc: ["body", "logo"], msg: "Input should be a valid string", type: "string_type" }],
      },
      {
        name: "form_blocks that is not JSON",
        parts: { name: "B", form_blocks: "{nope" },
        detail: [{ loc: ["body", "form_blocks"], msg: "JSON decode error", type: "json_invalid", ctx: { error: "Expecting property name enclosed in double quotes" } }],
      },
      {
        name: "form_blocks without blocks",
        parts: { name: "B", form_blocks: "{}" },
        detail: [{ loc: ["body", "form_blocks", "blocks"], msg: "Field required", type: "missing" }],
      },
      {
        name: "form_blocks as a list",
        parts: { name: "B", form_blocks: "[]" },
        detail: [
          { loc: ["body", "form_blocks"], msg: "Input should be a valid dictionary or object to extract fields from", type: "model_attributes_type" },
        ],
      },
      {
        name: "blocks that is not a list",
        parts: { name: "B", form_blocks: '{"blocks": "taille"}' },
        detail: [{ loc: ["body", "form_blocks", "blocks"], msg: "Input should be a valid list", type: "list_type" }],
      },
      {
        name: "a select block without options (first)",
        parts: { name: "B", form_blocks: blocks({ type: "select", label: "Taille", required: true }) },
        detail: [
          { loc: ["body", "form_blocks", "blocks", 0, "options"], msg: "Field required", type: "missing" },
        ],
      },
      {
        name: "a select block without options (third)",
        parts: { name: "B", form_blocks: blocks(text("Nom"), text("Ville"), { type: "select", label: "Taille", required: true }) },
        detail: [
          { loc: ["body", "form_blocks", "blocks", 2, "options"], msg: "Field required", type: "missing" },
        ],
      },
      {
        name: "a select block with no option",
        parts: { name: "B", form_blocks: blocks({ type: "select", label: "Taille", required: true, options: [] }) },
        detail: [
          {
            loc: ["body", "form_blocks", "blocks", 0, "options"],
            msg: "List should have at least 1 item after validation, not 0",
            type: "too_short",
            ctx: { field_type: "List", min_length: 1, actual_length: 0 },
          },
        ],
      },
      {
        name: "21 blocks",
        parts: { name: "B", form_blocks: blocks(...Array.from({ length: 21 }, (_, i) => text(`Champ ${i}`))) },
        detail: [
          {
            loc: ["body", "form_blocks", "blocks"],
            msg: "List should have at most 20 items after validation, not 21",
            type: "too_long",
            ctx: { field_type: "List", max_length: 20, actual_length: 21 },
          },
        ],
      },
      {
        name: "an unknown block type",
        parts: { name: "B", form_blocks: blocks({ type: "file", label: "Photo", required: false }) },
        detail: [
          {
            loc: ["body", "form_blocks", "blocks", 0, "type"],
            msg: "Input should be 'text', 'textarea', 'email', 'phone', 'number', 'date', 'select' or 'checkbox'",
            type: "enum",
            ctx: { expected: "'text', 'textarea', 'email', 'phone', 'number', 'date', 'select' or 'checkbox'" },
          },
        ],
      },
      {
        name: "a block without label, required not a boolean",
        parts: { name: "B", form_blocks: blocks({ type: "text", required: "maybe" }) },
        detail: [
          { loc: ["body", "form_blocks", "blocks", 0, "label"], msg: "Field required", type: "missing" },
          { loc: ["body", "form_blocks", "blocks", 0, "required"], ...BOOL_PARSING },
        ],
      },
      {
        name: "a blank label",
        parts: { name: "B", form_blocks: blocks(text("  ")) },
        detail: [
          { loc: ["body", "form_blocks", "blocks", 0, "label"], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } },
        ],
      },
      {
        name: "every problem at once",
        parts: { color: "blue", fee: "51", form_blocks: "nope" },
        detail: [
          { loc: ["body", "name"], msg: "Field required", type: "missing" },
          { loc: ["body", "color"], ...COLOR_ERROR },
          { loc: ["body", "fee"], ...FEE_ERROR },
          { loc: ["body", "form_blocks"], msg: "JSON decode error", type: "json_invalid", ctx: { error: "Expecting value" } },
        ],
      },
    ])("$name → 422", async ({ parts, detail }) => {
      const res = await create(key, parts);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail });
    });

    it("left no marketplace behind", async () => {
      expectReply(await read(key), 404, NOT_FOUND);
    });

    it("a body that is not multipart has no name → 422", async () => {
      const res = await call(mp.POST, "POST", "/v1/api/marketplace", { key, json: { name: "Boutique" } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: [{ loc: ["body", "name"], msg: "Field required", type: "missing" }] });
    });
  });
});

describe("normalisation (PATCH on one marketplace)", () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await withMarketplace());
  });

  it.each([
    ["#ABC", "#aabbcc"],
    ["#abc", "#aabbcc"],
    ["#FFF", "#ffffff"],
    ["#0F766E", "#0f766e"],
    [" #123456 ", "#123456"],
    ["#C0FFEE", "#c0ffee"],
  ])("color %j is stored as %j", async (color, stored) => {
    const res = await update(key, { color });
    expect(res.status).toBe(200);
    expect((res.body as Marketplace).color).toBe(stored);
    expect(((await read(key)).body as Marketplace).color).toBe(stored);
  });

  it.each([
    ["2.5", 2.5],
    ["50", 50],
    ["50.00", 50],
    ["0", 0],
    ["0.01", 0.01],
    ["12.34", 12.34],
    ["3.3", 3.3],
    [" 7 ", 7],
    ["07", 7],
  ])("fee %j is %d", async (fee, number) => {
    const res = await update(key, { fee });
    expect(res.status).toBe(200);
    expect((res.body as Marketplace).fee).toBe(number);
    expect(((await read(key)).body as Marketplace).fee).toBe(number);
  });

  it("duplicate labels get unique field names, accents are slugged", async () => {
    const res = await update(key, {
      form_blocks: JSON.stringify({
        blocks: [
          { type: "text", label: "Prénom", required: true },
          { type: "text", label: "Prenom", required: false },
          { type: "text", label: "PRÉNOM", required: false },
          { type: "number", label: "Âge de l'enfant", required: false, description: "  en années " },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect((res.body as Marketplace).form_blocks).toEqual([
      formBlock("prenom", "text", "Prénom", { required: true }),
      formBlock("prenom_2", "text", "Prenom"),
      formBlock("prenom_3", "text", "PRÉNOM"),
      formBlock("age_de_l_enfant", "number", "Âge de l'enfant", { description: "en années" }),
    ]);
  });

  it("a block's required defaults to false; options of other types are dropped", async () => {
    const res = await update(key, {
      form_blocks: JSON.stringify({ blocks: [{ type: "text", label: "Ville", options: ["Douala"] }] }),
    });
    expect((res.body as Marketplace).form_blocks).toEqual([
      formBlock("ville", "text", "Ville"),
    ]);
  });

  it("20 blocks are accepted", async () => {
    const blocks = Array.from({ length: 20 }, (_, i) => ({ type: "text", label: `Champ ${i + 1}`, required: false }));
    const res = await update(key, { form_blocks: JSON.stringify({ blocks }) });
    expect(res.status).toBe(200);
    expect((res.body as { form_blocks: { fieldName: string }[] }).form_blocks.map((b) => b.fieldName)).toEqual(
      blocks.map((_, i) => `champ_${i + 1}`),
    );
  });
});

describe("without a marketplace", () => {
  it.each([
    ["GET", (key: string) => read(key)],
    ["PATCH", (key: string) => update(key, { name: "Nouveau" })],
    ["PATCH with nothing", (key: string) => update(key, {})],
  ] as const)("%s → 404 MARKETPLACE_NOT_FOUND", async (_, send) => {
    const { key } = await newAccount();
    const res = await send(key);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it("PATCH with invalid parts → 422 (validation comes first)", async () => {
    const { key } = await newAccount();
    const res = await update(key, { color: "red" });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: [{ loc: ["body", "color"], msg: "String should match pattern '^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$'", type: "string_pattern_mismatch", ctx: { pattern: "^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$" } }],
    });
  });
});

describe("PATCH /v1/api/marketplace/", () => {
  const full = {
    name: "Marché Awa",
    color: "#112233",
    fee: "4.75",
    logo: "https://cdn.example.com/logo.png",
    favicon: "https://cdn.example.com/favicon.png",
    form_blocks: JSON.stringify({ blocks: [{ type: "text", label: "Taille", required: true }] }),
  };

  it.each<{ name: string; parts: Parts; changes: Record<string, unknown> }>([
    { name: "name", parts: { name: "Nouveau nom" }, changes: { name: "Nouveau nom" } },
    { name: "color", parts: { color: "#FA0" }, changes: { color: "#ffaa00" } },
    { name: "fee", parts: { fee: "3" }, changes: { fee: 3 } },
    { name: "fee 0 (the documented default)", parts: { fee: "0" }, changes: { fee: 0 } },
    { name: "seller_payout_delay_days", parts: { seller_payout_delay_days: "30" }, changes: { seller_payout_delay_days: 30 } },
    { name: "seller_payout_delay_days 0 (the default, with spaces)", parts: { seller_payout_delay_days: " 0 " }, changes: {} },
    { name: "is_active", parts: { is_active: "false" }, changes: { is_active: false } },
    // a form boolean read as pydantic reads one
    { name: "is_active as 0", parts: { is_active: "0" }, changes: { is_active: false } },
    { name: "is_active as off", parts: { is_active: "Off" }, changes: { is_active: false } },
    { name: "is_active false, required as yes in a block", parts: { is_active: "no", form_blocks: JSON.stringify({ blocks: [{ type: "text", label: "Nom", required: "yes" }] }) }, changes: { is_active: false, form_blocks: [formBlock("nom", "text", "Nom", { required: true })] } },
    { name: "favicon", parts: { favicon: "https://img.example.org/f.ico" }, changes: { favicon: "https://img.example.org/f.ico" } },
    {
      name: "logo",
      parts: { logo: "https://img.example.org/l.webp" },
      changes: {
        logo: urlImage("https://img.example.org/l.webp", "marketplace_logo"),
      },
    },
    {
      name: "form_blocks",
      parts: { form_blocks: JSON.stringify({ blocks: [{ type: "email", label: "Courriel", required: false }] }) },
      changes: {
        form_blocks: [formBlock("courriel", "email", "Courriel")],
      },
    },
    { name: "form_blocks emptied", parts: { form_blocks: '{"blocks": []}' }, changes: { form_blocks: [] } },
    { name: "logo none (removed)", parts: { logo: "none" }, changes: { logo: null } },
    { name: "favicon none (removed)", parts: { favicon: "none" }, changes: { favicon: "" } },
    { name: "logo and favicon none", parts: { logo: "none", favicon: "none" }, changes: { logo: null, favicon: "" } },
    { name: "nothing", parts: {}, changes: {} },
    {
      name: "empty text for name, color, form_blocks, fee, logo and favicon",
      parts: { name: "", color: "", form_blocks: "", fee: "", logo: "", favicon: "" },
      changes: {},
    },
    { name: "blank text for name, color and form_blocks", parts: { name: "  ", color: " ", form_blocks: "  " }, changes: {} },
    {
      name: "several parts",
      parts: { name: "Deux", color: "", fee: "10.5", is_active: "false" },
      changes: { name: "Deux", fee: 10.5, is_active: false },
    },
  ])("changes only what is sent: $name", async ({ parts, changes }) => {
    const { key, marketplace } = await withMarketplace(full);
    const res = await update(key, parts);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...marketplace, ...changes });
    expect((await read(key)).body).toEqual(res.body);
  });

  it("is_active false, then GET shows false; true turns it back on", async () => {
    const { key, marketplace } = await withMarketplace();
    expect((await update(key, { is_active: "false" })).status).toBe(200);
    expect((await read(key)).body).toEqual({ ...marketplace, is_active: false });
    expect((await update(key, { name: "Encore" })).body).toEqual({ ...marketplace, name: "Encore", is_active: false });
    expect((await update(key, { is_active: "true" })).body).toEqual({ ...marketplace, name: "Encore", is_active: true });
  });

  it("keeps id, api_key_id and created_at", async () => {
    const { key, marketplace } = await withMarketplace();
    const res = await update(key, { name: "X", color: "#000", fee: "1", is_active: "false" });
    expect(res.body).toEqual({ ...marketplace, name: "X", color: "#000000", fee: 1, is_active: false });
  });

  it.each([
    ["HTTPS://CDN.example.com/Logo.png", "https://cdn.example.com/Logo.png"],
    ["https:cdn.example.com/logo.png", "https://cdn.example.com/logo.png"],
    ["https://cdn.example.com/logo.png", "https://cdn.example.com/logo.png"],
  ])("an https URL %j is a URL, not a file id, kept as %j", async (given, stored) => {
    const { key, marketplace } = await withMarketplace();
    const res = await update(key, { logo: given, favicon: given });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...marketplace,
      logo: urlImage(stored, "marketplace_logo"),
      favicon: stored,
    });
  });

  describe("logo and favicon as the id of a file uploaded before", () => {
    let owner: Awaited<ReturnType<typeof withMarketplace>>;
    let logo: NonNullable<Marketplace["logo"]> & { id: string; url: string };

    beforeAll(async () => {
      owner = await withMarketplace({ name: "Boutique", "logo.0": file(png(2, 2), "logo.png", "image/png") });
      logo = owner.marketplace.logo as typeof logo;
      expect(logo).toMatchObject({ id: expect.stringMatching(UUID), fileType: "png" });
    });

    it("the logo's own id keeps it as it is", async () => {
      const res = await update(owner.key, { logo: logo.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(owner.marketplace);
    });

    it("the same image as favicon gives its URL", async () => {
      const res = await update(owner.key, { favicon: logo.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...owner.marketplace, favicon: logo.url });
      await update(owner.key, { favicon: "https://cdn.example.com/f.ico" });
    });

    it("an id in capitals is the same id", async () => {
      const res = await update(owner.key, { logo: logo.id.toUpperCase() });
      expect(res.status).toBe(200);
      expect((res.body as Marketplace).logo).toEqual(logo);
    });

    it.each(["logo", "favicon"])("another account's file id as %s → 422", async (part) => {
      const other = await withMarketplace();
      const res = await update(other.key, { [part]: logo.id });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(NO_IMAGE(part));
      expect((await read(other.key)).body).toEqual(other.marketplace);
    });

    it("the live mode of the same account does not see the test-mode file → 422", async () => {
      const { api_key } = await createApiKey({ email: owner.email, mode: "live" });
      expect((await create(api_key, { name: "Live" })).status).toBe(200);
      const res = await update(api_key, { logo: logo.id });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(NO_IMAGE("logo"));
    });

    it("an id of no file → 422", async () => {
      const res = await update(owner.key, { logo: "00000000-0000-4000-8000-000000000000" });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(NO_IMAGE("logo"));
    });

    it("an uploaded favicon removed with none is deleted: its id → 422", async () => {
      const own = await withMarketplace({ name: "Icônes", "favicon.0": file(ico(), "favicon.ico", "image/x-icon") });
      const faviconId = /\/files\/([0-9a-f-]{36})/.exec(own.marketplace.favicon as string)?.[1];
      expect(faviconId).toMatch(UUID);
      const removed = await update(own.key, { favicon: "none" });
      expect([removed.status, removed.body]).toEqual([200, { ...own.marketplace, favicon: "" }]);
      const res = await update(own.key, { favicon: faviconId! });
      expect([res.status, res.body]).toEqual([422, NO_IMAGE("favicon")]);
    });

    it("once another logo replaced it, the file is deleted: its id → 422", async () => {
      expect((await update(owner.key, { logo: "https://cdn.example.com/other.png" })).status).toBe(200);
      const res = await update(owner.key, { logo: logo.id });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(NO_IMAGE("logo"));
    });
  });
});

describe("tenant isolation", () => {
  it("account B never sees nor changes A's marketplace", async () => {
    const a = await withMarketplace({ name: "Chez A", fee: "2" });
    const b = await newAccount("SEN");
    expectReply(await read(b.key), 404, NOT_FOUND);
    expectReply(await update(b.key, { name: "Volé" }), 404, NOT_FOUND);

    const created = await create(b.key, { name: "Chez B" });
    expect(created.status).toBe(200);
    expect(created.body).toEqual(defaults("Chez B", await keyId(b.accountId, "test")));
    expect((created.body as Marketplace).id).not.toBe(a.marketplace.id);
    expect((await update(b.key, { fee: "9" })).status).toBe(200);
    expect((await read(a.key)).body).toEqual(a.marketplace);
  });

  it("the test and live keys of one account have separate marketplaces", async () => {
    const test = await withMarketplace({ name: "Test", color: "#111" });
    const live = await createApiKey({ email: test.email, mode: "live" });
    expectReply(await read(live.api_key), 404, NOT_FOUND);
    expectReply(await update(live.api_key, { name: "x" }), 404, NOT_FOUND);

    const created = await create(live.api_key, { name: "Live" });
    expect(created.status).toBe(200);
    expect(created.body).toEqual(defaults("Live", live.id));
    expect(live.id).toBe(await keyId(test.accountId, "live"));
    expect((created.body as Marketplace).id).not.toBe(test.marketplace.id);

    expect((await update(live.api_key, { color: "#222", is_active: "false" })).status).toBe(200);
    expect((await read(test.key)).body).toEqual(test.marketplace);
    expect((await read(live.api_key)).body).toEqual({ ...(created.body as object), color: "#222222", is_active: false });
    // and a second create in live mode is a conflict of its own
    expect((await create(live.api_key, { name: "Encore" })).status).toBe(409);
  });

  it("api_key_id is the key that created it, when an account has several", async () => {
    const { email, accountId } = await newAccount();
    const firstKey = await keyId(accountId, "test");
    const second = await createApiKey({ email, mode: "test" });
    const res = await create(second.api_key, { name: "Par la seconde clé" });
    expect(res.status).toBe(200);
    expect((res.body as Marketplace).api_key_id).toBe(second.id);
    expect(second.id).not.toBe(firstKey);
  });
});

describe("other methods", () => {
  it.each(["PUT", "DELETE"] as const)("%s → 405", async (method) => {
    const { key } = await newAccount();
    const res = await call(mp[method], method, "/v1/api/marketplace", { key });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: "Method Not Allowed" });
  });
});

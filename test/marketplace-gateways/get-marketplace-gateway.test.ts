import { beforeAll, describe, expect, it } from "vitest";
import * as one from "@/app/v1/api/marketplace/gateway/[gateway_id]/route";
import * as gateways from "@/app/v1/api/marketplace/gateway/route";
import { createApiKey } from "@/lib/accounts/create-account";
import { call, newAccount } from "@/test/support/api";
import { createMarketplace } from "@/test/support/marketplace";
import { SIZE_BLOCKS, SIZE_BLOCKS_OUT } from "@/test/support/marketplace-bodies";

const GATEWAY_NOT_FOUND = { detail: { message: "Payment Gateway Not found", type: "GATEWAY_NOT_FOUND" } };

const get = (key: string | null, id: string) => call(one.GET, "GET", `/v1/api/marketplace/gateway/${id}`, { key });

describe("GET /v1/api/marketplace/gateway/{gateway_id}", () => {
  let key: string;
  let email: string;
  let marketplaceId: string;
  let created: { id: string };

  beforeAll(async () => {
    ({ key, email } = await newAccount());
    const market = await createMarketplace(key, { name: "Marché", fee: "5", form_blocks: JSON.stringify(SIZE_BLOCKS) });
    marketplaceId = (market.body as { id: string }).id;
    const res = await call(gateways.POST, "POST", "/v1/api/marketplace/gateway", {
      key,
      json: { amount: 10000, shop_name: "Boutique Awa", phone_number: "+237 6 70 00 00 00", message: "Robe en wax" },
    });
    expect(res.status).toBe(200);
    created = res.body as { id: string };
  });

  it("answers the link as its creation did", async () => {
    const res = await get(key, created.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect(res.body).toEqual({
      id: created.id,
      amount: 10000,
      currency: "XAF",
      country: "CMR",
      fee: 500,
      shop_name: "Boutique Awa",
      phone_number: "237670000000",
      marketplace_id: marketplaceId,
      link: `http://kola.test/pay/m/${created.id}`,
      creation_date: expect.stringMatching(/Z$/),
      marketplace_logo: "",
      marketplace_color: "#0f766e",
      message: "Robe en wax",
      favicon: "",
      form_blocks: SIZE_BLOCKS_OUT,
      marketplace_favicon: "",
    });
  });

  it("another account, the live mode and an unknown id → 404", async () => {
    const other = await newAccount();
    const live = (await createApiKey({ email, mode: "live" })).api_key;
    for (const [k, id] of [
      [other.key, created.id],
      [live, created.id],
      [key, "00000000-0000-4000-8000-000000000000"],
      [key, marketplaceId],
    ] as const) {
      const res = await get(k, id);
      expect([res.status, res.body]).toEqual([404, GATEWAY_NOT_FOUND]);
    }
  });

  it("no key → 401; an id that is not a uuid → 422", async () => {
    const none = await get(null, created.id);
    expect([none.status, none.body]).toEqual([401, { detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" } }]);
    const bad = await get(key, "nope");
    expect([bad.status, bad.body]).toEqual([
      422,
      {
        detail: [
          {
            loc: ["path", "gateway_id"],
            msg: "Input should be a valid UUID, invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `n` at 1",
            type: "uuid_parsing",
            ctx: { error: "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `n` at 1" },
          },
        ],
      },
    ]);
  });

  it("other methods → 405", async () => {
    const res = await call(one.PATCH, "PATCH", `/v1/api/marketplace/gateway/${created.id}`, { key });
    expect([res.status, res.body]).toEqual([405, { detail: "Method Not Allowed" }]);
  });
});

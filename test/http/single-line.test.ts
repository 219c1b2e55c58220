import { beforeAll, describe, expect, it } from "vitest";
import * as acceptInvitation from "@/app/api/auth/invitations/accept/route";
import * as signup from "@/app/api/auth/signup/route";
import * as account from "@/app/v1/account/route";
import * as apiKeys from "@/app/v1/api-keys/route";
import * as marketplace from "@/app/v1/api/marketplace/route";
import * as marketplaceGateway from "@/app/v1/api/marketplace/gateway/[gateway_id]/route";
import * as marketplaceGateways from "@/app/v1/api/marketplace/gateway/route";
import * as gateway from "@/app/v1/gateway/[gateway_id]/route";
import * as gateways from "@/app/v1/gateway/route";
import * as me from "@/app/v1/me/route";
import * as webhook from "@/app/v1/webhooks/[webhook_id]/route";
import * as webhooks from "@/app/v1/webhooks/route";
import { createAccountInput, createKeyInput } from "@/lib/accounts/schemas";
import { sessionHeaders } from "@/test/support/accounts";
import { findMarketplaceLink } from "@/lib/checkout/queries";
import { createLink, merchantWithMarketplace } from "@/test/support/checkout";
import { startPayment } from "@/lib/payments/start-payment";
import { call, type Reply } from "@/test/support/api";
import { ValidationError } from "@/lib/core/errors";
import { validate } from "@/lib/core/validation";

// Names are one line (lib/core/single-line.ts): every name field the API, the dashboard, the
// checkout and the admin CLI take refuses a control character, a line break or a bidirectional
// override with a 422 item naming the field, whatever else the request holds.

const ERROR = "must be one line, without control characters";
const refused = (loc: (string | number)[]) => ({ loc, msg: `Value error, ${ERROR}`, type: "value_error", ctx: { error: ERROR } });

const HOSTILE = [
  "Shop\r\nBcc: x@evil.example",
  "Shop\nVoir le paiement : https://evil.example/d",
  "Shop\u2028Voir",
  "\u202eShop",
  "Sh\top",
  "Shop\u0085x",
];

let m: Awaited<ReturnType<typeof merchantWithMarketplace>>;
let session: Record<string, string>;
let linkId: string;
let webhookId: string;
const dashboard = { origin: "http://kola.test" };

beforeAll(async () => {
  m = await merchantWithMarketplace();
  session = await sessionHeaders(m.accountId);
  linkId = (await createLink(m.key)).id;
  webhookId = ((await call(webhooks.POST, "POST", "/v1/webhooks", { key: m.key, json: { url: "http://127.0.0.1:9/hook" } })).body as { id: string }).id;
});

const multipart = (parts: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  return form;
};

/** Where a name goes in, and the 422 item's loc when it is refused. */
const fields: { where: string; loc: (string | number)[]; send: (name: string) => Promise<Reply | { status: 422; body: { detail: unknown } }> }[] = [
  { where: "POST /v1/gateway shop_name", loc: ["body", "shop_name"], send: (v) => call(gateways.POST, "POST", "/v1/gateway", { key: m.key, json: { amount: 5000, shop_name: v } }) },
  { where: "PUT /v1/gateway/{id} shop_name", loc: ["body", "shop_name"], send: (v) => call(gateway.PUT, "PUT", `/v1/gateway/${linkId}`, { key: m.key, json: { shop_name: v } }) },
  {
    where: "POST /v1/api/marketplace/gateway shop_name",
    loc: ["body", "shop_name"],
    send: (v) => call(marketplaceGateways.POST, "POST", "/v1/api/marketplace/gateway", { key: m.key, json: { amount: 5000, shop_name: v, phone_number: "+237 6 99 00 00 00" } }),
  },
  {
    where: "PUT /v1/api/marketplace/gateway/{id} shop_name",
    loc: ["body", "shop_name"],
    send: (v) => call(marketplaceGateway.PUT, "PUT", `/v1/api/marketplace/gateway/${m.link.id}`, { key: m.key, json: { shop_name: v } }),
  },
  { where: "POST /v1/api/marketplace name", loc: ["body", "name"], send: (v) => call(marketplace.POST, "POST", "/v1/api/marketplace", { key: m.key, form: multipart({ name: v }) }) },
  { where: "PATCH /v1/api/marketplace/ name", loc: ["body", "name"], send: (v) => call(marketplace.PATCH, "PATCH", "/v1/api/marketplace/", { key: m.key, form: multipart({ name: v }) }) },
  { where: "PATCH /v1/account business_name", loc: ["body", "business_name"], send: (v) => call(account.PATCH, "PATCH", "/v1/account", { key: m.key, json: { business_name: v } }) },
  {
    where: "POST /api/auth/signup business_name",
    loc: ["body", "business_name"],
    send: (v) => call(signup.POST, "POST", "/api/auth/signup", { json: { email: "new@example.com", password: "correct horse", business_name: v, country: "CMR" }, headers: dashboard }),
  },
  { where: "POST /v1/api-keys name", loc: ["body", "name"], send: (v) => call(apiKeys.POST, "POST", "/v1/api-keys", { headers: session, json: { name: v } }) },
  { where: "PATCH /v1/me name", loc: ["body", "name"], send: (v) => call(me.PATCH, "PATCH", "/v1/me", { headers: session, json: { name: v } }) },
  {
    where: "POST /api/auth/invitations/accept name",
    loc: ["body", "name"],
    send: (v) => call(acceptInvitation.POST, "POST", "/api/auth/invitations/accept", { json: { token: "x", password: "correct horse", name: v }, headers: dashboard }),
  },
  {
    where: "POST /v1/webhooks description",
    loc: ["body", "description"],
    send: (v) => call(webhooks.POST, "POST", "/v1/webhooks", { key: m.key, json: { url: "http://127.0.0.1:9/hook", description: v } }),
  },
  { where: "PATCH /v1/webhooks/{id} description", loc: ["body", "description"], send: (v) => call(webhook.PATCH, "PATCH", `/v1/webhooks/${webhookId}`, { key: m.key, json: { description: v } }) },
  {
    where: "checkout (marketplace link) full_name",
    loc: ["body", "full_name"],
    send: async (v) => {
      const { gateway: link } = (await findMarketplaceLink(m.link.id))!;
      const buyer = { country: "CMR" as const, operator: "MTN_MOMO_CMR", phone: "670000042", client_token: "a".repeat(32), full_name: v, email: "awa@example.com", answers: {} };
      return caught(() => startPayment({ kind: "market", gateway: link }, buyer));
    },
  },
  {
    where: "admin CLI create-account --business",
    loc: ["body", "business"],
    send: (v) => caught(async () => validate(createAccountInput, { email: "a@example.com", password: "password-123", business: v, country: "CMR" }, "body")),
  },
  { where: "admin CLI create-key --name", loc: ["body", "name"], send: (v) => caught(async () => validate(createKeyInput, { email: "a@example.com", mode: "test", name: v }, "body")) },
];

/** A domain call's ValidationError as the 422 the edge would answer. */
async function caught(fn: () => Promise<unknown>): Promise<{ status: 422; body: { detail: unknown } }> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof ValidationError) return { status: 422, body: { detail: error.items } };
    throw error;
  }
  throw new Error("accepted");
}

describe("control characters in names → 422 naming the field", () => {
  it.each(fields.flatMap((field) => HOSTILE.map((value) => [field.where, JSON.stringify(value), field, value] as const)))(
    "%s = %s",
    async (_, __, field, value) => {
      const reply = await field.send(value);
      expect([reply.status, reply.body]).toEqual([422, { detail: [refused(field.loc)] }]);
    },
  );

  it("a NUL is reported once, by its own rule", async () => {
    const reply = await call(gateways.POST, "POST", "/v1/gateway", { key: m.key, json: { amount: 5000, shop_name: "Sh\u0000op" } });
    expect([reply.status, reply.body]).toEqual([
      422,
      { detail: [{ loc: ["body", "shop_name"], msg: "Value error, must not contain a NUL character", type: "value_error", ctx: { error: "must not contain a NUL character" } }] },
    ]);
  });

  it.each([
    ["white space around a name is trimmed, a line break there with it", " \tBoutique Awa\r\n", 200, "Boutique Awa"],
    ["accents, apostrophes and emoji are text", "Café d’Awa «Chez nous» 🌶️", 200, "Café d’Awa «Chez nous» 🌶️"],
  ])("%s", async (_, shopName, status, stored) => {
    const reply = await call(gateways.POST, "POST", "/v1/gateway", { key: m.key, json: { amount: 5000, shop_name: shopName } });
    expect([reply.status, (reply.body as { shop_name: string }).shop_name]).toEqual([status, stored]);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as collection from "@/app/v1/webhooks/route";
import * as item from "@/app/v1/webhooks/[webhook_id]/route";
import * as rotate from "@/app/v1/webhooks/[webhook_id]/rotate-secret/route";
import * as test from "@/app/v1/webhooks/[webhook_id]/test/route";
import * as deliveries from "@/app/v1/webhooks/[webhook_id]/deliveries/route";
import * as delivery from "@/app/v1/webhooks/[webhook_id]/deliveries/[delivery_id]/route";
import * as resend from "@/app/v1/webhooks/[webhook_id]/deliveries/[delivery_id]/resend/route";
import { createApiKey } from "@/lib/accounts/create-account";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { call, newAccount, type CallOptions, type Reply } from "@/test/support/api";
import { eventTypes } from "@/lib/core/event-types";
import { setWebhookResolver } from "@/lib/webhooks/settings";
import { startReceiver } from "@/test/support/webhooks";
import { createWebhookWorker } from "@/test/support/webhook-worker";

// The /v1/webhooks API (DESIGN §8), called in-process on a real database; whole bodies asserted.

type Endpoint = {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
};
type WithSecret = Endpoint & { secret: string };
type Delivery = { id: string; event_id: string; status: string; attempts: unknown[]; payload: { id: string } };
type Item = { loc: (string | number)[]; msg: string; type: string; ctx?: Record<string, string | number> };

const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const EVT = expect.stringMatching(/^evt_[0-9a-f]{32}$/);
const SECRET = expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/);

const error = (type: string, message: string) => ({ detail: { message, type } });
const NO_KEY = error("NO_API_KEY_PROVIDED", "No API Key.");
const NOT_FOUND = error("WEBHOOK_NOT_FOUND", "Webhook endpoint not found");
const DELIVERY_NOT_FOUND = error("WEBHOOK_DELIVERY_NOT_FOUND", "Webhook delivery not found");
const DISABLED = error("WEBHOOK_DISABLED", "This webhook endpoint is disabled; enable it first");
const LIMIT = error("WEBHOOK_LIMIT_REACHED", "This account has the most webhook endpoints allowed in this mode (16)");
const bad = (loc: (string | number)[], msg: string, type: string, ctx?: Item["ctx"]): Item => (ctx ? { loc, msg, type, ctx } : { loc, msg, type });
const BOOL_PARSING = bad(["body", "enabled"], "Input should be a valid boolean, unable to interpret input", "bool_parsing");
const EVENT_TYPES =
  "'payment.succeeded', 'payment.failed', 'payment.expired', 'marketplace.transaction.succeeded', 'marketplace.transaction.failed', 'marketplace.transaction.expired', 'payout.succeeded', 'payout.failed', 'seller_payout.succeeded', 'seller_payout.failed', 'refund.succeeded', 'refund.failed', 'invoice.created', 'invoice.partially_paid', 'invoice.paid', 'invoice.cancelled' or 'invoice.overdue'";
/** A refused URL: pydantic's value_error (`ctx.error` the API's words) and why as data beside it (what the dashboard words). */
const badUrl = (msg: string, why: Record<string, string>) => ({ detail: [bad(["body", "url"], `Value error, ${msg}`, "value_error", { error: msg, ...why })] });

async function send(handler: Parameters<typeof call>[0], method: string, path: string, options?: CallOptions): Promise<Reply> {
  const reply = await call(handler, method, path, options);
  expect(reply.headers.get("x-request-id")).toBeTruthy();
  return reply;
}
const create = (key: string | null, json: unknown) => send(collection.POST, "POST", "/v1/webhooks", { key, json });
const list = (key: string, query = "") => send(collection.GET, "GET", `/v1/webhooks${query}`, { key });
const get = (key: string | null, id: string) => send(item.GET, "GET", `/v1/webhooks/${id}`, { key });
const update = (key: string | null, id: string, json: unknown) => send(item.PATCH, "PATCH", `/v1/webhooks/${id}`, { key, json });
const remove = (key: string | null, id: string) => send(item.DELETE, "DELETE", `/v1/webhooks/${id}`, { key });
const rotateSecret = (key: string | null, id: string) => send(rotate.POST, "POST", `/v1/webhooks/${id}/rotate-secret`, { key });
const sendTest = (key: string | null, id: string) => send(test.POST, "POST", `/v1/webhooks/${id}/test`, { key });
const log = (key: string | null, id: string, query = "") => send(deliveries.GET, "GET", `/v1/webhooks/${id}/deliveries${query}`, { key });
const getDelivery = (key: string | null, id: string, deliveryId: string) =>
  send(delivery.GET, "GET", `/v1/webhooks/${id}/deliveries/${deliveryId}`, { key });
const resendDelivery = (key: string | null, id: string, deliveryId: string) =>
  send(resend.POST, "POST", `/v1/webhooks/${id}/deliveries/${deliveryId}/resend`, { key });

async function createOk(key: string, json: object = { url: "https://shop.example/hooks" }): Promise<WithSecret> {
  const reply = await create(key, json);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as WithSecret;
}

const viewOf = ({ secret, ...endpoint }: WithSecret): Endpoint => (void secret, endpoint);

let merchant: Awaited<ReturnType<typeof newAccount>>;
beforeAll(async () => {
  merchant = await newAccount("CMR");
});

afterEach(() => {
  vi.unstubAllEnvs();
  setWebhookResolver(undefined);
});

describe("POST /v1/webhooks", () => {
  it("creates an endpoint for every event type and shows its secret once", async () => {
    const reply = await create(merchant.key, { url: "https://shop.example/hooks/kola" });
    expect([reply.status, reply.body]).toEqual([
      200,
      {
        id: UUID,
        url: "https://shop.example/hooks/kola",
        description: "",
        event_types: [],
        enabled: true,
        created_at: ISO,
        updated_at: ISO,
        secret: SECRET,
      },
    ]);
    const created = reply.body as WithSecret;
    expect((await get(merchant.key, created.id)).body).toEqual(viewOf(created));
  });

  it("keeps every field sent; event types once each, in the documented order", async () => {
    const reply = await create(merchant.key, {
      url: "http://127.0.0.1:9/hook", // private addresses are allowed outside production
      description: "  ERP  ",
      event_types: ["payment.failed", "payment.succeeded", "payment.failed"],
      enabled: false,
    });
    expect([reply.status, reply.body]).toEqual([
      200,
      {
        id: UUID,
        url: "http://127.0.0.1:9/hook",
        description: "ERP",
        event_types: ["payment.succeeded", "payment.failed"],
        enabled: false,
        created_at: ISO,
        updated_at: ISO,
        secret: SECRET,
      },
    ]);
  });

  const invalid: [string, unknown, Item[]][] = [
    ["url missing", {}, [bad(["body", "url"], "Field required", "missing")]],
    ["url not text", { url: 42 }, [bad(["body", "url"], "Input should be a valid string", "string_type")]],
    ["url relative", { url: "/hooks" }, [bad(["body", "url"], "Value error, must be an absolute http(s) URL", "value_error", { error: "must be an absolute http(s) URL" })]],
    ["url ftp", { url: "ftp://shop.example/x" }, [bad(["body", "url"], "Value error, must be an absolute http(s) URL", "value_error", { error: "must be an absolute http(s) URL" })]],
    [
      "url too long",
      { url: `https://shop.example/${"x".repeat(2048)}` },
      [bad(["body", "url"], "String should have at most 2048 characters", "string_too_long", { max_length: 2048 })],
    ],
    [
      "an unknown event type",
      { url: "https://shop.example/h", event_types: ["payment.refunded"] },
      [
        bad(
          ["body", "event_types", 0],
          "Input should be 'payment.succeeded', 'payment.failed', 'payment.expired', 'marketplace.transaction.succeeded', 'marketplace.transaction.failed', 'marketplace.transaction.expired', 'payout.succeeded', 'payout.failed', 'seller_payout.succeeded', 'seller_payout.failed', 'refund.succeeded', 'refund.failed', 'invoice.created', 'invoice.partially_paid', 'invoice.paid', 'invoice.cancelled' or 'invoice.overdue'",
          "enum",
          { expected: EVENT_TYPES },
        ),
      ],
    ],
    ["event_types not a list", { url: "https://shop.example/h", event_types: "payment.failed" }, [
      bad(["body", "event_types"], "Input should be a valid list", "list_type"),
    ]],
    ["enabled as a word pydantic does not read", { url: "https://shop.example/h", enabled: "maybe" }, [BOOL_PARSING]],
    ["enabled as a list", { url: "https://shop.example/h", enabled: [true] }, [bad(["body", "enabled"], "Input should be a valid boolean", "bool_type")]],
    ["description too long", { url: "https://shop.example/h", description: "d".repeat(501) }, [
      bad(["body", "description"], "String should have at most 500 characters", "string_too_long", { max_length: 500 }),
    ]],
    ["every problem at once", { url: 1, event_types: [1], enabled: "maybe" }, [
      bad(["body", "url"], "Input should be a valid string", "string_type"),
      bad(
        ["body", "event_types", 0],
        "Input should be 'payment.succeeded', 'payment.failed', 'payment.expired', 'marketplace.transaction.succeeded', 'marketplace.transaction.failed', 'marketplace.transaction.expired', 'payout.succeeded', 'payout.failed', 'seller_payout.succeeded', 'seller_payout.failed', 'refund.succeeded', 'refund.failed', 'invoice.created', 'invoice.partially_paid', 'invoice.paid', 'invoice.cancelled' or 'invoice.overdue'",
        "enum",
        { expected: EVENT_TYPES },
      ),
      BOOL_PARSING,
    ]],
  ];
  for (const [name, json, detail] of invalid) {
    it(`answers 422 for ${name}`, async () => {
      const reply = await create(merchant.key, json);
      expect([reply.status, reply.body]).toEqual([422, { detail }]);
    });
  }

  it("answers 422 json_invalid for a body that is not JSON, 401 without a key", async () => {
    const reply = await send(collection.POST, "POST", "/v1/webhooks", { key: merchant.key, raw: '{"url": 5,}' });
    expect([reply.status, reply.body]).toEqual([422, { detail: [bad(["body", 10], "JSON decode error", "json_invalid", { error: "Expecting property name enclosed in double quotes" })] }]);
    const anonymous = await create(null, { url: "https://shop.example/h" });
    expect([anonymous.status, anonymous.body]).toEqual([401, NO_KEY]);
  });

  describe("with private addresses refused (production, or WEBHOOKS_ALLOW_PRIVATE_URLS=0)", () => {
    const refused: [string, string, Record<string, string>][] = [
      ["http://10.1.2.3/hook", "must be a public address: 10.1.2.3 is a private address", { reason: "private_address", host: "10.1.2.3", problem: "a private address" }],
      ["http://172.16.0.1/hook", "must be a public address: 172.16.0.1 is a private address", { reason: "private_address", host: "172.16.0.1", problem: "a private address" }],
      ["http://192.168.1.1/hook", "must be a public address: 192.168.1.1 is a private address", { reason: "private_address", host: "192.168.1.1", problem: "a private address" }],
      ["http://127.0.0.1:3000/hook", "must be a public address: 127.0.0.1 is a loopback address", { reason: "private_address", host: "127.0.0.1", problem: "a loopback address" }],
      ["http://127.8.9.10/hook", "must be a public address: 127.8.9.10 is a loopback address", { reason: "private_address", host: "127.8.9.10", problem: "a loopback address" }],
      ["http://169.254.169.254/latest/meta-data", "must be a public address: 169.254.169.254 is a link-local address", { reason: "private_address", host: "169.254.169.254", problem: "a link-local address" }],
      ["http://100.64.0.7/hook", "must be a public address: 100.64.0.7 is a shared (CGNAT) address", { reason: "private_address", host: "100.64.0.7", problem: "a shared (CGNAT) address" }],
      ["http://224.0.0.1/hook", "must be a public address: 224.0.0.1 is a multicast address", { reason: "private_address", host: "224.0.0.1", problem: "a multicast address" }],
      ["http://0.0.0.0:8080/hook", "must be a public address: 0.0.0.0 is an unspecified address", { reason: "private_address", host: "0.0.0.0", problem: "an unspecified address" }],
      ["http://2130706433/hook", "must be a public address: 127.0.0.1 is a loopback address", { reason: "private_address", host: "127.0.0.1", problem: "a loopback address" }], // 127.0.0.1 as one number
      ["http://[::1]/hook", "must be a public address: ::1 is a loopback address", { reason: "private_address", host: "::1", problem: "a loopback address" }],
      ["http://[::]/hook", "must be a public address: :: is an unspecified address", { reason: "private_address", host: "::", problem: "an unspecified address" }],
      ["http://[fc00::1]/hook", "must be a public address: fc00::1 is a private address", { reason: "private_address", host: "fc00::1", problem: "a private address" }],
      ["http://[fd12:3456::1]/hook", "must be a public address: fd12:3456::1 is a private address", { reason: "private_address", host: "fd12:3456::1", problem: "a private address" }],
      ["http://[fe80::1]/hook", "must be a public address: fe80::1 is a link-local address", { reason: "private_address", host: "fe80::1", problem: "a link-local address" }],
      ["http://[ff02::1]/hook", "must be a public address: ff02::1 is a multicast address", { reason: "private_address", host: "ff02::1", problem: "a multicast address" }],
      ["http://[::ffff:127.0.0.1]/hook", "must be a public address: ::ffff:7f00:1 is a loopback address", { reason: "private_address", host: "::ffff:7f00:1", problem: "a loopback address" }],
      ["http://[::ffff:10.0.0.1]/hook", "must be a public address: ::ffff:a00:1 is a private address", { reason: "private_address", host: "::ffff:a00:1", problem: "a private address" }],
      ["http://[64:ff9b::a9fe:a9fe]/hook", "must be a public address: 64:ff9b::a9fe:a9fe is a link-local address", { reason: "private_address", host: "64:ff9b::a9fe:a9fe", problem: "a link-local address" }],
      ["http://localhost:3000/hook", "must be a public address: localhost is a loopback name", { reason: "private_address", host: "localhost", problem: "a loopback name" }],
      ["http://api.localhost/hook", "must be a public address: api.localhost is a loopback name", { reason: "private_address", host: "api.localhost", problem: "a loopback name" }],
      ["http://loopback.test/hook", "must be a public address: loopback.test resolves to 127.0.0.1, a loopback address", { reason: "private_address", host: "loopback.test", address: "127.0.0.1", problem: "a loopback address" }],
      ["http://dual.test/hook", "must be a public address: dual.test resolves to 10.0.0.8, a private address", { reason: "private_address", host: "dual.test", address: "10.0.0.8", problem: "a private address" }],
    ];
    for (const [url, msg, ctx] of refused) {
      it(`refuses ${url}`, async () => {
        vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "0");
        setWebhookResolver(async (name) =>
          name === "loopback.test"
            ? [{ address: "127.0.0.1", family: 4 }]
            : [
                { address: "93.184.216.34", family: 4 },
                { address: "10.0.0.8", family: 4 },
              ],
        );
        const reply = await create(merchant.key, { url });
        expect([reply.status, reply.body]).toEqual([422, badUrl(msg, ctx)]);
      });
    }

    it("accepts public addresses and names, and a name that does not resolve yet (delivery checks again)", async () => {
      vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "0");
      setWebhookResolver(async (name) => {
        if (name === "public.test") return [{ address: "93.184.216.34", family: 4 }, { address: "2606:2800:220:1::1", family: 6 }];
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      });
      for (const url of ["http://93.184.216.34/hook", "http://[2606:2800:220:1::1]/hook", "https://public.test/hook", "https://not-yet.test/hook"]) {
        expect((await create(merchant.key, { url })).status, url).toBe(200);
      }
    });

    it("in production, requires https and refuses private addresses unless WEBHOOKS_ALLOW_PRIVATE_URLS=1", async () => {
      vi.stubEnv("NODE_ENV", "production");
      expect((await create(merchant.key, { url: "http://93.184.216.34/hook" })).body).toEqual(badUrl("must use https", { reason: "https_required" }));
      expect((await create(merchant.key, { url: "https://127.0.0.1/hook" })).body).toEqual(
        badUrl("must be a public address: 127.0.0.1 is a loopback address", { reason: "private_address", host: "127.0.0.1", problem: "a loopback address" }),
      );
      expect((await create(merchant.key, { url: "https://93.184.216.34/hook" })).status).toBe(200);
      vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "1");
      expect((await create(merchant.key, { url: "http://127.0.0.1:3000/hook" })).status).toBe(200);
    });

    it("checks a changed URL on update too", async () => {
      const endpoint = await createOk(merchant.key, { url: "http://127.0.0.1:3000/hook" });
      vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "0");
      const reply = await update(merchant.key, endpoint.id, { url: "http://10.0.0.1/hook", description: "x" });
      expect([reply.status, reply.body]).toEqual([422, badUrl("must be a public address: 10.0.0.1 is a private address", { reason: "private_address", host: "10.0.0.1", problem: "a private address" })]);
      expect((await get(merchant.key, endpoint.id)).body).toEqual(viewOf(endpoint));
      // fields other than the URL may still change
      expect((await update(merchant.key, endpoint.id, { description: "kept" })).status).toBe(200);
    });
  });

  it("allows 16 endpoints per account and mode", async () => {
    const shop = await newAccount();
    for (let i = 0; i < 16; i++) await createOk(shop.key, { url: `https://shop.example/${i}` });
    const reply = await create(shop.key, { url: "https://shop.example/17" });
    expect([reply.status, reply.body]).toEqual([409, LIMIT]);
    const live = (await createApiKey({ email: shop.email, mode: "live" })).api_key;
    expect((await create(live, { url: "https://shop.example/live" })).status).toBe(200);
  });
});

describe("GET /v1/webhooks", () => {
  it("lists the caller's endpoints of the key's mode, newest first, in pages", async () => {
    const shop = await newAccount();
    const created = [];
    for (const n of [1, 2, 3]) created.push(await createOk(shop.key, { url: `https://shop.example/${n}` }));
    await createOk((await newAccount()).key); // another account's
    const live = (await createApiKey({ email: shop.email, mode: "live" })).api_key;
    await createOk(live, { url: "https://shop.example/live" });

    const all = await list(shop.key);
    expect([all.status, all.body, all.headers.get("link")]).toEqual([200, created.reverse().map(viewOf), null]);
    const first = await list(shop.key, "?limit=2");
    expect(first.body).toEqual(created.slice(0, 2).map(viewOf));
    expect(first.headers.get("link")).toBe(`<http://kola.test/v1/webhooks?limit=2&starting_after=${created[1]!.id}>; rel="next"`);
    const second = await list(shop.key, `?limit=2&starting_after=${created[1]!.id}`);
    expect([second.body, second.headers.get("link")]).toEqual([[viewOf(created[2]!)], null]);
    expect((await list(live)).body).toEqual([expect.objectContaining({ url: "https://shop.example/live" })]);
  });
});

describe("one endpoint", () => {
  it("updates only the fields sent", async () => {
    const endpoint = await createOk(merchant.key);
    const reply = await update(merchant.key, endpoint.id, { enabled: false, event_types: ["payment.expired"] });
    expect([reply.status, reply.body]).toEqual([
      200,
      { ...viewOf(endpoint), enabled: false, event_types: ["payment.expired"], updated_at: ISO },
    ]);
    expect((reply.body as Endpoint).updated_at >= endpoint.updated_at).toBe(true);
    const again = await update(merchant.key, endpoint.id, {
      url: "https://erp.example/in",
      description: "ERP",
      event_types: [],
      enabled: true,
    });
    expect(again.body).toEqual({ ...viewOf(endpoint), url: "https://erp.example/in", description: "ERP", updated_at: ISO });
    expect((await update(merchant.key, endpoint.id, {})).body).toEqual(again.body);
    const invalid = await update(merchant.key, endpoint.id, { enabled: 2, url: "" });
    expect([invalid.status, invalid.body]).toEqual([
      422,
      {
        detail: [
          bad(["body", "url"], "Value error, must be an absolute http(s) URL", "value_error", { error: "must be an absolute http(s) URL" }),
          BOOL_PARSING,
        ],
      },
    ]);
  });

  it("rotates the secret: the new one is shown once", async () => {
    const endpoint = await createOk(merchant.key);
    const reply = await rotateSecret(merchant.key, endpoint.id);
    expect([reply.status, reply.body]).toEqual([200, { ...viewOf(endpoint), updated_at: ISO, secret: SECRET }]);
    expect((reply.body as WithSecret).secret).not.toBe(endpoint.secret);
    expect((await get(merchant.key, endpoint.id)).body).not.toHaveProperty("secret");
  });

  it("deletes an endpoint, then knows it no more", async () => {
    const endpoint = await createOk(merchant.key);
    const reply = await remove(merchant.key, endpoint.id);
    expect([reply.status, reply.body]).toEqual([200, { id: endpoint.id, deleted: true }]);
    for (const again of [await get(merchant.key, endpoint.id), await remove(merchant.key, endpoint.id), await sendTest(merchant.key, endpoint.id)]) {
      expect([again.status, again.body]).toEqual([404, NOT_FOUND]);
    }
  });

  it("answers 404 for another account's or another mode's endpoint, and changes nothing", async () => {
    const endpoint = await createOk(merchant.key);
    const other = await newAccount();
    const live = (await createApiKey({ email: merchant.email, mode: "live" })).api_key;
    for (const key of [other.key, live]) {
      const replies = [
        await get(key, endpoint.id),
        await update(key, endpoint.id, { enabled: false }),
        await remove(key, endpoint.id),
        await rotateSecret(key, endpoint.id),
        await sendTest(key, endpoint.id),
        await log(key, endpoint.id),
        await getDelivery(key, endpoint.id, endpoint.id),
        await resendDelivery(key, endpoint.id, endpoint.id),
      ];
      expect(replies.map((r) => [r.status, r.body])).toEqual(Array(8).fill([404, NOT_FOUND]));
    }
    expect((await get(merchant.key, endpoint.id)).body).toEqual(viewOf(endpoint));
  });

  it("answers 422 for ids that are not UUIDs and 401 without a key", async () => {
    const error = "invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `n` at 1";
    const uuidItem = (name: string) => bad(["path", name], `Input should be a valid UUID, ${error}`, "uuid_parsing", { error });
    expect((await get(merchant.key, "nope")).body).toEqual({ detail: [uuidItem("webhook_id")] });
    const reply = await resendDelivery(merchant.key, "nope", "nada");
    expect([reply.status, reply.body]).toEqual([422, { detail: [uuidItem("webhook_id"), uuidItem("delivery_id")] }]);
    const anonymous = await log(null, "00000000-0000-4000-8000-000000000000");
    expect([anonymous.status, anonymous.body]).toEqual([401, NO_KEY]);
  });

  it("answers 405 for methods a path does not have", async () => {
    const reply = await send(item.PUT, "PUT", "/v1/webhooks/00000000-0000-4000-8000-000000000000");
    expect([reply.status, reply.body]).toEqual([405, { detail: "Method Not Allowed" }]);
  });
});

describe("test events, the delivery log and resends", () => {
  it("queues a signed webhook.test event; the log shows its attempts", async () => {
    const shop = await newAccount();
    const inbox = await startReceiver(() => ({ status: 200, body: '{"received": true}' }));
    try {
      const endpoint = await createOk(shop.key, { url: inbox.url, event_types: ["payment.failed"] });
      const queued = await sendTest(shop.key, endpoint.id);
      const body = queued.body as Delivery;
      expect([queued.status, body]).toEqual([
        200,
        {
          id: UUID,
          webhook_id: endpoint.id,
          event_id: EVT,
          event_type: "webhook.test",
          status: "pending",
          attempt_count: 0,
          next_attempt_at: ISO,
          last_attempt_at: null,
          created_at: ISO,
          payload: {
            id: body.event_id,
            type: "webhook.test",
            created_at: ISO,
            sequence: 1,
            data: { webhook_id: endpoint.id, message: "A test event from Kola: your endpoint receives and verifies events." },
          },
          attempts: [],
        },
      ]);

      await createWebhookWorker({ lanes: 1 }).drain();
      expect(inbox.verifyAll(endpoint.secret)).toEqual([body.payload]);
      const [logged] = (await log(shop.key, endpoint.id)).body as Delivery[];
      expect(logged).toEqual({
        ...body,
        status: "succeeded",
        attempt_count: 1,
        next_attempt_at: null,
        last_attempt_at: ISO,
        attempts: [
          { attempt: 1, created_at: ISO, status_code: 200, latency_ms: expect.any(Number), response_excerpt: '{"received": true}', error: null, error_code: null },
        ],
      });
      // one delivery's detail adds the exact body sent and each answer's body
      const after = await getDelivery(shop.key, endpoint.id, body.id);
      expect([after.status, after.body]).toEqual([
        200,
        {
          ...logged,
          request_body: inbox.received[0]!.body,
          attempts: [{ ...(logged!.attempts[0] as object), response_body: '{"received": true}' }],
        },
      ]);

      // resend: the same event again, with the same webhook-id, one more attempt in the log
      const resent = await resendDelivery(shop.key, endpoint.id, body.id);
      expect([resent.status, resent.body]).toEqual([
        200,
        { ...(logged as object), status: "pending", next_attempt_at: ISO },
      ]);
      await createWebhookWorker({ lanes: 1 }).drain();
      expect(inbox.received.map((r) => r.headers["webhook-id"])).toEqual([body.event_id, body.event_id]);
      const twice = (await getDelivery(shop.key, endpoint.id, body.id)).body as Delivery;
      expect([twice.status, twice.attempts.length]).toEqual(["succeeded", 2]);
    } finally {
      await inbox.close();
    }
  });

  it("keeps the first 64 KB of an answer for the detail, 1 KB in the log; the secret appears nowhere", async () => {
    const shop = await newAccount();
    const answer = `${"é".repeat(40 * 1024)}${"z".repeat(40 * 1024)}`; // 120 KB of UTF-8
    const inbox = await startReceiver(() => ({ status: 500, body: answer }));
    try {
      const endpoint = await createOk(shop.key, { url: inbox.url });
      const queued = (await sendTest(shop.key, endpoint.id)).body as Delivery;
      await createWebhookWorker({ lanes: 1 }).drain();
      const detail = (await getDelivery(shop.key, endpoint.id, queued.id)).body as {
        request_body: string;
        attempts: { response_body: string; response_excerpt: string; status_code: number }[];
      };
      const [attempt] = detail.attempts;
      expect(attempt!.status_code).toBe(500);
      expect(Buffer.byteLength(attempt!.response_body)).toBe(64 * 1024);
      expect(attempt!.response_body).toBe(answer.slice(0, 32 * 1024));
      expect(attempt!.response_excerpt).toBe(answer.slice(0, 512));
      expect(detail.request_body).toBe(inbox.received[0]!.body);
      expect(JSON.stringify(detail)).not.toContain(endpoint.secret.slice("whsec_".length));
    } finally {
      await inbox.close();
    }
  });

  it("pages the log newest first and filters it by status and event id", async () => {
    const shop = await newAccount();
    const endpoint = await createOk(shop.key);
    const queued: Delivery[] = [];
    for (let i = 0; i < 3; i++) queued.push((await sendTest(shop.key, endpoint.id)).body as Delivery);
    const newest = [...queued].reverse();

    const first = await log(shop.key, endpoint.id, "?limit=2");
    expect([first.status, first.body]).toEqual([200, newest.slice(0, 2)]);
    expect(first.headers.get("link")).toBe(
      `<http://kola.test/v1/webhooks/${endpoint.id}/deliveries?limit=2&starting_after=${newest[1]!.id}>; rel="next"`,
    );
    expect((await log(shop.key, endpoint.id, `?limit=2&starting_after=${newest[1]!.id}`)).body).toEqual([newest[2]]);
    expect((await log(shop.key, endpoint.id, `?event_id=${queued[1]!.event_id}`)).body).toEqual([queued[1]]);
    expect((await log(shop.key, endpoint.id, "?status=pending")).body).toEqual(newest);
    expect((await log(shop.key, endpoint.id, "?status=failed")).body).toEqual([]);
    const invalid = await log(shop.key, endpoint.id, "?status=done&limit=0");
    expect([invalid.status, invalid.body]).toEqual([
      422,
      {
        detail: [
          bad(["query", "limit"], "Input should be greater than or equal to 1", "greater_than_equal", { ge: 1 }),
          bad(["query", "status"], "Input should be 'pending', 'succeeded' or 'failed'", "enum", { expected: "'pending', 'succeeded' or 'failed'" }),
        ],
      },
    ]);
  });

  it("knows a delivery only under its own endpoint", async () => {
    const shop = await newAccount();
    const a = await createOk(shop.key);
    const b = await createOk(shop.key);
    const queued = (await sendTest(shop.key, a.id)).body as Delivery;
    for (const reply of [await getDelivery(shop.key, b.id, queued.id), await resendDelivery(shop.key, b.id, queued.id)]) {
      expect([reply.status, reply.body]).toEqual([404, DELIVERY_NOT_FOUND]);
    }
  });

  it("refuses a test event or a resend for a disabled endpoint", async () => {
    const shop = await newAccount();
    const endpoint = await createOk(shop.key);
    const queued = (await sendTest(shop.key, endpoint.id)).body as Delivery;
    await update(shop.key, endpoint.id, { enabled: false });
    for (const reply of [await sendTest(shop.key, endpoint.id), await resendDelivery(shop.key, endpoint.id, queued.id)]) {
      expect([reply.status, reply.body]).toEqual([409, DISABLED]);
    }
  });
});

describe("OpenAPI", () => {
  it("documents every webhook operation", () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
    const ids = Object.entries(paths)
      .filter(([path]) => path.startsWith("/v1/webhooks"))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`));
    expect(ids.sort()).toEqual([
      "DELETE /v1/webhooks/{webhook_id} webhook_delete",
      "GET /v1/webhooks webhook_list",
      "GET /v1/webhooks/{webhook_id} webhook_get",
      "GET /v1/webhooks/{webhook_id}/deliveries webhook_deliveries",
      "GET /v1/webhooks/{webhook_id}/deliveries/{delivery_id} webhook_delivery",
      "PATCH /v1/webhooks/{webhook_id} webhook_update",
      "POST /v1/webhooks webhook_create",
      "POST /v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend webhook_resend",
      "POST /v1/webhooks/{webhook_id}/rotate-secret webhook_rotate_secret",
      "POST /v1/webhooks/{webhook_id}/test webhook_test",
    ]);
  });

  it("lists the twelve event types as the values of event_types", () => {
    const components = buildOpenApiDocument().components as {
      schemas: Record<string, { properties: { event_types: { items: { enum: string[] } } } }>;
    };
    expect(components.schemas.WebhookEndpoint!.properties.event_types.items.enum).toEqual([...eventTypes]);
  });
});

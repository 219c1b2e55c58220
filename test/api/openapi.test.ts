import { validate } from "@scalar/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as docsScript from "@/app/docs/scalar.js/route";
import * as docs from "@/app/docs/route";
import * as openapi from "@/app/v1/openapi.json/route";
import { eventTypes } from "@/lib/core/event-types";
import { errorTypes } from "@/lib/core/errors";
import { singleLinePattern } from "@/lib/core/single-line";
import { defineOperation } from "@/lib/core/operation";
import { call } from "@/test/support/api";
import { allOperations } from "@/lib/api/all-operations";
import { buildOpenApiDocument, openApiDocumentOf } from "@/lib/api/openapi";
import { scalarVersion } from "@/lib/api/reference-page";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = buildOpenApiDocument() as Json;
const operationOf = (method: string, path: string): Json => doc.paths[path][method.toLowerCase()];

describe("OpenAPI document", () => {
  it("is an OpenAPI 3.1 document of the Kola API", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "Kola API", version: "0.1.0" });
    expect(doc.servers).toEqual([{ url: "http://kola.test" }]);
    expect(doc.security).toEqual([{ apiKey: [] }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "api-key" });
  });

  it("passes an OpenAPI 3.1 validator", async () => {
    const result = await validate(structuredClone(doc));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has every $ref pointing at something", () => {
    const refs: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object")
        for (const [key, item] of Object.entries(value)) {
          if (key === "$ref") refs.push(item as string);
          else walk(item);
        }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const target = ref
        .replace(/^#\//, "")
        .split("/")
        .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it.each(allOperations.map((op) => [`${op.method} ${op.path}`, op] as const))("documents %s", (_, op) => {
    const described = operationOf(op.method, op.path);
    expect(described).toMatchObject({ summary: op.summary, tags: [op.tag], operationId: expect.any(String) });
    expect(described.security).toEqual(op.auth === "key" ? [{ apiKey: [] }] : []);
    expect(described.responses["200"].content[op.responseType ?? "application/json"].schema).toBeDefined();
    expect(described.responses["200"].headers["x-request-id"]).toBeDefined();
    if (op.paged) expect(described.responses["200"].headers.Link).toBeDefined();
    expect(Boolean(described.responses["200"].headers["Access-Control-Allow-Origin"])).toBe(op.path.startsWith("/v1/") && op.auth !== "session");
    if (op.params || op.query || op.body)
      expect(described.responses["422"].content["application/json"].schema).toBeDefined();

    for (const type of op.errors) {
      const { status, message } = errorTypes[type];
      const content = described.responses[String(status)]?.content["application/json"];
      expect(content, `${type} under ${status}`).toBeDefined();
      const examples = [content.example, ...Object.values((content.examples ?? {}) as Json).map((e) => e.value)];
      expect(examples).toContainEqual({ detail: { message, type } });
    }

    const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const documented = (described.parameters ?? []).filter((p: Json) => p.in === "path");
    expect(documented.map((p: Json) => p.name)).toEqual(pathParams);
    expect(documented.every((p: Json) => p.required)).toBe(true);
  });

  it("gives each operation its own operationId, all in one snake_case style", () => {
    const ids = allOperations.map((op) => operationOf(op.method, op.path).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !/^[a-z]+(_[a-z]+)*$/.test(id))).toEqual([]);
    expect(ids).toEqual(expect.arrayContaining(["gateway_create", "deposit_by_query", "account_list_keys", "account_revoke_key"]));
  });

  it("documents every webhook event, its body from the zod schema of its data", () => {
    expect(Object.keys(doc.webhooks)).toEqual([...eventTypes, "webhook.test"]);
    for (const [type, item] of Object.entries(doc.webhooks as Json)) {
      expect(item.post).toMatchObject({ summary: type, tags: ["Webhook events"], security: [] });
      expect(item.post.parameters.map((p: Json) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature", "webhook-sequence"]);
    }
    const ids = Object.values(doc.webhooks as Json).map((item) => item.post.operationId);
    expect(ids).toContain("event_marketplace_transaction_succeeded");
    const sale = doc.webhooks["marketplace.transaction.succeeded"].post.requestBody.content["application/json"].schema;
    expect(sale).toEqual({ $ref: "#/components/schemas/MarketplaceTransactionEventSucceeded" });
    const schema = doc.components.schemas.MarketplaceTransactionEventSucceeded;
    expect(schema.properties.type).toEqual({ type: "string", const: "marketplace.transaction.succeeded" });
    expect(Object.keys(schema.properties.data.properties)).toEqual([
      "track_id",
      "gateway_id",
      "order_id",
      "transaction_id",
      "amount",
      "currency",
      "status",
      "failure_reason",
      "country",
      "operator",
      "phone_number",
      "receipt_code",
    ]);
    expect(schema.properties.data.properties.amount.description).toMatch(/buyer price/);
    expect(schema.properties.data.properties.order_id).toMatchObject({ const: "" });
    expect(schema.properties.data.properties.receipt_code).toMatchObject({ type: "string", pattern: "^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$" });
    expect(schema.properties.data.required).toContain("receipt_code");
    // only a success has one
    expect(Object.keys(doc.components.schemas.MarketplaceTransactionEventFailed.properties.data.properties)).not.toContain("receipt_code");
  });

  it("documents the CSV exports as text/csv, their query and their columns", () => {
    const get = operationOf("GET", "/v1/exports/payments");
    expect(get.responses["200"].content).toEqual({ "text/csv": { schema: { type: "string" } } });
    expect(get.parameters.map((p: Json) => [p.name, p.in, p.required, p.schema.format ?? p.schema.enum])).toEqual([
      ["from", "query", true, "date"],
      ["to", "query", true, "date"],
      ["lang", "query", false, ["fr", "en"]],
      ["delimiter", "query", false, ["comma", "semicolon"]],
    ]);
    expect(get.description).toMatch(/byte order mark/);
    expect(get.description).toMatch(/`track_id`, `status`/);
    // columns are only ever added at the end
    expect(get.description).toMatch(/`receipt_code`, `payment_page_id`\. /);
    expect(operationOf("GET", "/v1/exports/marketplace-transactions").description).toMatch(/`buyer_price`, `product_price`, `fee`/);
  });

  it("describes the body of POST /v1/gateway from its zod schema", () => {
    const body = operationOf("POST", "/v1/gateway").requestBody;
    expect(body.required).toBe(true);
    const schema = body.content["application/json"].schema;
    expect(schema.properties.amount.type).toBe("integer");
    // optional: `null` means "not given" (DESIGN §9), as FastAPI documents `Optional[str] = ""`
    expect(schema.properties.message).toEqual({ anyOf: [{ type: "string", maxLength: 500 }, { type: "null" }], default: "" });
    expect(schema.properties.shop_name).toMatchObject({ type: "string", minLength: 1, maxLength: 100, pattern: singleLinePattern(true) });
    expect(schema.required).toContain("shop_name");
    expect(schema.required).not.toContain("message");
  });

  it("documents the provider callback's errors, every one from the error table", () => {
    const post = operationOf("POST", "/api/providers/{provider}/callback");
    const examples = (status: string) => {
      const content = post.responses[status].content["application/json"];
      return content.examples ? Object.keys(content.examples) : [content.example.detail.type];
    };
    expect(Object.keys(post.responses)).toEqual(["200", "401", "404", "413", "422", "503"]);
    expect([examples("401"), examples("404"), examples("503")]).toEqual([["INVALID_SIGNATURE"], ["PROVIDER_NOT_FOUND", "DEPOSIT_NOT_FOUND"], ["PROVIDER_UNAVAILABLE", "DATABASE_UNAVAILABLE", "SERVICE_BUSY"]]);
    expect(examples("422")).toEqual(["validation", "INVALID_CALLBACK"]);
  });

  it("describes responses with shared components", () => {
    const get = operationOf("GET", "/v1/gateway/{gateway_id}");
    expect(operationOf("PUT", "/v1/gateway/{gateway_id}").responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/PaymentGateway",
    });
    expect(get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/PaymentGatewayWithStatus" });
    expect(doc.components.schemas.PaymentGateway.properties.user_country).toEqual({ $ref: "#/components/schemas/Country" });
    expect(get.security).toEqual([]);
    expect(get.parameters).toEqual([
      { name: "gateway_id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      {
        name: "include",
        in: "query",
        required: false,
        description: "`payment_status`: add the link's `payment_status` and `attempted`; only the owner may ask (API key or dashboard session)",
        schema: { type: "string", enum: ["payment_status"] },
      },
    ]);
  });
});

describe("OpenAPI generation", () => {
  // a schema with a default: optional in a request, always present in a response
  const shop = z.object({ name: z.string(), fee: z.number().default(0) }).meta({ id: "TestShop" });
  const upload = defineOperation({
    method: "POST",
    path: "/v1/test/shop",
    tag: "Test",
    summary: "Upload a shop",
    auth: "key",
    body: shop,
    bodyKind: "multipart",
    files: { "logo.0": "PNG or JPEG, at most 1 MB" },
    response: shop,
    errors: ["UNSUPPORTED_FILE_TYPE"],
  });
  const generated = openApiDocumentOf([upload]) as Json;
  const described = generated.paths["/v1/test/shop"].post;

  it("documents multipart bodies with their file parts", () => {
    expect(described.requestBody.content["multipart/form-data"].schema).toEqual({
      allOf: [
        { $ref: "#/components/schemas/TestShopInput" },
        {
          type: "object",
          properties: {
            "logo.0": {
              type: "string",
              format: "binary",
              contentMediaType: "application/octet-stream",
              description: "PNG or JPEG, at most 1 MB",
            },
          },
        },
      ],
    });
  });

  it("names the request side of a schema apart when it differs from the response side", () => {
    expect(described.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/TestShop" });
    expect(generated.components.schemas.TestShop.required).toEqual(["name", "fee"]);
    expect(generated.components.schemas.TestShopInput.required).toEqual(["name"]);
  });

  it("adds the errors the route wrapper raises to those the operation lists (a write needs an admin: 403; the database may be away: 503)", () => {
    expect(Object.keys(described.responses)).toEqual(["200", "401", "403", "404", "409", "413", "415", "422", "503"]);
    expect(described.responses["503"].headers["Retry-After"]).toEqual({ $ref: "#/components/headers/Retry-After" });
    expect(described.responses["403"].content["application/json"].example).toEqual({
      detail: { message: "Your role on this account does not allow this action", type: "INSUFFICIENT_ROLE" },
    });
    expect(Object.keys(described.responses["422"].content["application/json"].examples)).toEqual([
      "validation",
      "IDEMPOTENCY_KEY_REUSED",
    ]);
  });

  it("passes the validator too", async () => {
    expect((await validate(structuredClone(generated))).errors).toEqual([]);
  });
});

describe("GET /v1/openapi.json", () => {
  it("serves the document as JSON", async () => {
    const reply = await call(openapi.GET, "GET", "/v1/openapi.json");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
    expect(reply.headers.get("x-request-id")).toBeTruthy();
    expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe("GET /docs", () => {
  it("serves a page that loads Scalar from our own origin under a strict CSP", async () => {
    const reply = await call(docs.GET, "GET", "/docs");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = reply.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/https?:/);
    expect(reply.body).toContain(`<script src="/docs/scalar.js?v=${scalarVersion()}"></script>`);
    expect(reply.body).toContain("/v1/openapi.json");
  });

  it.each([
    [`?v=${scalarVersion()}`, "public, max-age=31536000, immutable"],
    ["", "no-cache"],
  ])("serves the Scalar bundle%s with cache-control %s", async (query, cacheControl) => {
    const reply = await call(docsScript.GET, "GET", `/docs/scalar.js${query}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(reply.headers.get("cache-control")).toBe(cacheControl);
    expect(String(reply.body).length).toBeGreaterThan(1_000_000);
  });
});

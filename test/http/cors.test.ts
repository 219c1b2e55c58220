import { beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as predict from "@/app/api/providers/predict-operator/route";
import * as catchAll from "@/app/v1/[[...rest]]/route";
import * as apiKeys from "@/app/v1/api-keys/route";
import * as gateways from "@/app/v1/gateway/route";
import { openApiOperation } from "@/lib/api/openapi";
import { allOperations } from "@/lib/api/all-operations";
import { call, newAccount } from "@/test/support/api";
import { apiRouteFiles, servedMethods } from "@/test/support/route-files";

// CORS on the public API (DESIGN §9): every /v1 route file answers OPTIONS, preflights included,
// with the methods it has; answers are readable from any origin, never with credentials; the
// dashboard's own operations and everything outside /v1 answer no CORS.

const ORIGIN = "https://shop.example";
const EXPOSED = "link, x-request-id, retry-after, idempotent-replayed";
const ALLOWED_HEADERS = "api-key, content-type, idempotency-key, x-request-id";
const CORS_NAMES = [
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-allow-credentials",
  "access-control-expose-headers",
  "access-control-max-age",
  "allow",
];
/** The CORS headers of a response (and Allow), absent ones left out. */
const corsOf = (headers: Headers) =>
  Object.fromEntries(CORS_NAMES.filter((name) => headers.has(name)).map((name) => [name, headers.get(name)]));
const concrete = (template: string) => template.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");

const routes = apiRouteFiles().filter((route) => !route.path.includes("*"));

describe.each(routes.map((route) => [route.path, route] as const))("OPTIONS %s", (_, route) => {
  it("answers a preflight with the route's methods, api-key, content-type and idempotency-key, no credentials", async () => {
    const handlers = await route.load();
    const served = servedMethods(handlers);
    const open = served.filter((op) => op.auth !== "session").map((op) => op.method);
    const allow = [...served.map((op) => op.method), "OPTIONS"].join(", ");
    expect(handlers.OPTIONS, `${route.file} exports OPTIONS`).toBeDefined();
    for (const method of served.map((op) => op.method)) {
      const reply = await call(handlers.OPTIONS!, "OPTIONS", concrete(route.path), {
        headers: { origin: ORIGIN, "access-control-request-method": method, "access-control-request-headers": "api-key, content-type" },
      });
      expect([reply.status, reply.body]).toEqual([204, null]);
      expect(reply.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(corsOf(reply.headers)).toEqual(
        open.length
          ? {
              allow,
              "access-control-allow-origin": "*",
              "access-control-allow-methods": open.join(", "),
              "access-control-allow-headers": ALLOWED_HEADERS,
              "access-control-max-age": "600",
            }
          : { allow }, // the dashboard's own: no CORS, the browser refuses
      );
    }
  });

  it("answers a plain OPTIONS with Allow only", async () => {
    const handlers = await route.load();
    const reply = await call(handlers.OPTIONS!, "OPTIONS", concrete(route.path), { headers: { "x-request-id": "opt.1" } });
    expect([reply.status, reply.body, reply.headers.get("x-request-id")]).toEqual([204, null, "opt.1"]);
    expect(corsOf(reply.headers)).toEqual({ allow: [...servedMethods(handlers).map((op) => op.method), "OPTIONS"].join(", ") });
  });
});

describe("route files and the documented operations", () => {
  it("serve the same methods on the same paths", async () => {
    const served: string[] = [];
    for (const route of routes) {
      for (const op of servedMethods(await route.load())) {
        expect(op.path.replace(/(.)\/$/, "$1"), route.file).toBe(route.path);
        served.push(`${op.method} ${route.path}`);
      }
    }
    // the document itself is served but not one of its own operations
    const documented = [...allOperations, openApiOperation].filter((op) => op.path.startsWith("/v1/")).map((op) => `${op.method} ${op.path.replace(/(.)\/$/, "$1")}`);
    expect(served.sort()).toEqual(documented.sort());
  });
});

describe("answers", () => {
  let key: string;
  beforeAll(async () => {
    key = (await newAccount()).key;
  });

  const readable = { "access-control-allow-origin": "*", "access-control-expose-headers": EXPOSED };
  const cases: [string, () => ReturnType<typeof call>, number, Record<string, string>][] = [
    ["GET /v1/gateway with a key", () => call(gateways.GET!, "GET", "/v1/gateway", { key, headers: { origin: ORIGIN } }), 200, readable],
    ["POST /v1/gateway without a key (401)", () => call(gateways.POST!, "POST", "/v1/gateway", { json: {}, headers: { origin: ORIGIN } }), 401, readable],
    ["POST /v1/gateway, invalid (422)", () => call(gateways.POST!, "POST", "/v1/gateway", { key, json: {}, headers: { origin: ORIGIN } }), 422, readable],
    ["PATCH /v1/gateway (405)", () => call(gateways.PATCH!, "PATCH", "/v1/gateway", { key, headers: { origin: ORIGIN } }), 405, readable],
    ["GET /v1/nowhere (404)", () => call(catchAll.GET, "GET", "/v1/nowhere", { headers: { origin: ORIGIN } }), 404, readable],
    ["OPTIONS /v1/nowhere (404: no methods)", () => call(catchAll.OPTIONS, "OPTIONS", "/v1/nowhere", { headers: { origin: ORIGIN, "access-control-request-method": "GET" } }), 404, readable],
    ["GET /v1/api-keys, the dashboard's own", () => call(apiKeys.GET!, "GET", "/v1/api-keys", { key, headers: { origin: ORIGIN } }), 401, {}],
    ["POST /api/auth/login, outside /v1", () => call(login.POST, "POST", "/api/auth/login", { json: {}, headers: { origin: ORIGIN } }), 422, {}],
    ["PUT /api/providers/predict-operator, outside /v1 (405)", () => call(predict.PUT!, "PUT", "/api/providers/predict-operator", { headers: { origin: ORIGIN } }), 405, {}],
  ];
  it.each(cases)("%s", async (_, send, status, headers) => {
    const reply = await send();
    expect([reply.status, corsOf(reply.headers)]).toEqual([status, headers]);
    expect(reply.headers.get("x-request-id")).toBeTruthy();
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as catchAll from "@/app/v1/[[...rest]]/route";
import { v1Table } from "@/test/support/api";
import { createDispatcher, type Dispatcher, type RouteHandler, type RouteModule } from "@/lib/http/dispatch";
import { readBody } from "@/lib/http/body";
import { ApiError } from "@/lib/core/errors";
import { jsonResponse } from "@/lib/http/json-response";

// The thin dispatcher that serves /v1 in production ahead of Next.js: which handler it picks (the
// one Next.js would), what it leaves to Next.js, and how it writes responses. That every API test
// passes through it is test/support/api.ts's doing. The table itself: ./route-table.test.ts.

describe("the /v1 dispatcher on the generated table", () => {
  let v1Routes: Record<string, RouteModule>;
  let v1Dispatcher: Dispatcher;
  beforeAll(async () => ({ v1Routes, v1Dispatcher } = await v1Table()));

  const cases: [string, string, string | null, Record<string, string>][] = [
    ["GET", "/v1/gateway", "/v1/gateway", {}],
    ["POST", "/v1/gateway", "/v1/gateway", {}],
    ["GET", "/v1/gateway/3f1c0d9e-0000-4000-8000-000000000000", "/v1/gateway/[gateway_id]", { gateway_id: "3f1c0d9e-0000-4000-8000-000000000000" }],
    // a fixed segment wins over a parameter at the same place, as in Next.js
    ["GET", "/v1/gateway/payin/CMD-7", "/v1/gateway/payin/[order_id]", { order_id: "CMD-7" }],
    ["GET", "/v1/gateway/payin", "/v1/gateway/[gateway_id]", { gateway_id: "payin" }],
    ["GET", "/v1/gateway/payin/a%2Fb%20c", "/v1/gateway/payin/[order_id]", { order_id: "a/b c" }],
    ["GET", "/v1/api/deposit/get_transaction", "/v1/api/deposit/get_transaction", {}],
    ["GET", "/v1/api/deposit/get_transaction/TRK1", "/v1/api/deposit/get_transaction/[track_id]", { track_id: "TRK1" }],
    ["POST", "/v1/webhooks/w1/deliveries/d2/resend", "/v1/webhooks/[webhook_id]/deliveries/[delivery_id]/resend", { webhook_id: "w1", delivery_id: "d2" }],
    ["GET", "/v1/openapi.json", "/v1/openapi.json", {}],
    // left to Next.js: its catch-all, its redirects and methods, undecodable segments
    ["GET", "/v1/nothing-here", null, {}],
    ["GET", "/v1/gateway/", null, {}],
    ["GET", "/v1//gateway", null, {}],
    ["HEAD", "/v1/gateway", null, {}],
    ["OPTIONS", "/v1/gateway", null, {}],
    ["TRACE", "/v1/gateway", null, {}],
    ["GET", "/v1/gateway/payin/%E0%A4%A", null, {}],
  ];
  for (const [method, pathname, route, params] of cases) {
    it(`${method} ${pathname} → ${route ?? "Next.js"}`, () => {
      const resolved = v1Dispatcher.resolve(method, pathname);
      if (route === null) return expect(resolved).toBeNull();
      const routeFile = v1Routes[route]!;
      expect(resolved).toEqual({ handler: routeFile[method], params });
    });
  }

  it("never takes the catch-all's paths (Next.js answers their 404)", () => {
    expect(typeof catchAll.GET).toBe("function");
    expect(v1Dispatcher.resolve("GET", "/v1/api/marketplace/gateway/x/y/z")).toBeNull();
  });
});

describe("answers over HTTP", () => {
  let port = 0;
  let server: http.Server;
  const seen: { url: string; headers: Record<string, string>; params: unknown; body: string }[] = [];
  const made: Response[] = [];
  const handlers: Record<string, RouteHandler> = {
    echo: async (req, ctx) => {
      seen.push({ url: req.url, headers: Object.fromEntries(req.headers), params: await ctx.params, body: await req.text() });
      const headers = new Headers({ "x-request-id": "r-1" });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return Response.json({ ok: true }, { status: 201, headers });
    },
    stream: async () => {
      let n = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          n++;
          if (n <= 3) return controller.enqueue(new TextEncoder().encode(n === 1 ? "[1" : `,${n}`));
          await new Promise((r) => setTimeout(r, 50)); // a batch read from the database, that fails
          controller.error(new Error("the database went away"));
        },
      });
      return new Response(body, { headers: { "content-type": "application/json" } });
    },
    json: async () => {
      const response = jsonResponse({ shop_name: "Boutique Awa à Douala" }, { status: 200, headers: { "x-request-id": "r-2" } });
      made.push(response);
      return response;
    },
    read: async (req) => {
      try {
        const raw = await readBody(req, 16);
        return jsonResponse({ read: raw.toString("utf8"), again: await req.text(), used: req.bodyUsed });
      } catch (error) {
        if (error instanceof ApiError) return jsonResponse(error.body, { status: error.status });
        throw error;
      }
    },
    form: async (req) => {
      const method = req.clone().method; // not members read straight from Node: a real Request answers them
      const form = await req.formData();
      return jsonResponse({ name: form.get("name"), signal: req.signal instanceof AbortSignal, method });
    },
    long: async () => {
      let n = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          n++;
          controller.enqueue(new TextEncoder().encode(n === 1 ? "[0" : `,${n}`));
          if (n === 5000) {
            controller.enqueue(new TextEncoder().encode("]"));
            controller.close();
          }
        },
      });
      return new Response(body, { headers: { "content-type": "application/json" } });
    },
  };
  const dispatcher = createDispatcher({
    "/v1/echo/[id]": { POST: handlers.echo },
    "/v1/stream": { GET: handlers.stream },
    "/v1/long": { GET: handlers.long },
    "/v1/json": { GET: handlers.json },
    "/v1/read": { POST: handlers.read },
    "/v1/form": { POST: handlers.form },
  });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (!dispatcher.handle(req, res)) {
        res.writeHead(418);
        res.end("Next.js");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function request(method: string, pathname: string, body?: string) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; error?: string }>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, method, path: pathname, agent: false, headers: { "x-test": "yes" } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        res.on("error", (error) => resolve({ status: res.statusCode!, headers: res.headers, body: text, error: error.message }));
      });
      req.on("error", (error) => resolve({ status: 0, headers: {}, body: "", error: error.message }));
      req.end(body);
    });
  }

  it("hands the handler Next.js's Request (URL, headers, x-forwarded-*, body, params) and writes its answer", async () => {
    const reply = await request("POST", "/v1/echo/a%20b?x=1", '{"amount":1}');
    expect([reply.status, reply.body]).toEqual([201, '{"ok":true}']);
    expect(reply.headers).toMatchObject({
      "content-type": "application/json",
      "content-length": "11",
      "x-request-id": "r-1",
      "set-cookie": ["a=1; Path=/", "b=2; Path=/"],
    });
    expect(seen).toEqual([
      {
        url: `http://127.0.0.1:${port}/v1/echo/a%20b?x=1`,
        headers: expect.objectContaining({
          "x-test": "yes",
          host: `127.0.0.1:${port}`,
          "x-forwarded-host": `127.0.0.1:${port}`,
          "x-forwarded-port": String(port),
          "x-forwarded-proto": "http",
          "x-forwarded-for": "127.0.0.1",
        }),
        params: { id: "a b" },
        body: '{"amount":1}',
      },
    ]);
  });

  it("writes a JSON answer from its text, in one write with its length in bytes, without reading its stream", async () => {
    const reply = await request("GET", "/v1/json");
    expect([reply.status, reply.body]).toEqual([200, '{"shop_name":"Boutique Awa à Douala"}']);
    expect(reply.headers).toMatchObject({ "content-type": "application/json", "content-length": "38", "x-request-id": "r-2" });
    expect(reply.headers["transfer-encoding"]).toBeUndefined();
    expect(made.map((response) => response.bodyUsed)).toEqual([false]);
  });

  /** A POST whose body is sent in `chunks` (chunked, no Content-Length), each a little after the other. */
  function chunked(pathname: string, chunks: string[], headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; closed: boolean }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path: pathname, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => req.socket!.once("close", () => resolve({ status: res.statusCode!, headers: res.headers, body: text, closed: true })));
        setTimeout(() => resolve({ status: res.statusCode!, headers: res.headers, body: text, closed: false }), 1000).unref();
      });
      req.on("error", (error) => (req.writableEnded ? undefined : reject(error)));
      let at = 0;
      const next = () => {
        if (at === chunks.length) return req.end();
        req.write(chunks[at++]);
        setTimeout(next, 20);
      };
      next();
    });
  }

  it("reads a request body straight from Node, in pieces, and reads it again for a later text()", async () => {
    const reply = await chunked("/v1/read", ['{"a":', "1}"]);
    expect([reply.status, JSON.parse(reply.body)]).toEqual([200, { read: '{"a":1}', again: '{"a":1}', used: true }]);
  });

  it("stops reading a body past the limit, answers 413, and closes the connection instead of draining it", async () => {
    const reply = await chunked("/v1/read", ["0123456789", "0123456789", "0123456789".repeat(1000)]);
    expect([reply.status, JSON.parse(reply.body)]).toEqual([413, new ApiError("FILE_TOO_LARGE", "The request body is larger than 16 bytes").body]);
    expect([reply.headers.connection, reply.closed]).toEqual(["close", true]);
  });

  it("answers the Request members route code does not use from a real Request (formData, signal, clone)", async () => {
    const form = new FormData();
    form.set("name", "Awa");
    const encoded = new Response(form);
    const body = await encoded.text();
    const reply = await chunked("/v1/form", [body], { "content-type": encoded.headers.get("content-type")! });
    expect([reply.status, JSON.parse(reply.body)]).toEqual([200, { name: "Awa", signal: true, method: "POST" }]);
  });

  it("leaves what it does not know to Next.js", async () => {
    expect((await request("GET", "/v1/echo/x")).status).toBe(418); // no GET export
    expect((await request("POST", "/v1/echo/x/")).status).toBe(418);
    expect((await request("GET", "/v1/unknown")).status).toBe(418);
  });

  it("streams a long body whole", async () => {
    const reply = await request("GET", "/v1/long");
    expect([reply.status, reply.headers["transfer-encoding"], reply.error]).toEqual([200, "chunked", undefined]);
    expect((JSON.parse(reply.body) as number[]).length).toBe(5000);
  });

  it("cuts the connection off when a streamed body fails midway: the client never gets a complete answer", async () => {
    const reply = await request("GET", "/v1/stream");
    expect(reply.status).toBe(200);
    expect(reply.error).toBe("aborted");
    expect(reply.body).toBe("[1,2,3");
  });
});

import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createAccount } from "@/lib/accounts/create-account";
import { createDispatcher, type Dispatcher } from "@/lib/http/dispatch";
import type { Operation } from "@/lib/http/operation";

// Calls a route handler in-process with a real Request, as Next.js would, and reads the response.
// With KOLA_TEST_VIA=dispatch (the vitest projects named `…-dispatch`), a /v1 call goes instead over
// HTTP through the dispatcher that serves /v1 in production (lib/http/dispatch.ts), after checking
// that the dispatcher picks the very handler the test named: every API test runs both ways.
type Handler = ((req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  operation?: Operation;
};

export type CallOptions = {
  key?: string | null;
  headers?: Record<string, string>;
  json?: unknown;
  /** a raw body, sent as is */
  raw?: string;
  form?: FormData;
};

export type Reply = { status: number; headers: Headers; body: unknown };

export async function call(handler: Handler, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers = new Headers(options.headers);
  if (options.key) headers.set("api-key", options.key);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    body = options.raw;
  } else if (options.form) {
    const encoded = new Response(options.form);
    headers.set("content-type", encoded.headers.get("content-type")!);
    body = await encoded.arrayBuffer();
  }
  const url = new URL(path, "http://kola.test");
  if (process.env.KOLA_TEST_VIA === "dispatch" && url.pathname.startsWith("/v1/")) {
    const dispatched = await viaDispatcher(handler, method, url, headers, body);
    if (dispatched) return dispatched;
  }
  const req = new Request(url, { method, headers, body });
  const params = handler.operation ? matchPath(handler.operation.path, url.pathname) : {};
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/**
 * The call over HTTP through the production dispatcher, or null for a path it leaves to Next.js
 * (the catch-all's 404): those are called directly. A route file's handler must be the one the
 * dispatcher picks; a handler made by a test (not in a route file) is served at its operation's path
 * by a dispatcher of its own, through the same code.
 */
async function viaDispatcher(handler: Handler, method: string, url: URL, headers: Headers, body: BodyInit | undefined): Promise<Reply | null> {
  const { v1Dispatcher, v1Routes } = await import("@/lib/api/v1-routes");
  const route = v1Dispatcher.resolve(method, url.pathname);
  if (!route) return null;
  let id = "v1";
  if (route.handler !== handler) {
    const routed = Object.values(v1Routes).some((module) => Object.values(module).includes(handler));
    if (routed || !handler.operation) throw new Error(`the dispatcher routes ${method} ${url.pathname} to another handler than the test's`);
    id = ownDispatcher(handler, method);
  } else {
    dispatchers.set(id, v1Dispatcher);
  }
  const port = await dispatchServer();
  const bytes = body === undefined ? undefined : Buffer.from(await new Response(body).arrayBuffer());
  return new Promise<Reply>((resolve, reject) => {
    const outgoing: http.OutgoingHttpHeaders = { [DISPATCHER_HEADER]: id };
    for (const [name, value] of headers) outgoing[name] = value;
    if (bytes) outgoing["content-length"] ??= bytes.length;
    const req = http.request({ host: "127.0.0.1", port, method, path: url.pathname + url.search, headers: outgoing }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const replyHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? ""]) replyHeaders.append(name, String(one));
        }
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode!, headers: replyHeaders, body: parsed });
      });
    });
    req.on("error", reject);
    req.end(bytes);
  });
}

const DISPATCHER_HEADER = "x-kola-test-dispatcher";
const dispatchers = new Map<string, Dispatcher>();
const own = new WeakMap<Handler, string>();

function ownDispatcher(handler: Handler, method: string): string {
  let id = own.get(handler);
  if (!id) {
    id = String(dispatchers.size + 1);
    const pattern = handler.operation!.path.replace(/\{(\w+)\}/g, "[$1]");
    dispatchers.set(id, createDispatcher({ [pattern]: { [method]: handler } }, (req) => `http://127.0.0.1:${req.socket.localPort}`));
    own.set(handler, id);
  }
  return id;
}

const servers = globalThis as unknown as { __kolaTestDispatch?: Promise<number> };

/** One HTTP server per test file's process, on 127.0.0.1, serving each call through the dispatcher it names. */
function dispatchServer(): Promise<number> {
  servers.__kolaTestDispatch ??= new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const dispatcher = dispatchers.get(String(req.headers[DISPATCHER_HEADER]));
      delete req.headers[DISPATCHER_HEADER];
      if (!dispatcher?.handle(req, res)) {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end("not dispatched");
      }
    });
    server.keepAliveTimeout = 1000;
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    server.unref();
  });
  return servers.__kolaTestDispatch;
}

/** The path parameters of `pathname` under an OpenAPI template like /v1/gateway/{gateway_id}. */
function matchPath(template: string, pathname: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const match = new RegExp(`^${pattern}/?$`).exec(pathname);
  if (!match) throw new Error(`${pathname} does not match ${template}`);
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

/** A fresh merchant account with its test key (and the country's currency). */
export async function newAccount(country: "CMR" | "SEN" | "KEN" | "CIV" = "CMR") {
  const email = `m-${randomBytes(5).toString("hex")}@example.com`;
  const { account_id, api_key } = await createAccount({ email, password: "password-123", business: "Test shop", country });
  return { accountId: account_id, key: api_key, email };
}

import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { createAccount } from "@/lib/accounts/create-account";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import type { Auth } from "@/lib/core/auth";
import { createDispatcher, type Dispatcher, type RouteModule } from "@/lib/http/dispatch";
import { createNodeServer } from "@/lib/http/node-server";
import type { Operation } from "@/lib/core/operation";
import { routeFiles } from "@/lib/http/route-table";

// Calls a route handler and reads the response. A /v1 call goes over HTTP through the server that
// serves /v1 in production (lib/http/node-server.ts and its dispatcher, with the route table made
// from app/v1 as `npm run build` makes it), after checking that the dispatcher picks the very handler
// the test named. With KOLA_DISPATCH=off (CI's run of the path Next.js takes when the dispatcher is
// off) it calls the handler in-process with a real Request instead, as Next.js does. Other paths
// (checkout, callbacks) are always called in-process.
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
  if (process.env.KOLA_DISPATCH !== "off" && url.pathname.startsWith("/v1/")) {
    const dispatched = await viaDispatcher(handler, method, url, headers, body);
    if (dispatched) return dispatched;
  }
  const req = new Request(url, { method, headers, body });
  const params = handler.operation ? matchPath(handler.operation.path, url.pathname) : {};
  const res = await handler(req, { params: Promise.resolve(params) });
  // the bytes as sent, as the dispatcher's path reads them (Response.text() would drop a CSV's byte order mark)
  const text = Buffer.from(await res.arrayBuffer()).toString("utf8");
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
  const { v1Dispatcher, v1Routes } = await v1Table();
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

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const tables = globalThis as unknown as { __kolaTestV1Table?: Promise<{ v1Routes: Record<string, RouteModule>; v1Dispatcher: Dispatcher }> };

/** The /v1 route table `npm run build` compiles into the server (lib/http/route-table.ts), its modules imported here. */
export function v1Table(): Promise<{ v1Routes: Record<string, RouteModule>; v1Dispatcher: Dispatcher }> {
  tables.__kolaTestV1Table ??= (async () => {
    const entries = routeFiles(ROOT);
    const modules = await Promise.all(entries.map((entry) => import(path.join(ROOT, entry.file)) as Promise<RouteModule>));
    const v1Routes = Object.fromEntries(entries.map((entry, i) => [entry.pattern, modules[i]!]));
    return { v1Routes, v1Dispatcher: createDispatcher(v1Routes) };
  })();
  return tables.__kolaTestV1Table;
}

const DISPATCHER_HEADER = "x-kola-test-dispatcher";
const dispatchers = new Map<string, Dispatcher>();
const own = new WeakMap<Handler, string>();

function ownDispatcher(handler: Handler, method: string): string {
  let id = own.get(handler);
  if (!id) {
    id = String(dispatchers.size + 1);
    const pattern = handler.operation!.path.replace(/\{(\w+)\}/g, "[$1]");
    dispatchers.set(id, createDispatcher({ [pattern]: { [method]: handler } }));
    own.set(handler, id);
  }
  return id;
}

const servers = globalThis as unknown as { __kolaTestDispatch?: Promise<number> };

/**
 * One production server per test file's process (lib/http/node-server.ts), on 127.0.0.1, serving
 * each call through the dispatcher it names; what no dispatcher takes would have gone to Next.js.
 */
function dispatchServer(): Promise<number> {
  servers.__kolaTestDispatch ??= new Promise((resolve) => {
    const named: Dispatcher = {
      resolve: () => null,
      handle(req, res) {
        const dispatcher = dispatchers.get(String(req.headers[DISPATCHER_HEADER]));
        delete req.headers[DISPATCHER_HEADER];
        return dispatcher?.handle(req, res) ?? false;
      },
    };
    const server = createNodeServer({
      dispatcher: named,
      fallback: (_req, res) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end("not dispatched: Next.js would have answered");
      },
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

/** A new account's test key, and the Auth it stands for (what domain functions take). */
export async function newAuth(country: Parameters<typeof newAccount>[0] = "CMR"): Promise<Auth & { key: string }> {
  const { key } = await newAccount(country);
  return { ...(await findAuthByKeyHash(hashApiKey(key)))!, key };
}

import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "@/lib/core/errors";
import { jsonTextOf } from "./json-response";
import { nodeHeaders, nodeRequest } from "./node-request";
import { log } from "@/lib/runtime/log";

// A thin dispatcher for route files, in front of Next.js (the server is lib/http/node-server.ts). Next.js's per-request path (routing,
// rewrites, its request and response adapters, its async storages) costs as much CPU as an API
// request's own work, measured with an empty route handler (bench/api.ts). For the paths this
// dispatcher knows it finds the route file's exported handler itself, builds the same Request
// Next.js would, calls the handler exactly as Next.js does (`handler(req, { params })`) and writes
// its Response. Route files stay the implementation, and the one route() wrapper (edge, auth,
// validation, errors, log line) runs as it does under Next.js. Anything it does not know (HEAD,
// OPTIONS, other methods, unknown paths, repeated or trailing slashes, undecodable segments) goes
// on to Next.js untouched.

type Params = Record<string, string>;
export type RouteHandler = (req: Request, ctx: { params: Promise<Params> }) => Promise<Response>;
/** A route file's exports, as `import * as`. */
export type RouteModule = Readonly<Record<string, unknown>>;

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

type Node = { fixed: Map<string, Node>; param?: { name: string; node: Node }; module?: RouteModule };
const newNode = (): Node => ({ fixed: new Map() });

export type Dispatcher = {
  /** The handler and path parameters Next.js would pick for `method` and `pathname`, or null (Next.js answers). */
  resolve(method: string, pathname: string): { handler: RouteHandler; params: Params } | null;
  /** Answers the request and returns true, or returns false without touching it. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
};

/**
 * `routes` maps a route file's folder as Next.js names it (`/v1/gateway/[gateway_id]`) to its
 * module. Like Next.js, a fixed segment wins over a `[param]` one at the same place.
 */
export function createDispatcher(routes: Record<string, RouteModule>, origin: (req: IncomingMessage) => string = requestOrigin): Dispatcher {
  const root = newNode();
  for (const [pattern, module] of Object.entries(routes)) {
    let node = root;
    for (const segment of pattern.split("/").slice(1)) {
      const param = /^\[(\w+)\]$/.exec(segment);
      if (!param) {
        if (segment.startsWith("[")) throw new Error(`the dispatcher does not route ${pattern} (catch-all): Next.js does`);
        let next = node.fixed.get(segment);
        if (!next) node.fixed.set(segment, (next = newNode()));
        node = next;
      } else {
        if (node.param && node.param.name !== param[1]) throw new Error(`two parameter names at one place: ${pattern}`);
        node.param ??= { name: param[1]!, node: newNode() };
        node = node.param.node;
      }
    }
    node.module = module;
  }

  const match = (node: Node, segments: string[], at: number, params: Params): RouteModule | null => {
    if (at === segments.length) return node.module ?? null;
    const segment = segments[at]!;
    const fixed = node.fixed.get(segment);
    const found = fixed && match(fixed, segments, at + 1, params);
    if (found) return found;
    if (!node.param) return null;
    const value = decode(segment);
    if (value === null) return null;
    const before = params[node.param.name];
    params[node.param.name] = value;
    const deeper = match(node.param.node, segments, at + 1, params);
    if (!deeper) {
      if (before === undefined) delete params[node.param.name];
      else params[node.param.name] = before;
    }
    return deeper;
  };

  const resolve: Dispatcher["resolve"] = (method, pathname) => {
    if (!METHODS.has(method) || pathname.length < 2 || pathname.endsWith("/") || pathname.includes("//")) return null;
    const params: Params = {};
    const found = match(root, pathname.split("/").slice(1), 0, params);
    const handler = found?.[method];
    return typeof handler === "function" ? { handler: handler as RouteHandler, params } : null;
  };

  return {
    resolve,
    handle(req, res) {
      const url = req.url ?? "/";
      const query = url.indexOf("?");
      const pathname = query === -1 ? url : url.slice(0, query);
      if (pathname.includes("\\")) return false; // Next.js redirects these
      const route = resolve(req.method ?? "", pathname);
      if (!route) return false;
      void answer(req, res, route.handler, route.params, origin(req) + url);
      return true;
    },
  };
}

/** The URL Next.js gives a route's Request: its protocol rule, this server's address and port. */
export function requestOrigin(req: IncomingMessage): string {
  const https = Boolean((req.socket as { encrypted?: boolean }).encrypted) || Boolean(req.headers["x-forwarded-proto"]?.includes("https"));
  const address = (req.socket.localAddress ?? "localhost").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const host = address.includes(":") ? `[${address}]` : address;
  return `${https ? "https" : "http"}://${host}:${req.socket.localPort}`;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function answer(req: IncomingMessage, res: ServerResponse, handler: RouteHandler, params: Params, url: string) {
  try {
    const response = await handler(toRequest(req, url), { params: Promise.resolve(params) });
    // a body left unread (too large, or not needed) is not drained: the connection ends after the answer
    if (!req.complete) res.shouldKeepAlive = false;
    await send(response, res);
  } catch (error) {
    // route() answers every error itself: this is a failure to write the response, or a bug here
    log("error", "dispatch failed", { method: req.method, path: url, error });
    if (!res.headersSent) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify(new ApiError("INTERNAL_ERROR").body));
    } else {
      res.destroy();
    }
  }
}

/**
 * The request Next.js would hand the route (its x-forwarded-* headers filled in the same way), as a
 * NodeRequest (./node-request.ts): the members route code reads are plain, its body read from Node.
 */
function toRequest(req: IncomingMessage, url: string): Request {
  const source = req.headers;
  const https = url.startsWith("https:");
  source["x-forwarded-host"] ??= source.host;
  source["x-forwarded-port"] ??= String(req.socket.localPort ?? (https ? 443 : 80));
  source["x-forwarded-proto"] ??= https ? "https" : "http";
  source["x-forwarded-for"] ??= req.socket.remoteAddress;
  return nodeRequest(req, url, nodeHeaders(source));
}

/**
 * Writes a Response to Node's response. A body of one chunk (every JSON answer) is sent with a
 * Content-Length in one write; a longer one (a whole list) is streamed with backpressure, and its
 * reading stops when the client goes away. A body that fails midway cuts the connection off.
 */
async function send(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  const text = jsonTextOf(response);
  if (text !== undefined) {
    // a JSON answer (./json-response.ts): written as is, without reading it back from its stream
    res.setHeader("content-length", Buffer.byteLength(text));
    res.end(text);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) {
    res.end();
    return;
  }
  const second = await reader.read();
  if (second.done) {
    if (!res.hasHeader("content-length")) res.setHeader("content-length", first.value.byteLength);
    res.end(first.value);
    return;
  }
  let gone = false;
  res.once("close", () => {
    if (!res.writableFinished) {
      gone = true;
      void reader.cancel().catch(() => {});
    }
  });
  const write = async (chunk: Uint8Array) => {
    if (!res.write(chunk)) await new Promise<void>((resolve) => {
      const done = () => {
        res.off("drain", done);
        res.off("close", done);
        resolve();
      };
      res.on("drain", done);
      res.on("close", done);
    });
  };
  try {
    await write(first.value);
    await write(second.value);
    while (!gone) {
      const next = await reader.read();
      if (next.done) break;
      await write(next.value);
    }
    if (!gone) res.end();
  } catch {
    res.destroy(); // the body failed after the status line: the client must see a broken transfer
  }
}

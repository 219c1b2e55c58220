import type http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, PEER_HEADER } from "./client-address";
import { createDispatcher, type RouteHandler } from "./dispatch";
import { jsonResponse } from "./json-response";
import { createNodeServer } from "./node-server";

// The Node server every Kola process serves through (./node-server.ts), with a stand-in for Next.js:
// the steps each request takes before Next.js or the /v1 dispatcher sees it. Methods no route
// handler can have answer FastAPI's 405 (Next.js itself answers TRACE 500, PROPFIND an empty 400,
// and Node's parser TRACK or FOO a bare 400). Tried over raw sockets; e2e/api/ tries the production
// server, and ./drain.test.ts how it lets go of its connections when it stops.

let server: http.Server;
let port: number;
const nextSaw: string[] = [];
const answer: RouteHandler = async (req, ctx) => jsonResponse({ dispatched: (await ctx.params).id, peer: clientAddress(req) });

beforeAll(async () => {
  server = createNodeServer({
    dispatcher: createDispatcher({ "/v1/answer/[id]": { GET: answer } }),
    // like Next.js's `//gateway` → 308: an answer written without any thought of a request id
    fallback: (req, res) => {
      nextSaw.push(`${req.method} ${req.url}`);
      if (req.url!.startsWith("//")) res.writeHead(308, { location: req.url!.replace(/^\/+/, "/") }).end();
      else res.end(`reached with ${req.method}; x-request-id ${req.headers["x-request-id"]}; peer ${req.headers[PEER_HEADER]}`);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends one raw HTTP/1.1 request and reads the whole answer (the server closes the connection). */
function rawRequest(method: string, headers = "", path = "/v1/gateway"): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`${method} ${path} HTTP/1.1\r\nhost: kola.test\r\n${headers}connection: close\r\n\r\n`);
    });
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = head!.split("\r\n");
      const fields = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      const body = fields["transfer-encoding"] === "chunked" ? rest.join("\r\n\r\n").split("\r\n")[1]! : rest.join("\r\n\r\n");
      resolve({ status: Number(statusLine!.split(" ")[1]), headers: fields, body });
    });
  });
}

describe("methods no route can have", () => {
  it.each(["TRACE", "PROPFIND", "MKCOL", "LOCK", "TRACK", "FOO"])("%s → 405 {\"detail\": \"Method Not Allowed\"} with x-request-id", async (method) => {
    const res = await rawRequest(method);
    expect({ status: res.status, type: res.headers["content-type"], body: JSON.parse(res.body) }).toEqual({
      status: 405,
      type: "application/json",
      body: { detail: "Method Not Allowed" },
    });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("echoes the caller's x-request-id", async () => {
    const res = await rawRequest("TRACE", "x-request-id: trace.42\r\n");
    expect([res.status, res.headers["x-request-id"]]).toEqual([405, "trace.42"]);
  });

  it.each(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"])("%s still reaches the application", async (method) => {
    const res = await rawRequest(method, "content-length: 0\r\nx-request-id: app.1\r\n");
    expect([res.status, res.body]).toEqual([200, method === "HEAD" ? "" : `reached with ${method}; x-request-id app.1; peer 127.0.0.1`]);
  });
});

describe("x-request-id on every response", () => {
  it.each([
    ["a caller's well-formed id: the application sees it and it comes back", "x-request-id: caller-7\r\n", "caller-7"],
    ["no id: a new UUID, the same for the application and the response", "", /^[0-9a-f-]{36}$/],
    ["a malformed id: replaced by a new UUID", "x-request-id: not ok!\r\n", /^[0-9a-f-]{36}$/],
  ])("%s", async (_, headers, expected) => {
    const res = await rawRequest("GET", headers);
    const id = res.headers["x-request-id"]!;
    expect(id).toEqual(typeof expected === "string" ? expected : expect.stringMatching(expected));
    expect(res.body).toBe(`reached with GET; x-request-id ${id}; peer 127.0.0.1`);
  });

  it("is on an answer the application wrote without one (a 308 redirect)", async () => {
    const res = await rawRequest("GET", "x-request-id: redirect.1\r\n", "//gateway");
    expect([res.status, res.headers.location, res.headers["x-request-id"]]).toEqual([308, "/gateway", "redirect.1"]);
  });

  it.each([
    ["a header line without a colon", "not a header\r\n", 400],
    ["headers over Node's limit", `x-big: ${"a".repeat(20_000)}\r\n`, 431],
  ])("is on Node's own refusal of %s", async (_, headers, status) => {
    const res = await rawRequest("GET", headers);
    expect([res.status, res.body]).toEqual([status, ""]);
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the peer's address", () => {
  it("is stamped on each request from its socket, over any copy the client sent", async () => {
    const forged = `${PEER_HEADER}: 203.0.113.66\r\nx-forwarded-for: 203.0.113.77\r\nx-request-id: peer.1\r\n`;
    expect((await rawRequest("GET", forged, "/login")).body).toBe("reached with GET; x-request-id peer.1; peer 127.0.0.1");
    expect(JSON.parse((await rawRequest("GET", forged, "/v1/answer/7")).body)).toEqual({ dispatched: "7", peer: "127.0.0.1" });
  });
});

describe("routing", () => {
  it.each([
    ["GET", "/v1/answer/42", "dispatcher"],
    ["HEAD", "/v1/answer/42", "Next.js"],
    ["POST", "/v1/answer/42", "Next.js"],
    ["GET", "/v1/answer/42/", "Next.js"],
    ["GET", "/v1/nothing", "Next.js"],
    ["GET", "/dashboard", "Next.js"],
  ])("%s %s → %s", async (method, path, expected) => {
    nextSaw.length = 0;
    const res = await rawRequest(method, "", path);
    expect(expected === "dispatcher" ? JSON.parse(res.body) : nextSaw).toEqual(
      expected === "dispatcher" ? { dispatched: "42", peer: "127.0.0.1" } : [`${method} ${path}`],
    );
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

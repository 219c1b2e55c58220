import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnknownMethods } from "./unknown-methods";

// Methods no route handler can have answer FastAPI's 405 before Next.js sees them (Next.js itself
// answers TRACE 500, PROPFIND an empty 400, and Node's parser TRACK or FOO a bare 400). Tried on a
// real server of this process over a raw socket; e2e/api/api.spec.ts tries the production server.

let server: http.Server;
let port: number;

beforeAll(async () => {
  refuseUnknownMethods();
  server = http.createServer((req, res) => res.end(`reached with ${req.method}`));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends one raw HTTP/1.1 request and reads the whole answer (the server closes the connection). */
function rawRequest(method: string, headers = ""): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`${method} /v1/gateway HTTP/1.1\r\nhost: kola.test\r\n${headers}connection: close\r\n\r\n`);
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
    const res = await rawRequest(method, "content-length: 0\r\n");
    expect([res.status, res.body]).toEqual([200, method === "HEAD" ? "" : `reached with ${method}`]);
  });
});

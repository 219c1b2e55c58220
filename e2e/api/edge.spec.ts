// The HTTP edge over real requests to the production server: x-request-id on every response
// (Next.js's own redirects and pages included), and CORS on /v1 as a browser on another origin
// meets it. node:http for the raw answers (any method, no redirect followed, `//` kept as sent).
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { expect, test } from "../fixtures";

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One request as sent (any method, `//` kept, no redirect followed): its status and headers. */
function send(url: string, method: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers }));
    });
    request.on("error", reject);
    request.end();
  });
}

test.describe("x-request-id on every response", () => {
  const cases: { name: string; method: string; path: string; status: number }[] = [
    { name: "a repeated slash, redirected by Next.js", method: "GET", path: "//gateway", status: 308 },
    { name: "a repeated slash under /v1", method: "GET", path: "/v1//gateway", status: 308 },
    { name: "an unknown page (Next.js's 404)", method: "GET", path: "/nowhere", status: 404 },
    { name: "an unknown /v1 path", method: "GET", path: "/v1/nowhere", status: 404 },
    { name: "a method the route lacks", method: "PATCH", path: "/v1/gateway", status: 405 },
    { name: "a method no route can have", method: "TRACE", path: "/v1/gateway", status: 405 },
    { name: "a preflight", method: "OPTIONS", path: "/v1/gateway", status: 204 },
    { name: "the home page", method: "GET", path: "/", status: 200 },
    { name: "the dashboard, signed out (redirect to log in)", method: "GET", path: "/dashboard", status: 307 },
    { name: "the API reference", method: "GET", path: "/docs", status: 200 },
    { name: "an unknown checkout link", method: "GET", path: "/pay/00000000-0000-4000-8000-000000000000", status: 404 },
    { name: "HEAD on the health check", method: "HEAD", path: "/healthz", status: 200 },
  ];
  for (const c of cases) {
    test(`${c.method} ${c.path}: ${c.name} → ${c.status}`, async ({ baseURL }) => {
      const headers: Record<string, string> = c.method === "OPTIONS" ? { origin: "https://shop.example", "access-control-request-method": "POST" } : {};
      const fresh = await send(baseURL + c.path, c.method, headers);
      expect(fresh.status).toBe(c.status);
      expect(fresh.headers["x-request-id"]).toMatch(ID);
      // a caller's own id comes back as it was sent
      const traced = await send(baseURL + c.path, c.method, { ...headers, "x-request-id": "e2e-edge.7" });
      expect([traced.status, traced.headers["x-request-id"]]).toEqual([c.status, "e2e-edge.7"]);
    });
  }

  test("the 308 of a repeated slash points at the single-slash path", async ({ baseURL }) => {
    const response = await send(baseURL + "//gateway", "GET");
    expect([response.status, response.headers.location]).toEqual([308, "/gateway"]);
  });
});

test.describe("CORS on /v1", () => {
  test("a preflight names the route's methods and the headers an integration sends, no credentials", async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/v1/gateway/00000000-0000-4000-8000-000000000000`, {
      method: "OPTIONS",
      headers: { origin: "https://shop.example", "access-control-request-method": "PUT", "access-control-request-headers": "api-key, content-type" },
    });
    expect(response.status).toBe(204);
    const headers = Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("access-control-") || name === "allow"));
    expect(headers).toEqual({
      allow: "GET, PUT, DELETE, OPTIONS",
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, PUT, DELETE",
      "access-control-allow-headers": "api-key, content-type, idempotency-key, x-request-id",
      "access-control-max-age": "600",
    });
  });

  test("a page on another origin creates and reads a link with its API key; it cannot use the session cookie", async ({
    browser,
    baseURL,
    account,
  }) => {
    // another origin: the same host on another port
    const other = http.createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>shop</title>"));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    // no X-Forwarded-For (e2e/fixtures.ts): a browser does not send one, and a header outside the
    // route's Access-Control-Allow-Headers would rightly fail the preflight
    const context = await browser.newContext({ extraHTTPHeaders: {} });
    try {
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      const created = await page.evaluate(
        async ({ base, key }) => {
          const response = await fetch(`${base}/v1/gateway`, {
            method: "POST",
            headers: { "api-key": key, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
            body: JSON.stringify({ amount: 5000, shop_name: "Boutique CORS", order_id: `cors-${crypto.randomUUID()}` }),
          });
          const body = (await response.json()) as { id: string; shop_name: string };
          const read = await fetch(`${base}/v1/gateway/${body.id}`);
          return {
            status: response.status,
            shop: body.shop_name,
            requestId: response.headers.get("x-request-id"),
            replayed: response.headers.get("idempotent-replayed"),
            readStatus: read.status,
          };
        },
        { base: baseURL!, key: account.apiKey },
      );
      expect(created).toEqual({ status: 200, shop: "Boutique CORS", requestId: expect.stringMatching(ID), replayed: null, readStatus: 200 });

      // signed in to the dashboard in this browser: the session cookie is there (same site), yet
      // a page on another origin can read nothing with it: `*` answers never go with credentials
      const login = await context.request.post(`${baseURL}/api/auth/login`, {
        headers: { origin: baseURL! },
        data: { email: account.email, password: account.password },
      });
      expect(login.status()).toBe(200);
      const withCookie = await page.evaluate(async (base) => {
        const outcome = async (init: RequestInit) => {
          try {
            return String((await fetch(`${base}/v1/gateway?limit=1`, init)).status);
          } catch (error) {
            return (error as Error).name;
          }
        };
        return { include: await outcome({ credentials: "include" }), sameOrigin: await outcome({}) };
      }, baseURL!);
      expect(withCookie).toEqual({ include: "TypeError", sameOrigin: "401" });
    } finally {
      await context.close();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});

test("an idle kept-alive connection is still open after 6 s (a proxy in front closes it first, not us)", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const socket = net.connect(Number(port), hostname);
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
  const ask = async (n: number) => {
    socket.write(`GET /healthz HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: keep-alive\r\n\r\n`);
    await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(n);
  };
  try {
    await ask(1);
    // Node's own default closes it at 5 s: a client sending then gets ECONNRESET
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(socket.destroyed || socket.readyState !== "open", "closed while idle").toBe(false);
    await ask(2);
  } finally {
    socket.destroy();
  }
});

// The HTTP API over real requests to the production server (see e2e/global-setup.ts).
// More areas (marketplace, uploads…) go in their own `test.describe` here or in a sibling
// e2e/api/*.spec.ts file using the same fixtures.
import { expect, test } from "../fixtures";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe("health", () => {
  test("GET /healthz answers ok while the process runs; /healthz/ready when its database answers too", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    const ready = await request.get("/healthz/ready");
    expect([ready.status(), await ready.json()]).toEqual([200, { status: "ok", database: "ok" }]);
  });

  test("a caller's x-request-id is echoed back", async ({ request }) => {
    const response = await request.get("/healthz", { headers: { "x-request-id": "e2e-trace.42" } });
    expect(response.headers()["x-request-id"]).toBe("e2e-trace.42");
  });
});

test.describe("payment gateways", () => {
  test("create, read without a key, update, archive", async ({ request, withKey, createGateway }) => {
    const created = await createGateway({ amount: 5000, shop_name: "Ma boutique", message: "Merci" });
    expect(created.id).toMatch(UUID);
    expect(created).toMatchObject({ amount: 5000, currency: "XAF", shop_name: "Ma boutique", message: "Merci" });
    expect(created.link).toContain(created.id);

    const read = await request.get(`/v1/gateway/${created.id}`); // public: no api-key
    expect(read.status()).toBe(200);
    expect(read.headers()["access-control-allow-origin"]).toBe("*");
    expect(await read.json()).toMatchObject({ id: created.id, amount: 5000, user_country: { iso_code: expect.any(String) } });

    const updated = await request.put(`/v1/gateway/${created.id}`, {
      headers: withKey(),
      data: { amount: 7500, message: "Nouveau prix" },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    expect(await updated.json()).toMatchObject({ id: created.id, amount: 7500, message: "Nouveau prix", shop_name: "Ma boutique" });
    expect(await (await request.get(`/v1/gateway/${created.id}`)).json()).toMatchObject({ amount: 7500 });

    const archived = await request.delete(`/v1/gateway/${created.id}`, { headers: withKey() });
    expect(archived.status()).toBe(200);
    expect(await archived.json()).toEqual({ id: created.id, deleted: true });

    const gone = await request.get(`/v1/gateway/${created.id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ detail: { message: expect.any(String), type: "GATEWAY_NOT_FOUND" } });
    expect((await request.delete(`/v1/gateway/${created.id}`, { headers: withKey() })).status()).toBe(404);
  });

  test("the list has the caller's new link, newest first", async ({ request, withKey, createGateway }) => {
    const created = await createGateway({ shop_name: "Liste" });
    const response = await request.get("/v1/gateway", { headers: withKey() });
    expect(response.status()).toBe(200);
    const items = (await response.json()) as { id: string; creation_date: string }[];
    expect(items.map((g) => g.id)).toContain(created.id);
    const dates = items.map((g) => g.creation_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test("an invalid body is 422 with every problem listed", async ({ request, withKey }) => {
    const response = await request.post("/v1/gateway", { headers: withKey(), data: { amount: "cinq" } });
    expect(response.status()).toBe(422);
    const { detail } = (await response.json()) as { detail: { loc: string[]; msg: string; type: string }[] };
    expect(detail.map((d) => d.loc.join("."))).toEqual(expect.arrayContaining(["body.amount", "body.shop_name"]));
  });
});

test.describe("api keys", () => {
  test("requests that need a key are 401 without one", async ({ request, createGateway }) => {
    const { id } = await createGateway();
    for (const response of [
      await request.post("/v1/gateway", { data: { amount: 5000, shop_name: "x" } }),
      await request.get("/v1/gateway"),
      await request.put(`/v1/gateway/${id}`, { data: { amount: 1 } }),
      await request.delete(`/v1/gateway/${id}`),
      await request.get("/v1/gateway/payin/some-order"),
    ]) {
      expect(response.status(), response.url()).toBe(401);
      expect(await response.json()).toEqual({ detail: { message: expect.any(String), type: "NO_API_KEY_PROVIDED" } });
    }
  });

  test("an unknown key is refused", async ({ request }) => {
    const response = await request.get("/v1/gateway", { headers: { "api-key": "kola_test_not-a-real-key" } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ detail: { type: "API_KEY_NOT_FOUND" } });
  });
});

test.describe("routing", () => {
  const cases = [
    { method: "GET", path: "/v1/nope", status: 404, body: { detail: "Not Found" } },
    { method: "POST", path: "/v1/nope/deeper", status: 404, body: { detail: "Not Found" } },
    { method: "PATCH", path: "/v1/gateway", status: 405, body: { detail: "Method Not Allowed" } },
    { method: "POST", path: "/v1/gateway/00000000-0000-4000-8000-000000000000", status: 405, body: { detail: "Method Not Allowed" } },
    // methods no route handler can have: Next.js answered TRACE 500 and PROPFIND an empty 400
    { method: "TRACE", path: "/v1/gateway", status: 405, body: { detail: "Method Not Allowed" } },
    { method: "PROPFIND", path: "/v1/gateway", status: 405, body: { detail: "Method Not Allowed" } },
    { method: "PROPFIND", path: "/v1/nope", status: 405, body: { detail: "Method Not Allowed" } },
    { method: "MKCOL", path: "/v1/api/marketplace/", status: 405, body: { detail: "Method Not Allowed" } },
    { method: "TRACE", path: "/healthz", status: 405, body: { detail: "Method Not Allowed" } },
  ];
  for (const c of cases) {
    test(`${c.method} ${c.path} → ${c.status}`, async ({ request }) => {
      const response = await request.fetch(c.path, { method: c.method, maxRedirects: 0 });
      expect(response.status()).toBe(c.status);
      expect(response.headers()["content-type"]).toContain("application/json");
      expect(response.headers()["x-request-id"]).toMatch(/^[\w.:-]{1,100}$/);
      expect(await response.json()).toEqual(c.body);
    });
  }

  // The interface spells this path with a trailing slash: the server must answer it itself
  // (next.config.ts skipTrailingSlashRedirect), never redirect it to the path without the slash.
  test("PATCH /v1/api/marketplace/ is answered, not redirected", async ({ request, withKey }) => {
    const response = await request.fetch("/v1/api/marketplace/", {
      method: "PATCH",
      headers: withKey(),
      data: {},
      maxRedirects: 0,
    });
    const redirected = response.status() >= 300 && response.status() < 400;
    expect(redirected, `${response.status()} location: ${response.headers()["location"]}`).toBe(false);
    expect(response.headers()["content-type"]).toContain("application/json");
    await response.json();
  });
});

test.describe("errors", () => {
  // Inputs that once made the database fail (PostgreSQL text cannot hold U+0000) are a 422 now.
  // The generic 500 body itself is checked in-process (lib/http/route.test.ts), where a handler can throw.
  const nulInputs = [
    { method: "POST", path: "/v1/gateway", data: { amount: 5000, shop_name: "nul\u0000byte" }, loc: ["body", "shop_name"] },
    { method: "GET", path: "/v1/gateway/payin/nul%00byte", loc: ["path", "order_id"] },
  ];

  for (const p of nulInputs) {
    test(`a NUL character in ${p.loc.join(".")} is a 422, not a 500`, async ({ request, withKey }) => {
      const response = await request.fetch(p.path, { method: p.method, headers: withKey(), data: p.data });
      expect(response.status()).toBe(422);
      expect(await response.json()).toEqual({
        detail: [{ loc: p.loc, msg: "Value error, must not contain a NUL character", type: "value_error", ctx: { error: "must not contain a NUL character" } }],
      });
    });
  }
  // 6,000 nested arrays once overflowed the stack of the validation walk (a 500 on every JSON endpoint)
  for (const path of ["/v1/gateway", "/api/auth/login"]) {
    test(`JSON nested 6,000 deep on ${path} is a 422 json_invalid, not a 500`, async ({ request, withKey, baseURL }) => {
      const response = await request.fetch(path, {
        method: "POST",
        headers: { ...withKey(), "content-type": "application/json", origin: baseURL! },
        data: `{"amount":${"[".repeat(6000)}${"]".repeat(6000)}}`,
      });
      expect(response.status()).toBe(422);
      expect(await response.json()).toEqual({ detail: [{ loc: ["body", 41], msg: "JSON decode error", type: "json_invalid", ctx: { error: "Nested too deeply" } }] });
    });
  }
});

import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as signup from "@/app/api/auth/signup/route";
import * as confirm from "@/app/api/auth/signup/confirm/route";
import * as account from "@/app/v1/account/route";
import * as keys from "@/app/v1/api-keys/route";
import * as key from "@/app/v1/api-keys/[key_id]/route";
import * as gateways from "@/app/v1/gateway/route";
import { PEER_HEADER } from "@/lib/http/client-address";
import { call } from "@/test/support/api";
import { lastMailTo, tokenIn } from "@/test/support/mail";

const ORIGIN = "http://kola.test";
let n = 0;

/** Signs up as the form does, then follows the mailed link as the merchant does. */
async function signUp() {
  const email = `owner-${++n}-${Date.now()}@example.com`;
  const headers = { origin: ORIGIN, [PEER_HEADER]: `10.0.0.${n}` };
  const asked = await call(signup.POST, "POST", "/api/auth/signup", {
    json: { email, password: "correct horse battery", business_name: "Boutique", country: "SEN" },
    headers,
  });
  expect([asked.status, asked.body]).toEqual([200, { email, confirmation_sent: true }]);
  const token = tokenIn(lastMailTo(email), "/signup/confirm");
  const res = await call(confirm.POST, "POST", "/api/auth/signup/confirm", { json: { token }, headers });
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  return { res, email, cookie };
}

describe("sign-up and sessions", () => {
  it("the confirmation link opens the account (no API key: Développeurs makes one when asked) and sets an HttpOnly SameSite=Lax cookie", async () => {
    const { res, email } = await signUp();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ account_id: expect.any(String), email, business_name: "Boutique" });
    expect(res.headers.get("set-cookie")).toMatch(/^kola_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
  });

  it("a second sign-up with a registered email (any case) answers the same, mails a warning and changes nothing", async () => {
    const { email, cookie } = await signUp();
    const again = await call(signup.POST, "POST", "/api/auth/signup", {
      json: { email: email.toUpperCase(), password: "another password", business_name: "B", country: "CMR" },
      headers: { origin: ORIGIN },
    });
    expect([again.status, again.body, again.headers.get("set-cookie")]).toEqual([200, { email, confirmation_sent: true }, null]);
    const mail = lastMailTo(email)!;
    expect(mail.subject).toBe("Tentative d’inscription avec votre adresse / Someone tried to sign up with your address");
    expect(mail.text).toContain("http://kola.test/forgot-password");
    expect(mail.text).not.toContain("token=");
    // the account is as it was: same business, the old password still works
    expect(((await call(account.GET, "GET", "/v1/account", { headers: { cookie } })).body as { business_name: string }).business_name).toBe("Boutique");
    expect((await call(login.POST, "POST", "/api/auth/login", { json: { email, password: "correct horse battery" }, headers: { origin: ORIGIN } })).status).toBe(200);
  });

  it("the cookie authenticates /v1 in the mode of kola-mode", async () => {
    const { cookie, email } = await signUp();
    const test = await call(account.GET, "GET", "/v1/account", { headers: { cookie } });
    expect(test.body).toEqual({
      id: expect.any(String),
      email,
      business_name: "Boutique",
      country: { name: "Senegal", iso_code: "SEN" },
      currency: "XOF",
      mode: "test",
      support_email: "",
      support_phone: "",
      cards: { enabled: false, fee_rule: "merchant", surcharge_percent: "0" },
      created_at: expect.any(String),
    });
    const live = await call(account.GET, "GET", "/v1/account", { headers: { cookie, "kola-mode": "live" } });
    expect((live.body as { mode: string }).mode).toBe("live");
  });

  it.each([
    ["no Origin", {}, 403],
    ["another Origin", { origin: "https://evil.example" }, 403],
    ["our Origin", { origin: ORIGIN }, 200],
  ])("a cookie-authenticated write with %s answers %i", async (_name, headers, status) => {
    const { cookie } = await signUp();
    const res = await call(gateways.POST, "POST", "/v1/gateway", {
      headers: { cookie, ...headers },
      json: { amount: 1000, shop_name: "Shop" },
    });
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body).toEqual({ detail: { message: "Cross-site request refused", type: "CROSS_SITE_REQUEST" } });
  });

  it("a bad or missing cookie is refused", async () => {
    expect((await call(account.GET, "GET", "/v1/account", { headers: { cookie: "kola_session=nope" } })).body).toEqual({
      detail: { message: "Sign in to continue", type: "NOT_SIGNED_IN" },
    });
    expect((await call(gateways.GET, "GET", "/v1/gateway")).body).toEqual({
      detail: { message: "No API Key.", type: "NO_API_KEY_PROVIDED" },
    });
  });

  it("logs in, logs out, and the old cookie no longer works", async () => {
    const { email } = await signUp();
    const res = await call(login.POST, "POST", "/api/auth/login", { json: { email, password: "correct horse battery" }, headers: { origin: ORIGIN } });
    expect([res.status, res.body]).toEqual([200, { account_id: expect.any(String), email }]);
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    expect((await call(account.GET, "GET", "/v1/account", { headers: { cookie } })).status).toBe(200);
    const out = await call(logout.POST, "POST", "/api/auth/logout", { headers: { cookie, origin: ORIGIN } });
    expect([out.status, out.body]).toEqual([200, { signed_out: true }]);
    expect(out.headers.get("set-cookie")).toMatch(/^kola_session=; .*Max-Age=0/);
    expect((await call(account.GET, "GET", "/v1/account", { headers: { cookie } })).status).toBe(401);
  });

  const INVALID = [401, { detail: { message: "Email or password is incorrect", type: "INVALID_CREDENTIALS" } }];
  const LIMITED = [429, { detail: { message: "Too many requests; retry later", type: "RATE_LIMITED" } }];

  /** Eleven wrong passwords for one email, the i-th with `headers(i)`: the 10 allowed, then the 11th. */
  async function guess(email: string, headers: (i: number) => Record<string, string>) {
    const results = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(login.POST, "POST", "/api/auth/login", {
        json: { email, password: "wrong" },
        headers: { origin: ORIGIN, ...headers(i) },
      });
      results.push([res.status, res.body]);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    return results;
  }

  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  it("a wrong password is refused, and log-in attempts are rate-limited", async () => {
    const { email } = await signUp();
    expect(await guess(email, () => ({ [PEER_HEADER]: "192.0.2.7" }))).toEqual([...Array(10).fill(INVALID), LIMITED]);
  });

  // The server stamps each request with its socket's address (client-address.ts); X-Forwarded-For
  // is the client's own say, believed only through TRUST_PROXY hops.
  it("a forged X-Forwarded-For does not reset the log-in limit", async () => {
    const { email } = await signUp();
    const forged = (i: number) => ({ [PEER_HEADER]: "192.0.2.8", "x-forwarded-for": `203.0.113.${i + 1}` });
    expect(await guess(email, forged)).toEqual([...Array(10).fill(INVALID), LIMITED]);
  });

  it("with TRUST_PROXY=1 the client is the hop our proxy added, whatever the client put before it", async () => {
    process.env.TRUST_PROXY = "1";
    const { email } = await signUp();
    const viaProxy = (client: string) => (i: number) => ({ [PEER_HEADER]: "10.1.1.1", "x-forwarded-for": `198.18.0.${i + 1}, ${client}` });
    expect(await guess(email, viaProxy("203.0.113.50"))).toEqual([...Array(10).fill(INVALID), LIMITED]);
    // another buyer behind the same proxy is not held back
    const other = await call(login.POST, "POST", "/api/auth/login", {
      json: { email, password: "wrong" },
      headers: { origin: ORIGIN, [PEER_HEADER]: "10.1.1.1", "x-forwarded-for": "203.0.113.51" },
    });
    expect([other.status, other.body]).toEqual(INVALID);
  });

  // Login CSRF: a cross-site form can post text/plain that reads as JSON, and would sign the
  // victim in to the attacker's account. Only same-origin application/json sets a session.
  it.each([
    ["login", "text/plain from another site", "https://evil.example", "text/plain", 403, "CROSS_SITE_REQUEST"],
    ["login", "JSON from another site", "https://evil.example", "application/json", 403, "CROSS_SITE_REQUEST"],
    ["login", "JSON without Origin", null, "application/json", 403, "CROSS_SITE_REQUEST"],
    ["login", "text/plain from our origin", ORIGIN, "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE"],
    ["login", "a form from our origin", ORIGIN, "application/x-www-form-urlencoded", 415, "UNSUPPORTED_MEDIA_TYPE"],
    ["signup", "text/plain from another site", "https://evil.example", "text/plain", 403, "CROSS_SITE_REQUEST"],
    ["signup", "text/plain from our origin", ORIGIN, "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE"],
  ])("%s: %s is refused without a session cookie", async (which, _name, origin, contentType, status, type) => {
    const { email } = await signUp();
    const body =
      which === "login"
        ? { email, password: "correct horse battery" }
        : { email: `csrf-${randomUUID()}@example.com`, password: "correct horse battery", business_name: "B", country: "CMR" };
    const handler = which === "login" ? login.POST : signup.POST;
    const res = await call(handler, "POST", `/api/auth/${which}`, {
      raw: JSON.stringify(body),
      headers: { "content-type": contentType, ...(origin ? { origin } : {}) },
    });
    const messages = { CROSS_SITE_REQUEST: "Cross-site request refused", UNSUPPORTED_MEDIA_TYPE: "Send the request body as application/json" };
    expect([res.status, res.body]).toEqual([status, { detail: { message: messages[type as keyof typeof messages], type } }]);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("API keys from the dashboard", () => {
  it("creates a key shown once, lists it, revokes it, and the revoked key is refused", async () => {
    const { cookie, email } = await signUp();
    const created = await call(keys.POST, "POST", "/v1/api-keys", { headers: { cookie, origin: ORIGIN }, json: { name: "Server" } });
    expect(created.body).toEqual({
      id: expect.any(String),
      name: "Server",
      mode: "test",
      role: "admin", // unsaid: the highest its maker may give (an owner: admin)
      created_by: { user_id: expect.any(String), email },
      prefix: expect.stringMatching(/^kola_test_/),
      last4: expect.any(String),
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
      api_key: expect.stringMatching(/^kola_test_[A-Za-z0-9_-]{43}$/),
    });
    const { id, api_key } = created.body as { id: string; api_key: string };
    expect((await call(gateways.GET, "GET", "/v1/gateway", { key: api_key })).status).toBe(200);
    const list = await call(keys.GET, "GET", "/v1/api-keys", { headers: { cookie } });
    expect((list.body as { id: string }[]).map((k) => k.id)).toContain(id);
    expect(JSON.stringify(list.body)).not.toContain(api_key);
    const revoked = await call(key.DELETE, "DELETE", `/v1/api-keys/${id}`, { headers: { cookie, origin: ORIGIN } });
    expect((revoked.body as { revoked_at: string | null }).revoked_at).not.toBeNull();
    expect((await call(gateways.GET, "GET", "/v1/gateway", { key: api_key })).body).toEqual({
      detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" },
    });
  });

  it("key management refuses API keys and other accounts' key ids", async () => {
    const a = await signUp();
    const b = await signUp();
    const made = await call(keys.POST, "POST", "/v1/api-keys", { headers: { cookie: a.cookie, origin: ORIGIN }, json: { name: "Server" } });
    const withKey = await call(keys.GET, "GET", "/v1/api-keys", { key: (made.body as { api_key: string }).api_key });
    expect([withKey.status, withKey.body]).toEqual([401, { detail: { message: "Sign in to continue", type: "NOT_SIGNED_IN" } }]);
    const aKeys = (await call(keys.GET, "GET", "/v1/api-keys", { headers: { cookie: a.cookie } })).body as { id: string }[];
    const steal = await call(key.DELETE, "DELETE", `/v1/api-keys/${aKeys[0]!.id}`, { headers: { cookie: b.cookie, origin: ORIGIN } });
    expect([steal.status, steal.body]).toEqual([404, { detail: { message: "API key not found", type: "API_KEY_ID_NOT_FOUND" } }]);
  });
});

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as reset from "@/app/api/auth/password-reset/route";
import * as resetConfirm from "@/app/api/auth/password-reset/confirm/route";
import * as signup from "@/app/api/auth/signup/route";
import * as signupConfirm from "@/app/api/auth/signup/confirm/route";
import * as account from "@/app/v1/account/route";
import { getDb } from "@/lib/db/client";
import { PEER_HEADER } from "@/lib/http/client-address";
import { call } from "@/test/support/api";
import { lastMailTo, mailsTo, tokenIn } from "@/test/support/mail";
import { createAccount } from "@/lib/accounts/create-account";

const ORIGIN = "http://kola.test";
const INVALID = { detail: { message: "This link is invalid, expired or already used; ask for a new one", type: "INVALID_TOKEN" } };
let n = 0;
/** Each case from its own address, so the per-address limits of one case do not reach another. */
const from = () => ({ origin: ORIGIN, [PEER_HEADER]: `10.9.${Math.floor(++n / 250)}.${n % 250}` });

async function merchant() {
  const email = `reset-${randomUUID()}@example.com`;
  await createAccount({ email, password: "old password 1", business: "Boutique", country: "CMR" });
  const signedIn = await call(login.POST, "POST", "/api/auth/login", { json: { email, password: "old password 1" }, headers: from() });
  return { email, cookie: signedIn.headers.get("set-cookie")!.split(";")[0]! };
}

async function askReset(email: string) {
  return call(reset.POST, "POST", "/api/auth/password-reset", { json: { email }, headers: from() });
}

async function useReset(token: string, password = "new password 2") {
  return call(resetConfirm.POST, "POST", "/api/auth/password-reset/confirm", { json: { token, password }, headers: from() });
}

describe("password reset", () => {
  // a hang guard, not a speed target: the file's first test also loads the modules (33 s seen on a busy machine)
  it("answers the same for a known and an unknown address; only the known one gets a mail", { timeout: 90_000 }, async () => {
    const { email } = await merchant();
    const unknown = `nobody-${randomUUID()}@example.com`;
    const known = await askReset(email.toUpperCase());
    const other = await askReset(unknown);
    expect([known.status, known.body]).toEqual([200, { email, requested: true }]);
    expect([other.status, other.body]).toEqual([200, { email: unknown, requested: true }]);
    expect(mailsTo(unknown)).toEqual([]);
    const mail = lastMailTo(email)!;
    expect(mail).toEqual({
      id: expect.any(Number),
      from: "Kola <no-reply@kola.test>",
      to: email,
      sentAt: expect.any(String),
      subject: "Réinitialiser votre mot de passe Kola / Reset your Kola password",
      text: expect.stringMatching(/http:\/\/kola\.test\/reset-password\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}\n/),
    });
  });

  it("sets the new password, ends every session, signs this browser in, and the link works once", async () => {
    const { email, cookie } = await merchant();
    await askReset(email);
    const token = tokenIn(lastMailTo(email), "/reset-password");
    const done = await useReset(token);
    expect([done.status, done.body]).toEqual([200, { account_id: expect.any(String), email }]);
    const fresh = done.headers.get("set-cookie")!.split(";")[0]!;
    expect(fresh).toMatch(/^kola_session=[A-Za-z0-9_-]{43}$/);
    // the old session is gone, the new one works
    expect((await call(account.GET, "GET", "/v1/account", { headers: { cookie } })).body).toEqual({
      detail: { message: "Sign in to continue", type: "NOT_SIGNED_IN" },
    });
    expect((await call(account.GET, "GET", "/v1/account", { headers: { cookie: fresh } })).status).toBe(200);
    // old password refused, new one accepted
    const old = await call(login.POST, "POST", "/api/auth/login", { json: { email, password: "old password 1" }, headers: from() });
    expect([old.status, old.body]).toEqual([401, { detail: { message: "Email or password is incorrect", type: "INVALID_CREDENTIALS" } }]);
    expect((await call(login.POST, "POST", "/api/auth/login", { json: { email, password: "new password 2" }, headers: from() })).status).toBe(200);
    // the link again: refused, and the password stays the one set
    const again = await useReset(token, "third password 3");
    expect([again.status, again.body, again.headers.get("set-cookie")]).toEqual([400, INVALID, null]);
    expect(lastMailTo(email)!.subject).toBe("Votre mot de passe Kola a changé / Your Kola password was changed");
  });

  it("two resets with one link at the same moment: one wins, the other is refused", async () => {
    const { email } = await merchant();
    await askReset(email);
    const token = tokenIn(lastMailTo(email), "/reset-password");
    const results = await Promise.all([useReset(token, "racer password A"), useReset(token, "racer password B")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual(INVALID);
    const winner = results[0]!.status === 200 ? "racer password A" : "racer password B";
    const loser = winner === "racer password A" ? "racer password B" : "racer password A";
    expect((await call(login.POST, "POST", "/api/auth/login", { json: { email, password: winner }, headers: from() })).status).toBe(200);
    expect((await call(login.POST, "POST", "/api/auth/login", { json: { email, password: loser }, headers: from() })).status).toBe(401);
  });

  it("an expired link is refused and changes nothing", async () => {
    const { email } = await merchant();
    await askReset(email);
    const token = tokenIn(lastMailTo(email), "/reset-password");
    const db = await getDb();
    await db.execute(sql`update email_tokens set expires_at = now() - interval '1 second' where id = ${token.split(".")[0]}`);
    expect([(await useReset(token)).status, (await useReset(token)).body]).toEqual([400, INVALID]);
    expect((await call(login.POST, "POST", "/api/auth/login", { json: { email, password: "old password 1" }, headers: from() })).status).toBe(200);
  });

  it("a newer link spends the older ones once used", async () => {
    const { email } = await merchant();
    await askReset(email);
    const first = tokenIn(lastMailTo(email), "/reset-password");
    await askReset(email);
    const second = tokenIn(lastMailTo(email), "/reset-password");
    expect((await useReset(second)).status).toBe(200);
    expect((await useReset(first, "yet another one")).body).toEqual(INVALID);
  });

  it.each([
    ["empty", () => ""],
    ["not a token", () => "hello"],
    ["an unknown id", () => `${randomUUID()}.${"a".repeat(43)}`],
    ["a known id with another secret", (token: string) => `${token.split(".")[0]}.${"b".repeat(43)}`],
    ["a sign-up token's shape with a reset id and a bad uuid", () => `zzzzzzzz-0000-0000-0000-000000000000.${"a".repeat(43)}`],
  ])("%s is refused with one answer", async (_name, make) => {
    const { email } = await merchant();
    await askReset(email);
    const token = tokenIn(lastMailTo(email), "/reset-password");
    const res = await useReset(make(token));
    expect([res.status, res.body]).toEqual([400, INVALID]);
    // the real link still works afterwards
    expect((await useReset(token)).status).toBe(200);
  });

  it("validates the new password and the address", async () => {
    const short = await call(resetConfirm.POST, "POST", "/api/auth/password-reset/confirm", { json: { token: "x", password: "short" }, headers: from() });
    expect([short.status, short.body]).toEqual([
      422,
      { detail: [{ loc: ["body", "password"], msg: "String should have at least 8 characters", type: "string_too_short", ctx: { min_length: 8 } }] },
    ]);
    const bad = await call(reset.POST, "POST", "/api/auth/password-reset", { json: { email: "nope" }, headers: from() });
    expect([bad.status, bad.body]).toEqual([422, { detail: [{ loc: ["body", "email"], msg: "Value error, Invalid email address", type: "value_error", ctx: { error: "Invalid email address" } }] }]);
  });

  it("mails to one address are limited to 5 an hour, whatever the address asking", async () => {
    const { email } = await merchant();
    for (let i = 0; i < 5; i++) expect((await askReset(email)).status).toBe(200);
    const sixth = await askReset(email);
    expect([sixth.status, sixth.body]).toEqual([429, { detail: { message: "Too many requests; retry later", type: "RATE_LIMITED" } }]);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(mailsTo(email).length).toBe(5);
  });

  it("refuses a cross-site request", async () => {
    const res = await call(reset.POST, "POST", "/api/auth/password-reset", { json: { email: "a@example.com" }, headers: { origin: "https://evil.example" } });
    expect([res.status, res.body]).toEqual([403, { detail: { message: "Cross-site request refused", type: "CROSS_SITE_REQUEST" } }]);
  });
});

describe("sign-up confirmation", () => {
  async function askSignup(email: string) {
    const res = await call(signup.POST, "POST", "/api/auth/signup", {
      json: { email, password: "correct horse battery", business_name: "Boutique", country: "CIV" },
      headers: from(),
    });
    expect([res.status, res.body, res.headers.get("set-cookie")]).toEqual([200, { email, confirmation_sent: true }, null]);
    return tokenIn(lastMailTo(email), "/signup/confirm");
  }
  const confirm = (token: string) => call(signupConfirm.POST, "POST", "/api/auth/signup/confirm", { json: { token }, headers: from() });

  it("no account exists before the link is followed; the link works once", async () => {
    const email = `new-${randomUUID()}@example.com`;
    const token = await askSignup(email);
    const early = await call(login.POST, "POST", "/api/auth/login", { json: { email, password: "correct horse battery" }, headers: from() });
    expect(early.status).toBe(401);
    const opened = await confirm(token);
    expect([opened.status, opened.body]).toEqual([200, { account_id: expect.any(String), email, business_name: "Boutique" }]);
    const again = await confirm(token);
    expect([again.status, again.body]).toEqual([400, INVALID]);
  });

  it("two links for one address: the first followed opens the account, the second says the address is taken", async () => {
    const email = `twice-${randomUUID()}@example.com`;
    const first = await askSignup(email);
    const second = await askSignup(email);
    expect((await confirm(second)).status).toBe(200);
    const late = await confirm(first);
    expect([late.status, late.body]).toEqual([409, { detail: { message: "An account with this email already exists", type: "EMAIL_TAKEN" } }]);
  });

  it("an expired sign-up link is refused, and a reset token is no sign-up token", async () => {
    const email = `late-${randomUUID()}@example.com`;
    const token = await askSignup(email);
    const db = await getDb();
    await db.execute(sql`update email_tokens set expires_at = now() - interval '1 second' where id = ${token.split(".")[0]}`);
    expect((await confirm(token)).body).toEqual(INVALID);
    const { email: known } = await merchant();
    await askReset(known);
    expect((await confirm(tokenIn(lastMailTo(known), "/reset-password"))).body).toEqual(INVALID);
  });
});

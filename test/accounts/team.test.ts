import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as accept from "@/app/api/auth/invitations/accept/route";
import * as login from "@/app/api/auth/login/route";
import * as switchAccount from "@/app/api/auth/switch-account/route";
import * as account from "@/app/v1/account/route";
import * as invitationRoute from "@/app/v1/invitations/[invitation_id]/route";
import * as invitationsRoute from "@/app/v1/invitations/route";
import * as me from "@/app/v1/me/route";
import * as memberRoute from "@/app/v1/members/[member_id]/route";
import * as membersRoute from "@/app/v1/members/route";
import { getDb } from "@/lib/db/client";
import { invitations, memberships } from "@/lib/db/schema";
import { PEER_HEADER } from "@/lib/http/client-address";
import { call, newAccount } from "@/test/support/api";
import { lastMailTo, tokenIn } from "@/test/support/mail";
import { addMember, sessionHeaders } from "@/test/support/accounts";

// The team: invitations by e-mail, accepting them (a new login, an existing one, or the
// session's), members' roles and removal, the last owner kept; and the Settings page's API.

const ORIGIN = "http://kola.test";
const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);
let n = 0;
const from = () => ({ origin: ORIGIN, [PEER_HEADER]: `10.22.${Math.floor(++n / 250)}.${n % 250}` });
const reply = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const error = (status: number, type: string, message: string) => ({ status, body: { detail: { message, type } } });
// a hang guard, not a speed target: a file's first test also loads the modules on a busy machine
const SLOW = { timeout: 90_000 };
const cookieOf = (r: { headers: Headers }) => r.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");

async function owner() {
  const merchant = await newAccount("CMR");
  return { ...merchant, headers: await sessionHeaders(merchant.accountId) };
}

async function inviteAs(headers: Record<string, string>, email: string, role = "viewer") {
  return call(invitationsRoute.POST, "POST", "/v1/invitations", { headers, json: { email, role } });
}

const acceptWith = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(accept.POST, "POST", "/api/auth/invitations/accept", { json, headers: { ...from(), ...headers } });

describe("invitations", () => {
  it("an owner invites an address: the mail's link makes a new login that joins with the role", SLOW, async () => {
    const boss = await owner();
    const email = `new-${randomUUID()}@example.com`;
    const invited = await inviteAs(boss.headers, email.toUpperCase(), "developer");
    expect(reply(invited)).toEqual({
      status: 200,
      body: { id: uuid, email, role: "developer", invited_by: boss.email, created_at: at, expires_at: at, expired: false },
    });
    const mail = lastMailTo(email)!;
    expect(mail.subject).toBe("Rejoignez Test shop sur Kola / Join Test shop on Kola");
    expect(mail.text).toContain(`${boss.email} vous invite à rejoindre Test shop sur Kola, avec le rôle développeur`);
    expect(reply(await call(invitationsRoute.GET, "GET", "/v1/invitations", { headers: boss.headers }))).toEqual({ status: 200, body: [invited.body] });

    const token = tokenIn(mail, "/invitation");
    expect(reply(await acceptWith({ token, password: "short" }))).toEqual({
      status: 422,
      body: { detail: [{ loc: ["body", "password"], msg: "String should have at least 8 characters", type: "string_too_short", ctx: { min_length: 8 } }] },
    });
    const joined = await acceptWith({ token, password: "a new password", name: "Awa", language: "en" });
    expect(reply(joined)).toEqual({ status: 200, body: { account_id: boss.accountId, email, role: "developer" } });
    expect(joined.headers.getSetCookie().map((c) => c.split(";")[0]!.split("=")[0])).toEqual(["kola_session", "kola_lang"]);
    const mine = await call(me.GET, "GET", "/v1/me", { headers: { cookie: cookieOf(joined), "kola-mode": "test" } });
    expect(reply(mine)).toEqual({
      status: 200,
      body: {
        user_id: uuid,
        email,
        name: "Awa",
        language: "en",
        account_id: boss.accountId,
        role: "developer",
        notifications: { payments: true, refunds: true, failed_payouts: true, provider_alerts: true },
        accounts: [{ id: boss.accountId, business_name: "Test shop", role: "developer" }],
      },
    });
    // spent: once only, and no longer listed
    expect(reply(await acceptWith({ token, password: "a new password" }))).toEqual(error(400, "INVALID_TOKEN", "This link is invalid, expired or already used; ask for a new one"));
    expect((await call(invitationsRoute.GET, "GET", "/v1/invitations", { headers: boss.headers })).body).toEqual([]);
    // the new login signs in with its password
    const signedIn = await call(login.POST, "POST", "/api/auth/login", { json: { email, password: "a new password" }, headers: from() });
    expect(reply(signedIn)).toEqual({ status: 200, body: { account_id: boss.accountId, email } });
  });

  it("an existing login joins with its password (a wrong one is refused); signed in as the address, at once", SLOW, async () => {
    const boss = await owner();
    const other = await newAccount("SEN"); // a merchant of their own, invited as an admin
    await inviteAs(boss.headers, other.email, "admin");
    const token = tokenIn(lastMailTo(other.email), "/invitation");
    expect(reply(await acceptWith({ token, password: "wrong password" }))).toEqual(error(401, "INVALID_CREDENTIALS", "Email or password is incorrect"));
    const joined = await acceptWith({ token, password: "password-123" });
    expect(reply(joined)).toEqual({ status: 200, body: { account_id: boss.accountId, email: other.email, role: "admin" } });
    const mine = (await call(me.GET, "GET", "/v1/me", { headers: { cookie: cookieOf(joined) } })).body as { accounts: unknown[] };
    expect(mine.accounts).toEqual([
      { id: other.accountId, business_name: "Test shop", role: "owner" },
      { id: boss.accountId, business_name: "Test shop", role: "admin" },
    ]);

    // the session's own login: no password asked
    const third = await owner();
    await inviteAs(third.headers, other.email, "viewer");
    const second = tokenIn(lastMailTo(other.email), "/invitation");
    const session = await sessionHeaders(other.accountId);
    expect(reply(await acceptWith({ token: second }, { cookie: session.cookie! }))).toEqual({
      status: 200,
      body: { account_id: third.accountId, email: other.email, role: "viewer" },
    });
  });

  it("inviting again replaces the link (the old one stops working) and the role; a withdrawn one works no more", SLOW, async () => {
    const boss = await owner();
    const email = `twice-${randomUUID()}@example.com`;
    const first = await inviteAs(boss.headers, email, "viewer");
    const oldToken = tokenIn(lastMailTo(email), "/invitation");
    const again = await inviteAs(boss.headers, email, "admin");
    expect((again.body as { id: string }).id).toBe((first.body as { id: string }).id);
    expect(reply(await acceptWith({ token: oldToken, password: "a long password" }))).toEqual(error(400, "INVALID_TOKEN", "This link is invalid, expired or already used; ask for a new one"));
    const newToken = tokenIn(lastMailTo(email), "/invitation");
    const id = (again.body as { id: string }).id;
    expect(reply(await call(invitationRoute.DELETE, "DELETE", `/v1/invitations/${id}`, { headers: boss.headers }))).toEqual({ status: 200, body: { id, deleted: true } });
    expect(reply(await call(invitationRoute.DELETE, "DELETE", `/v1/invitations/${id}`, { headers: boss.headers }))).toEqual(
      error(404, "INVITATION_NOT_FOUND", "Invitation not found, accepted or revoked"),
    );
    expect((await acceptWith({ token: newToken, password: "a long password" })).status).toBe(400);
  });

  it("an expired link is refused; a member is not invited again", SLOW, async () => {
    const boss = await owner();
    const email = `late-${randomUUID()}@example.com`;
    const { id } = (await inviteAs(boss.headers, email)).body as { id: string };
    const db = await getDb();
    await db.update(invitations).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(invitations.id, id));
    const listed = (await call(invitationsRoute.GET, "GET", "/v1/invitations", { headers: boss.headers })).body as { expired: boolean }[];
    expect(listed.map((i) => i.expired)).toEqual([true]);
    expect((await acceptWith({ token: tokenIn(lastMailTo(email), "/invitation"), password: "a long password" })).status).toBe(400);
    expect(reply(await inviteAs(boss.headers, boss.email.toUpperCase()))).toEqual(error(409, "ALREADY_A_MEMBER", "This address is already a member of the account"));
  });

  it("accepts once when the link is used 20 times at once", SLOW, async () => {
    const boss = await owner();
    const email = `race-${randomUUID()}@example.com`;
    await inviteAs(boss.headers, email, "viewer");
    const token = tokenIn(lastMailTo(email), "/invitation");
    const answers = await Promise.all(Array.from({ length: 20 }, () => acceptWith({ token, password: "a long password" })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(400)]);
    const db = await getDb();
    expect((await db.select().from(memberships).where(eq(memberships.accountId, boss.accountId))).length).toBe(2);
  });
});

describe("members", () => {
  it("lists members; an owner changes a role and removes a member, whose session ends at once", SLOW, async () => {
    const boss = await owner();
    const viewer = await addMember(boss.accountId, "viewer");
    const viewerHeaders = await sessionHeaders(boss.accountId, viewer.userId);
    const listed = await call(membersRoute.GET, "GET", "/v1/members", { headers: viewerHeaders });
    expect(reply(listed)).toEqual({
      status: 200,
      body: [
        { id: uuid, user_id: uuid, email: boss.email, name: "", role: "owner", joined_at: at },
        { id: viewer.memberId, user_id: viewer.userId, email: viewer.email, name: "", role: "viewer", joined_at: at },
      ],
    });
    const path = `/v1/members/${viewer.memberId}`;
    expect(reply(await call(memberRoute.PATCH, "PATCH", path, { headers: boss.headers, json: { role: "admin" } }))).toEqual({
      status: 200,
      body: { id: viewer.memberId, user_id: viewer.userId, email: viewer.email, name: "", role: "admin", joined_at: at },
    });
    expect((await call(me.GET, "GET", "/v1/me", { headers: viewerHeaders })).body).toMatchObject({ role: "admin" });
    expect(reply(await call(memberRoute.DELETE, "DELETE", path, { headers: boss.headers }))).toEqual({ status: 200, body: { id: viewer.memberId, deleted: true } });
    expect(reply(await call(me.GET, "GET", "/v1/me", { headers: viewerHeaders }))).toEqual(error(401, "NOT_SIGNED_IN", "Sign in to continue"));
    expect(reply(await call(memberRoute.DELETE, "DELETE", path, { headers: boss.headers }))).toEqual(error(404, "MEMBER_NOT_FOUND", "Member not found"));
  });

  it("the last owner can be neither demoted nor removed; with two, one may go", SLOW, async () => {
    const boss = await owner();
    const [self] = (await call(membersRoute.GET, "GET", "/v1/members", { headers: boss.headers })).body as { id: string }[];
    const lastOwner = error(409, "LAST_OWNER", "An account keeps at least one owner: make someone else owner first");
    expect(reply(await call(memberRoute.PATCH, "PATCH", `/v1/members/${self!.id}`, { headers: boss.headers, json: { role: "admin" } }))).toEqual(lastOwner);
    expect(reply(await call(memberRoute.DELETE, "DELETE", `/v1/members/${self!.id}`, { headers: boss.headers }))).toEqual(lastOwner);
    const partner = await addMember(boss.accountId, "owner");
    expect((await call(memberRoute.PATCH, "PATCH", `/v1/members/${self!.id}`, { headers: boss.headers, json: { role: "viewer" } })).status).toBe(200);
    const partnerHeaders = await sessionHeaders(boss.accountId, partner.userId);
    expect(reply(await call(memberRoute.DELETE, "DELETE", `/v1/members/${partner.memberId}`, { headers: partnerHeaders }))).toEqual(lastOwner);
  });

  it("two owners demoting and removing each other 25 times at once: the account keeps an owner", SLOW, async () => {
    const boss = await owner();
    const [self] = (await call(membersRoute.GET, "GET", "/v1/members", { headers: boss.headers })).body as { id: string }[];
    const partner = await addMember(boss.accountId, "owner");
    const partnerHeaders = await sessionHeaders(boss.accountId, partner.userId);
    const tries = Array.from({ length: 25 }, (_, i) => [
      call(memberRoute.PATCH, "PATCH", `/v1/members/${partner.memberId}`, { headers: boss.headers, json: { role: i % 2 ? "viewer" : "admin" } }),
      call(memberRoute.DELETE, "DELETE", `/v1/members/${self!.id}`, { headers: partnerHeaders }),
    ]).flat();
    const statuses = (await Promise.all(tries)).map((r) => r.status);
    expect(statuses.every((s) => [200, 401, 403, 404, 409].includes(s))).toBe(true);
    const db = await getDb();
    const owners = await db.select().from(memberships).where(sql`${memberships.accountId} = ${boss.accountId} and ${memberships.role} = 'owner'`);
    expect(owners.length).toBe(1);
  });
});

describe("settings", () => {
  it("PATCH /v1/account changes the profile; the country only within the currency; the phone is read and kept international", SLOW, async () => {
    const boss = await owner();
    const changed = await call(account.PATCH, "PATCH", "/v1/account", {
      headers: boss.headers,
      json: { business_name: " Boutique Awa ", country: "GAB", support_email: "Aide@Boutique.example", support_phone: "06 12 34 56" },
    });
    expect(reply(changed)).toEqual({
      status: 200,
      body: {
        id: boss.accountId,
        email: boss.email,
        business_name: "Boutique Awa",
        country: { name: "Gabon", iso_code: "GAB" },
        currency: "XAF",
        mode: "test",
        support_email: "aide@boutique.example",
        support_phone: "+241 06 12 34 56",
        cards: { enabled: false, fee_rule: "merchant", surcharge_percent: "0" },
        created_at: at,
      },
    });
    expect(reply(await call(account.PATCH, "PATCH", "/v1/account", { key: boss.key, json: { country: "SEN" } }))).toEqual(
      error(409, "CURRENCY_CHANGE", "The account's currency cannot change: pick a country of the same currency"),
    );
    expect(reply(await call(account.PATCH, "PATCH", "/v1/account", { key: boss.key, json: { support_phone: "12", support_email: "nope", business_name: "" } }))).toEqual({
      status: 422,
      body: {
        detail: [
          { loc: ["body", "business_name"], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } },
          { loc: ["body", "support_email"], msg: "Value error, Invalid email address", type: "value_error", ctx: { error: "Invalid email address" } },
        ],
      },
    });
    expect(reply(await call(account.PATCH, "PATCH", "/v1/account", { key: boss.key, json: { support_phone: "12" } }))).toEqual({
      status: 422,
      body: { detail: [{ loc: ["body", "support_phone"], msg: "Value error, not a valid phone number", type: "value_error", ctx: { error: "not a valid phone number" } }] },
    });
    const cleared = await call(account.PATCH, "PATCH", "/v1/account", { key: boss.key, json: { support_phone: "", support_email: "" } });
    expect(cleared.body).toMatchObject({ support_email: "", support_phone: "", business_name: "Boutique Awa" });
  });

  it("PATCH /v1/me is every member's own: a viewer switches their notifications and language", SLOW, async () => {
    const boss = await owner();
    const viewer = await addMember(boss.accountId, "viewer");
    const headers = await sessionHeaders(boss.accountId, viewer.userId);
    const changed = await call(me.PATCH, "PATCH", "/v1/me", { headers, json: { language: "en", notifications: { payments: false, provider_alerts: false } } });
    expect(changed.body).toMatchObject({ language: "en", role: "viewer", notifications: { payments: false, refunds: true, failed_payouts: true, provider_alerts: false } });
    // the owner's own are untouched
    expect((await call(me.GET, "GET", "/v1/me", { headers: boss.headers })).body).toMatchObject({ language: "fr", notifications: { payments: true } });
  });

  it("the account switcher moves the session to another account of the same login only", SLOW, async () => {
    const boss = await owner();
    const other = await newAccount("CMR");
    const stranger = await newAccount("CMR");
    const db = await getDb();
    const [bossUser] = await db.select().from(memberships).where(eq(memberships.accountId, boss.accountId));
    await db.insert(memberships).values({ accountId: other.accountId, userId: bossUser!.userId, role: "viewer" });
    const to = (accountId: string) => call(switchAccount.POST, "POST", "/api/auth/switch-account", { headers: boss.headers, json: { account_id: accountId } });
    expect(reply(await to(stranger.accountId))).toEqual(error(404, "ACCOUNT_NOT_FOUND", "You are not a member of this account"));
    expect(reply(await to(other.accountId))).toEqual({ status: 200, body: { account_id: other.accountId } });
    expect((await call(me.GET, "GET", "/v1/me", { headers: boss.headers })).body).toMatchObject({ account_id: other.accountId, role: "viewer" });
  });
});

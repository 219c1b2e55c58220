import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as acceptRoute from "@/app/api/auth/invitations/accept/route";
import * as switchAccountRoute from "@/app/api/auth/switch-account/route";
import * as logoutRoute from "@/app/api/auth/logout/route";
import * as exportMarketplaceDownload from "@/app/dashboard/(pages)/exports/marketplace-transactions/route";
import * as exportPaymentsDownload from "@/app/dashboard/(pages)/exports/payments/route";
import * as apiKeysRoute from "@/app/v1/api-keys/route";
import * as gatewaysRoute from "@/app/v1/gateway/route";
import * as invitationsRoute from "@/app/v1/invitations/route";
import * as meRoute from "@/app/v1/me/route";
import * as memberRoute from "@/app/v1/members/[member_id]/route";
import * as membersRoute from "@/app/v1/members/route";
import * as webhooksRoute from "@/app/v1/webhooks/route";
import { createApiKeyFor } from "@/lib/accounts/api-key-admin";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import { settingsOperations } from "@/lib/accounts/team-operations";
import { allOperations } from "@/lib/api/all-operations";
import type { Operation } from "@/lib/core/operation";
import { keyRolesFor, mayCall, requiredRole, roles, rolesGivenBy, type Role } from "@/lib/core/roles";
import { getDb } from "@/lib/db/client";
import { apiKeys, invitations, memberships } from "@/lib/db/schema";
import { PEER_HEADER } from "@/lib/http/client-address";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { addMember, sessionHeaders } from "@/test/support/accounts";
import { call, newAccount, type Reply } from "@/test/support/api";
import { lastMailTo, tokenIn } from "@/test/support/mail";
import { payLink, queueSandboxCallbacks } from "@/test/support/money-out";
import { routeFileOf } from "@/test/support/route-files";

// A cashier works the counter (the operations that say `role: "cashier"`) and
// nothing else. Every operation of the API is tried with a cashier's dashboard session, as the
// dashboard sends it (cookie, `kola-mode`, our origin), with real ids in its path and a valid body
// (its documented example): each one the counter does not declare is refused with the whole
// INSUFFICIENT_ROLE body, and nothing of the account changed; those it declares (and those about
// the cashier's own login) are let through. Then the dashboard's routes outside /v1, and what a
// cashier may hold: no API key, no invitation.

const SLOW = { timeout: 120_000 };
const PLACEHOLDER = "00000000-0000-4000-8000-000000000000";
const guarded = allOperations.filter((op) => op.auth !== "none");
const name = (op: Operation) => `${op.method} ${op.path}`;
const reply = (r: Reply) => ({ status: r.status, body: r.body });
const typeOf = (r: Reply) => (r.body as { detail?: { type?: string } } | null)?.detail?.type;
const refused = (needed: Role) => ({
  status: 403,
  body: { detail: { message: `Your role on this account (cashier) does not allow this action: it needs ${needed} or above`, type: "INSUFFICIENT_ROLE" } },
});

type Shop = Awaited<ReturnType<typeof shop>>;

/** An account with something of everything a path can name, its owner's session and a cashier's. */
async function shop() {
  const account = await newAccount("CMR");
  const owner = await sessionHeaders(account.accountId);
  const cashier = await addMember(account.accountId, "cashier");
  const cashierHeaders = await sessionHeaders(account.accountId, cashier.userId);
  const orderId = `order-${randomUUID()}`;
  const link = await call(gatewaysRoute.POST, "POST", "/v1/gateway", { key: account.key, json: { amount: 5000, shop_name: "Boutique Awa", order_id: orderId } });
  const gatewayId = (link.body as { id: string }).id;
  const { trackId } = await payLink(gatewayId);
  const key = await call(apiKeysRoute.POST, "POST", "/v1/api-keys", { headers: owner, json: { name: "server", role: "viewer" } });
  const webhook = await call(webhooksRoute.POST, "POST", "/v1/webhooks", { key: account.key, json: { url: "http://127.0.0.1:9/hook" } });
  const invitation = await call(invitationsRoute.POST, "POST", "/v1/invitations", { headers: owner, json: { email: `x-${randomUUID()}@example.com`, role: "viewer" } });
  const ids: Record<string, string> = {
    gateway_id: gatewayId,
    order_id: orderId,
    track_id: trackId,
    key_id: (key.body as { id: string }).id,
    webhook_id: (webhook.body as { id: string }).id,
    invitation_id: (invitation.body as { id: string }).id,
    member_id: cashier.memberId, // a cashier promoting itself is refused like any other change
  };
  return { ...account, owner, cashier, cashierHeaders, ids };
}

/** Calls `op` as `headers`: its path with the shop's ids (a placeholder for those it has none of), its documented example as the body. */
async function callAs(s: Shop, op: Operation, headers: Record<string, string>): Promise<Reply> {
  const route = routeFileOf(op.path);
  if (!route) throw new Error(`no route file serves ${name(op)}`);
  const handler = (await route.load())[op.method];
  if (!handler) throw new Error(`${route.file} has no ${op.method}`);
  const path = op.path.replace(/\{(\w+)\}/g, (_, param: string) => s.ids[param] ?? PLACEHOLDER);
  const json = op.method === "GET" || op.method === "DELETE" ? undefined : (op.example ?? {});
  if (op.bodyKind === "multipart") {
    const form = new FormData();
    for (const [field, value] of Object.entries(op.example ?? {})) form.set(field, String(value));
    return call(handler, op.method, path, { headers, form });
  }
  return call(handler, op.method, path, { headers, json });
}

/** What the owner sees of the account: it must not change while a cashier is refused. */
async function ownersView(s: Shop) {
  const read = async (path: string, handler: (req: Request) => Promise<Response>) => (await call(handler, "GET", path, { headers: s.owner })).body;
  return {
    keys: await read("/v1/api-keys", apiKeysRoute.GET),
    webhooks: await read("/v1/webhooks", webhooksRoute.GET),
    members: await read("/v1/members", membersRoute.GET),
    invitations: await read("/v1/invitations", invitationsRoute.GET),
    links: await read("/v1/gateway", gatewaysRoute.GET),
  };
}

let s: Shop;
beforeAll(async () => {
  queueSandboxCallbacks(); // the payment stays pending: nothing settles behind the test's back
  s = await shop();
}, 240_000);
afterAll(() => setSandboxTransport(undefined));

describe("the cashier's rule", () => {
  it("is outside the ranking: it may call only the counter's operations and those of its own login", () => {
    expect(roles.map((role) => [role, keyRolesFor(role), rolesGivenBy(role)])).toEqual([
      ["owner", ["admin", "developer", "viewer"], ["owner", "admin", "developer", "viewer", "cashier"]],
      ["admin", ["admin", "developer", "viewer"], ["admin", "developer", "viewer", "cashier"]],
      ["developer", ["developer", "viewer"], ["developer", "viewer"]],
      ["viewer", ["viewer"], ["viewer"]],
      ["cashier", [], []],
    ]);
    const counterRead = { method: "GET", role: "cashier" as const };
    const counterWrite = { method: "POST", role: "cashier" as const };
    expect(roles.map((role) => [role, mayCall(role, counterRead), mayCall(role, counterWrite), mayCall(role, { method: "GET" })])).toEqual([
      ["owner", true, true, true],
      ["admin", true, true, true],
      ["developer", true, false, true],
      ["viewer", true, false, true],
      ["cashier", true, true, false],
    ]);
    expect([...guarded.filter((op) => op.self).map(name), settingsOperations.switchAccount.self]).toEqual(["GET /v1/me", "PATCH /v1/me", true]);
  });
});

describe("every operation of the API, with a cashier's dashboard session", () => {
  const closed = guarded.filter((op) => !mayCall("cashier", op));
  const open = guarded.filter((op) => mayCall("cashier", op));

  it("the table covers every operation (those a cashier may call: the counter's and its own login's)", () => {
    expect(closed.length).toBeGreaterThan(50);
    expect(open.filter((op) => !op.self).every((op) => op.role === "cashier")).toBe(true);
  });

  it.each(closed.map((op) => [name(op), requiredRole(op), op] as const))("%s: 403 INSUFFICIENT_ROLE (it needs %s)", SLOW, async (_name, needed, op) => {
    expect(reply(await callAs(s, op, s.cashierHeaders))).toEqual(refused(needed));
  });

  it.each(open.map((op) => [name(op), op] as const))("%s: let through", SLOW, async (_name, op) => {
    expect(typeOf(await callAs(s, op, s.cashierHeaders))).not.toBe("INSUFFICIENT_ROLE");
  });

  it("nothing of the account changed (keys, webhooks, members, invitations, links)", SLOW, async () => {
    const before = await ownersView(s);
    for (const op of closed.filter((o) => o.method !== "GET")) await callAs(s, op, s.cashierHeaders);
    expect(await ownersView(s)).toEqual(before);
  });
});

describe("the dashboard's routes outside /v1, with a cashier's session", () => {
  const download = (handler: (req: Request) => Promise<Response>, path: string) =>
    call(handler, "GET", `${path}?from=2026-01-01&to=2026-01-31`, { headers: { cookie: s.cashierHeaders.cookie! } });

  it("the CSV downloads: 403 INSUFFICIENT_ROLE, as the API's exports", SLOW, async () => {
    expect(reply(await download(exportPaymentsDownload.GET, "/dashboard/exports/payments"))).toEqual(refused("viewer"));
    expect(reply(await download(exportMarketplaceDownload.GET, "/dashboard/exports/marketplace-transactions"))).toEqual(refused("viewer"));
  });

  it("its own login: GET /v1/me, its language, switching to another of its accounts, signing out", SLOW, async () => {
    const other = await newAccount("CMR");
    const db = await getDb();
    await db.insert(memberships).values({ accountId: other.accountId, userId: s.cashier.userId, role: "viewer" });
    const headers = await sessionHeaders(s.accountId, s.cashier.userId);
    const me = await call(meRoute.PATCH, "PATCH", "/v1/me", { headers, json: { language: "en" } });
    expect([me.status, (me.body as { role: string; language: string }).role, (me.body as { language: string }).language]).toEqual([200, "cashier", "en"]);
    const switched = await call(switchAccountRoute.POST, "POST", "/api/auth/switch-account", { headers, json: { account_id: other.accountId } });
    expect(reply(switched)).toEqual({ status: 200, body: { account_id: other.accountId } });
    const out = await call(logoutRoute.POST, "POST", "/api/auth/logout", { headers });
    expect(reply(out)).toEqual({ status: 200, body: { signed_out: true } });
  });

  it("a cashier gets no mails about the account: switching one on is refused", SLOW, async () => {
    const mails = await call(meRoute.PATCH, "PATCH", "/v1/me", { headers: s.cashierHeaders, json: { notifications: { payments: true } } });
    expect(reply(mails)).toEqual({
      status: 403,
      body: { detail: { message: "Your role on this account (cashier) does not allow this action: a cashier gets no mails about the account", type: "INSUFFICIENT_ROLE" } },
    });
    const off = await call(meRoute.PATCH, "PATCH", "/v1/me", { headers: s.cashierHeaders, json: { notifications: { payments: false } } });
    expect(off.status).toBe(200);
  });
});

describe("what a cashier may hold", () => {
  it("no API key: the API refuses it, and so does making one with no role to give", SLOW, async () => {
    const made = await call(apiKeysRoute.POST, "POST", "/v1/api-keys", { headers: s.cashierHeaders, json: { name: "till" } });
    expect(reply(made)).toEqual(refused("developer"));
    const auth = { ...(await findAuthByKeyHash(hashApiKey(s.key)))!, via: "session" as const, role: "cashier" as const, userId: s.cashier.userId };
    await expect(createApiKeyFor(auth, { name: "till" })).rejects.toMatchObject({
      type: "INSUFFICIENT_ROLE",
      message: "Your role on this account (cashier) does not allow this action: a key's role is at most its maker's (none)",
    });
  });

  it("demoted to cashier, a member's API keys and open invitations are revoked in the same change, and their mails switched off", SLOW, async () => {
    const boss = await newAccount("CMR");
    const owner = await sessionHeaders(boss.accountId);
    const member = await addMember(boss.accountId, "owner");
    const theirs = await sessionHeaders(boss.accountId, member.userId);
    const keys = [];
    for (const role of ["admin", "developer", "viewer"]) {
      const made = await call(apiKeysRoute.POST, "POST", "/v1/api-keys", { headers: theirs, json: { name: role, role } });
      expect(made.status).toBe(200);
      keys.push((made.body as { api_key: string }).api_key);
    }
    for (const role of ["admin", "viewer", "cashier"]) {
      const sent = await call(invitationsRoute.POST, "POST", "/v1/invitations", { headers: theirs, json: { email: `${role}-${randomUUID()}@example.com`, role } });
      expect(sent.status).toBe(200);
    }
    const changed = await call(memberRoute.PATCH, "PATCH", `/v1/members/${member.memberId}`, { headers: owner, json: { role: "cashier" } });
    expect([changed.status, (changed.body as { role: string }).role]).toEqual([200, "cashier"]);

    const db = await getDb();
    const keyRows = await db.select({ role: apiKeys.role, revoked: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.createdBy, member.userId));
    expect(keyRows.map((k) => [k.role, k.revoked instanceof Date]).sort()).toEqual([
      ["admin", true],
      ["developer", true],
      ["viewer", true],
    ]);
    const sentRows = await db.select({ role: invitations.role, revoked: invitations.revokedAt }).from(invitations).where(eq(invitations.invitedBy, member.userId));
    expect(sentRows.map((i) => [i.role, i.revoked instanceof Date]).sort()).toEqual([
      ["admin", true],
      ["cashier", true],
      ["viewer", true],
    ]);
    const [mails] = await db
      .select({ p: memberships.notifyPayments, r: memberships.notifyRefunds, f: memberships.notifyFailedPayouts, a: memberships.notifyProviderAlerts })
      .from(memberships)
      .where(and(eq(memberships.accountId, boss.accountId), eq(memberships.userId, member.userId)));
    expect(mails).toEqual({ p: false, r: false, f: false, a: false });
    for (const key of keys) {
      expect(reply(await call(gatewaysRoute.GET, "GET", "/v1/gateway", { key }))).toEqual({
        status: 404,
        body: { detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" } },
      });
    }
  });

  it("a key whose maker is a cashier is dead, even unrevoked", SLOW, async () => {
    const boss = await newAccount("CMR");
    const member = await addMember(boss.accountId, "admin");
    const made = await call(apiKeysRoute.POST, "POST", "/v1/api-keys", { headers: await sessionHeaders(boss.accountId, member.userId), json: { name: "k", role: "admin" } });
    const key = (made.body as { api_key: string }).api_key;
    expect((await call(gatewaysRoute.GET, "GET", "/v1/gateway", { key })).status).toBe(200);
    const db = await getDb();
    await db.update(memberships).set({ role: "cashier" }).where(eq(memberships.id, member.memberId)); // not through changeRole
    expect(reply(await call(gatewaysRoute.GET, "GET", "/v1/gateway", { key }))).toEqual({
      status: 404,
      body: { detail: { message: "API Key not found", type: "API_KEY_NOT_FOUND" } },
    });
  });

  it("an owner invites a cashier; the cashier joins with the mails about the account off", SLOW, async () => {
    const boss = await newAccount("CMR");
    const owner = await sessionHeaders(boss.accountId);
    const email = `till-${randomUUID()}@example.com`;
    const sent = await call(invitationsRoute.POST, "POST", "/v1/invitations", { headers: owner, json: { email, role: "cashier" } });
    expect([sent.status, (sent.body as { role: string }).role]).toEqual([200, "cashier"]);
    const token = tokenIn(lastMailTo(email)!, "/invitation");
    const joined = await call(acceptRoute.POST, "POST", "/api/auth/invitations/accept", {
      json: { token, password: "a new password" },
      headers: { origin: "http://kola.test", [PEER_HEADER]: "10.29.3.1" },
    });
    expect(reply(joined)).toEqual({ status: 200, body: { account_id: boss.accountId, email, role: "cashier" } });
    const cookie = joined.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
    const mine = await call(meRoute.GET, "GET", "/v1/me", { headers: { cookie, "kola-mode": "test" } });
    expect([(mine.body as { role: string }).role, (mine.body as { notifications: unknown }).notifications]).toEqual([
      "cashier",
      { payments: false, refunds: false, failed_payouts: false, provider_alerts: false },
    ]);
    // an admin may not invite (the team is the owner's), a cashier even less
    const admin = await addMember(boss.accountId, "admin");
    const byAdmin = await call(invitationsRoute.POST, "POST", "/v1/invitations", { headers: await sessionHeaders(boss.accountId, admin.userId), json: { email, role: "cashier" } });
    expect(reply(byAdmin)).toEqual({
      status: 403,
      body: { detail: { message: "Your role on this account (admin) does not allow this action: it needs owner or above", type: "INSUFFICIENT_ROLE" } },
    });
  });
});

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as accept from "@/app/api/auth/invitations/accept/route";
import * as accountRoute from "@/app/v1/account/route";
import * as keyRoute from "@/app/v1/api-keys/[key_id]/route";
import * as takeOverRoute from "@/app/v1/api-keys/[key_id]/take-over/route";
import * as keysRoute from "@/app/v1/api-keys/route";
import * as gatewaysRoute from "@/app/v1/gateway/route";
import * as invitationsRoute from "@/app/v1/invitations/route";
import * as memberRoute from "@/app/v1/members/[member_id]/route";
import * as payoutsRoute from "@/app/v1/payouts/route";
import { route } from "@/lib/api/route";
import { dbKind, getDb, inTransaction } from "@/lib/db/client";
import { createGateway } from "@/lib/gateways/create-gateway";
import { presentCreated } from "@/lib/gateways/present";
import { gatewayOperations } from "@/lib/gateways/schemas";
import { PEER_HEADER } from "@/lib/http/client-address";
import { call, newAccount } from "@/test/support/api";
import { lastMailTo, tokenIn } from "@/test/support/mail";
import { createApiKey } from "@/lib/accounts/create-account";
import { removeMember } from "@/lib/accounts/members";
import type { Role } from "@/lib/core/roles";
import { addMember, sessionHeaders } from "@/test/support/accounts";

// API keys with roles (as Stripe's restricted keys) and what a member holds dies with them: a key is
// never above its maker, their removal revokes their keys and invitations, their demotion lowers
// them, an owner may take a key over first; a request in flight at the removal is finished before
// it or refused after it; invitation mails are limited per address and per account.

const ORIGIN = "http://kola.test";
const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);
const reply = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const error = (status: number, type: string, message: string) => ({ status, body: { detail: { message, type } } });
const KEY_GONE = error(404, "API_KEY_NOT_FOUND", "API Key not found");
const SLOW = { timeout: 90_000 };
let n = 0;

async function team(...members: Role[]) {
  const account = await newAccount("CMR");
  const owner = { headers: await sessionHeaders(account.accountId) };
  const people = [];
  for (const role of members) {
    const member = await addMember(account.accountId, role);
    people.push({ ...member, role, headers: await sessionHeaders(account.accountId, member.userId) });
  }
  return { ...account, owner, people };
}

type Headers = Record<string, string>;
const makeKey = async (headers: Headers, json: Record<string, unknown>) => call(keysRoute.POST, "POST", "/v1/api-keys", { headers, json });
const keysOf = async (headers: Headers) => (await call(keysRoute.GET, "GET", "/v1/api-keys", { headers })).body as { id: string; role: string; revoked_at: string | null; created_by: { email: string } }[];
const accountBy = (key: string) => call(accountRoute.GET, "GET", "/v1/account", { key });
const linkBy = (key: string) => call(gatewaysRoute.POST, "POST", "/v1/gateway", { key, json: { amount: 5000, shop_name: "Boutique" } });
const payoutBy = (key: string) => call(payoutsRoute.POST, "POST", "/v1/payouts", { key, json: { amount: 1000, phone_number: "237670000000", operator: "MTN_MOMO_CMR" } });
const removal = (headers: Headers, memberId: string) => call(memberRoute.DELETE, "DELETE", `/v1/members/${memberId}`, { headers });
const demotion = (headers: Headers, memberId: string, role: Role) => call(memberRoute.PATCH, "PATCH", `/v1/members/${memberId}`, { headers, json: { role } });
const inviteAs = (headers: Headers, email: string, role: Role) => call(invitationsRoute.POST, "POST", "/v1/invitations", { headers, json: { email, role } });
const acceptWith = (token: string) =>
  call(accept.POST, "POST", "/api/auth/invitations/accept", { json: { token, password: "a new password" }, headers: { origin: ORIGIN, [PEER_HEADER]: `10.27.${Math.floor(++n / 250)}.${n % 250}` } });

describe("keys with roles", () => {
  it("a key's role is at most its maker's: a developer makes developer and viewer keys, never admin; owner is no key's role", SLOW, async () => {
    const shop = await team("developer", "admin");
    const [dev, admin] = shop.people;
    expect(reply(await makeKey(dev!.headers, { name: "CI", role: "admin" }))).toEqual(
      error(403, "INSUFFICIENT_ROLE", "Your role on this account (developer) does not allow this action: a key's role is at most its maker's (developer, viewer)"),
    );
    expect(reply(await makeKey(shop.owner.headers, { name: "All", role: "owner" }))).toEqual({
      status: 422,
      body: { detail: [{ loc: ["body", "role"], msg: "Input should be 'admin', 'developer' or 'viewer'", type: "enum", ctx: { expected: "'admin', 'developer' or 'viewer'" } }] },
    });
    const made = await makeKey(dev!.headers, { name: "CI" }); // unsaid: the highest its maker may give
    expect(reply(made)).toEqual({
      status: 200,
      body: {
        id: uuid,
        name: "CI",
        mode: "test",
        role: "developer",
        created_by: { user_id: dev!.userId, email: dev!.email },
        prefix: expect.stringMatching(/^kola_test_/),
        last4: expect.any(String),
        created_at: at,
        last_used_at: null,
        revoked_at: null,
        api_key: expect.stringMatching(/^kola_test_/),
      },
    });
    const devKey = (made.body as { api_key: string }).api_key;
    expect(reply(await payoutBy(devKey))).toEqual(error(403, "INSUFFICIENT_ROLE", "Your role on this account (developer) does not allow this action: it needs admin or above"));
    expect(reply(await linkBy(devKey))).toEqual(error(403, "INSUFFICIENT_ROLE", "Your role on this account (developer) does not allow this action: it needs admin or above"));
    expect((await accountBy(devKey)).status).toBe(200);
    expect((await makeKey(dev!.headers, { name: "Reader", role: "viewer" })).status).toBe(200);
    expect((await makeKey(admin!.headers, { name: "Server", role: "admin" })).status).toBe(200);
    // the list says each key's role and maker; keys made before roles existed are admin keys of the owner
    expect((await keysOf(shop.owner.headers)).map((k) => [k.role, k.created_by.email])).toEqual([
      ["admin", admin!.email],
      ["viewer", dev!.email],
      ["developer", dev!.email],
      ["admin", shop.email],
    ]);
  });
});

describe("revoking keys", () => {
  it("a developer revokes their own keys and developer or viewer keys, never an admin key someone else made", SLOW, async () => {
    const shop = await team("developer", "developer");
    const [dev, other] = shop.people;
    const revoke = (headers: Headers, id: string) => call(keyRoute.DELETE, "DELETE", `/v1/api-keys/${id}`, { headers });
    const [ownerKey] = await keysOf(shop.owner.headers); // the account's first key: admin, the owner's
    const otherKey = (await makeKey(other!.headers, { name: "Reader", role: "viewer" })).body as { id: string };
    const ownKey = (await makeKey(dev!.headers, { name: "Mine" })).body as { id: string };
    expect(reply(await revoke(dev!.headers, ownerKey!.id))).toEqual(
      error(403, "INSUFFICIENT_ROLE", "Your role on this account (developer) does not allow revoking a key of role admin"),
    );
    expect((await revoke(dev!.headers, otherKey.id)).body).toMatchObject({ id: otherKey.id, role: "viewer", revoked_at: at });
    expect((await revoke(dev!.headers, ownKey.id)).body).toMatchObject({ id: ownKey.id, role: "developer", revoked_at: at });
    expect((await revoke(shop.owner.headers, ownerKey!.id)).body).toMatchObject({ id: ownerKey!.id, role: "admin", revoked_at: at });
  });
});

describe("the admin CLI's keys", () => {
  it("are admin keys made by the account's first owner", SLOW, async () => {
    const shop = await team("owner");
    const { api_key } = await createApiKey({ email: shop.email, mode: "live" });
    const live = await sessionHeaders(shop.accountId, undefined, "live");
    expect((await keysOf(live)).map((k) => [k.role, k.created_by.email])).toEqual([["admin", shop.email]]);
    expect((await linkBy(api_key)).status).toBe(200);
  });
});

describe("what a member made dies with them", () => {
  it("removing a developer revokes their keys, in both modes: the key no longer reads the account or makes links", SLOW, async () => {
    const shop = await team("developer");
    const dev = shop.people[0]!;
    const test = (await makeKey(dev.headers, { name: "test" })).body as { id: string; api_key: string };
    const liveHeaders = await sessionHeaders(shop.accountId, dev.userId, "live");
    const live = (await makeKey(liveHeaders, { name: "live" })).body as { id: string; api_key: string };
    expect([(await accountBy(test.api_key)).status, (await accountBy(live.api_key)).status]).toEqual([200, 200]);

    expect(reply(await removal(shop.owner.headers, dev.memberId))).toEqual({ status: 200, body: { id: dev.memberId, deleted: true } });
    for (const key of [test.api_key, live.api_key]) {
      expect(reply(await accountBy(key))).toEqual(KEY_GONE);
      expect(reply(await linkBy(key))).toEqual(KEY_GONE);
    }
    expect((await keysOf(shop.owner.headers)).map((k) => [k.id, k.revoked_at])).toEqual([
      [test.id, at],
      [expect.any(String), null], // the owner's own key lives on
    ]);
  });

  it("removing a co-owner makes the links they sent unusable: the new address does not become an owner", SLOW, async () => {
    const shop = await team("owner");
    const coOwner = shop.people[0]!;
    const second = `second-${randomUUID()}@example.com`;
    expect((await inviteAs(coOwner.headers, second, "owner")).status).toBe(200);
    const token = tokenIn(lastMailTo(second), "/invitation");
    expect((await removal(shop.owner.headers, coOwner.memberId)).status).toBe(200);
    expect(reply(await acceptWith(token))).toEqual(error(400, "INVALID_TOKEN", "This link is invalid, expired or already used; ask for a new one"));
    expect((await call(invitationsRoute.GET, "GET", "/v1/invitations", { headers: shop.owner.headers })).body).toEqual([]);
  });

  it("demoting an admin lowers their keys to the new role; a demoted co-owner's invitations above it stop working", SLOW, async () => {
    const shop = await team("admin", "owner");
    const [admin, coOwner] = shop.people;
    const key = (await makeKey(admin!.headers, { name: "Server", role: "admin" })).body as { id: string; api_key: string };
    expect((await linkBy(key.api_key)).status).toBe(200);
    expect(reply(await demotion(shop.owner.headers, admin!.memberId, "developer"))).toMatchObject({ status: 200, body: { role: "developer" } });
    expect(reply(await linkBy(key.api_key))).toEqual(error(403, "INSUFFICIENT_ROLE", "Your role on this account (developer) does not allow this action: it needs admin or above"));
    expect((await keysOf(shop.owner.headers)).find((k) => k.id === key.id)).toMatchObject({ role: "developer", revoked_at: null });
    // a promotion gives no key more than it was made with
    expect((await demotion(shop.owner.headers, admin!.memberId, "owner")).status).toBe(200);
    expect((await keysOf(shop.owner.headers)).find((k) => k.id === key.id)).toMatchObject({ role: "developer" });

    const asOwner = `owner-${randomUUID()}@example.com`;
    const asViewer = `viewer-${randomUUID()}@example.com`;
    await inviteAs(coOwner!.headers, asOwner, "owner");
    await inviteAs(coOwner!.headers, asViewer, "viewer");
    expect((await demotion(shop.owner.headers, coOwner!.memberId, "admin")).status).toBe(200);
    expect(reply(await acceptWith(tokenIn(lastMailTo(asOwner), "/invitation")))).toEqual(error(400, "INVALID_TOKEN", "This link is invalid, expired or already used; ask for a new one"));
    expect(reply(await acceptWith(tokenIn(lastMailTo(asViewer), "/invitation")))).toEqual({ status: 200, body: { account_id: shop.accountId, email: asViewer, role: "viewer" } });
  });

  it("an owner takes a key over: it is theirs and outlives its maker's removal; owners only, never a revoked key", SLOW, async () => {
    const shop = await team("developer", "admin");
    const [dev, admin] = shop.people;
    const key = (await makeKey(dev!.headers, { name: "Production" })).body as { id: string; api_key: string };
    const takeOver = (headers: Headers, id = key.id) => call(takeOverRoute.POST, "POST", `/v1/api-keys/${id}/take-over`, { headers });
    expect(reply(await takeOver(admin!.headers))).toEqual(error(403, "INSUFFICIENT_ROLE", "Your role on this account (admin) does not allow this action: it needs owner or above"));
    const owner = (await call(accountRoute.GET, "GET", "/v1/account", { key: shop.key })).body as { email: string };
    const taken = await takeOver(shop.owner.headers);
    expect(reply(taken)).toEqual({
      status: 200,
      body: {
        id: key.id,
        name: "Production",
        mode: "test",
        role: "developer",
        created_by: { user_id: expect.any(String), email: owner.email },
        prefix: expect.any(String),
        last4: expect.any(String),
        created_at: at,
        last_used_at: null,
        revoked_at: null,
      },
    });
    expect((await removal(shop.owner.headers, dev!.memberId)).status).toBe(200);
    expect((await accountBy(key.api_key)).status).toBe(200);

    const other = (await makeKey(admin!.headers, { name: "Old" })).body as { id: string };
    await call(keyRoute.DELETE, "DELETE", `/v1/api-keys/${other.id}`, { headers: admin!.headers });
    expect(reply(await takeOver(shop.owner.headers, other.id))).toEqual(error(409, "API_KEY_REVOKED", "This API key is revoked: make a new one"));
    expect(reply(await takeOver(shop.owner.headers, randomUUID()))).toEqual(error(404, "API_KEY_ID_NOT_FOUND", "API key not found"));
  });
});

/** A promise and its resolver. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * On PostgreSQL, until a statement of this database that locks `lock` (FOR UPDATE: the removal's;
 * FOR KEY SHARE: a request's hold on its credential) waits for a lock: the other side of the race,
 * blocked where it must be. On PGlite, one connection runs one transaction at a time: the other side
 * cannot even start before the first commits, so there is nothing to wait for.
 */
async function untilWaiting(lock: "for update" | "for key share"): Promise<void> {
  if ((await dbKind()) === "pglite") return;
  const db = await getDb();
  for (let i = 0; i < 400; i++) {
    // postgres.js answers the rows themselves
    const rows = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike ${`%${lock}%`}`,
    )) as unknown as { n: number }[];
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no statement ${lock} ever waited for a lock`);
}

describe("a request in flight at the removal: finished before it or refused after it, never half", () => {
  const credentials = [
    ["an API key", async (shop: Awaited<ReturnType<typeof team>>) => ({ key: ((await makeKey(shop.people[0]!.headers, { name: "Server" })).body as { api_key: string }).api_key })],
    ["a session", async (shop: Awaited<ReturnType<typeof team>>) => ({ headers: shop.people[0]!.headers })],
  ] as const;

  it.each(credentials)("by %s: a link being made when the removal comes is made, then the removal revokes", SLOW, async (_name, credential) => {
    const shop = await team("admin");
    const as = await credential(shop);
    const entered = deferred();
    const gate = deferred();
    // the real verb, held inside its request's transaction until the removal is under way
    const held = route(gatewayOperations.create, async ({ auth, body }) => {
      entered.resolve();
      await gate.promise;
      return presentCreated(await createGateway(auth, body));
    });
    const request = call(held, "POST", "/v1/gateway", { ...as, json: { amount: 5000, shop_name: "In flight" } });
    await entered.promise;
    const removed = removal(shop.owner.headers, shop.people[0]!.memberId);
    await untilWaiting("for update"); // the removal, waiting for the request's hold on its credential
    gate.resolve();
    expect(reply(await request)).toMatchObject({ status: 200, body: { shop_name: "In flight" } });
    expect(reply(await removed)).toEqual({ status: 200, body: { id: shop.people[0]!.memberId, deleted: true } });
    expect(((await call(gatewaysRoute.GET, "GET", "/v1/gateway", { headers: shop.owner.headers })).body as { shop_name: string }[]).map((g) => g.shop_name)).toEqual(["In flight"]);
    const after = await call(gatewaysRoute.POST, "POST", "/v1/gateway", { ...as, json: { amount: 5000, shop_name: "After" } });
    expect(reply(after)).toEqual("key" in as ? KEY_GONE : error(401, "NOT_SIGNED_IN", "Sign in to continue"));
  });

  it.each(credentials)("by %s: a request that comes while the removal commits waits for it, then is refused with nothing done", SLOW, async (_name, credential) => {
    const shop = await team("admin");
    const as = await credential(shop);
    const entered = deferred();
    const gate = deferred();
    // the removal, held inside its transaction (its locks taken, not committed)
    const removed = inTransaction(async () => {
      await removeMember({ accountId: shop.accountId }, shop.people[0]!.memberId);
      entered.resolve();
      await gate.promise;
    });
    await entered.promise;
    const request = call(gatewaysRoute.POST, "POST", "/v1/gateway", { ...as, json: { amount: 5000, shop_name: "Too late" } });
    await untilWaiting("for key share"); // the request, waiting to hold its credential
    gate.resolve();
    await removed;
    expect(reply(await request)).toEqual("key" in as ? KEY_GONE : error(401, "NOT_SIGNED_IN", "Sign in to continue"));
    expect((await call(gatewaysRoute.GET, "GET", "/v1/gateway", { headers: shop.owner.headers })).body).toEqual([]);
  });
});

describe("invitation limits", () => {
  const limited = { status: 429, body: { detail: { message: "Too many requests; retry later", type: "RATE_LIMITED" } } };
  const retryAfter = (r: { headers: globalThis.Headers }) => Number(r.headers.get("retry-after"));

  it("3 mails an hour to one address from one account (a resend counts); another address or account is not held up", SLOW, async () => {
    const shop = await team();
    const email = `again-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await inviteAs(shop.owner.headers, email, "viewer")).status).toBe(200);
    const fourth = await inviteAs(shop.owner.headers, email, "viewer");
    expect(reply(fourth)).toEqual(limited);
    expect(retryAfter(fourth)).toBeGreaterThan(3500);
    expect(retryAfter(fourth)).toBeLessThanOrEqual(3600);
    expect((await inviteAs(shop.owner.headers, `other-${randomUUID()}@example.com`, "viewer")).status).toBe(200);
    const elsewhere = await team();
    expect((await inviteAs(elsewhere.owner.headers, email, "viewer")).status).toBe(200);
  });

  it("20 mails an hour from one account, whatever the addresses", SLOW, async () => {
    const shop = await team();
    for (let i = 0; i < 20; i++) expect((await inviteAs(shop.owner.headers, `many-${i}-${randomUUID()}@example.com`, "viewer")).status, `mail ${i + 1}`).toBe(200);
    const over = await inviteAs(shop.owner.headers, `many-21-${randomUUID()}@example.com`, "viewer");
    expect(reply(over)).toEqual(limited);
    expect(retryAfter(over)).toBeGreaterThan(3500);
  });
});

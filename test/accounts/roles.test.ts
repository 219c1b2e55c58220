import { beforeAll, describe, expect, it } from "vitest";
import * as apiKeysRoute from "@/app/v1/api-keys/route";
import { allOperations } from "@/lib/api/all-operations";
import { call, newAccount } from "@/test/support/api";
import { routeFileOf } from "@/test/support/route-files";
import { hasRole, keyRoles, mayCall, requiredRole, roles, rolesBelow, type KeyRole, type Role } from "@/lib/core/roles";
import { addMember, sessionHeaders } from "@/test/support/accounts";

// Every operation of the API enforces its role (DESIGN §1 "Team"), once, in the route wrapper: a
// table over the operations list itself, so an operation added tomorrow (a money endpoint above
// all) is tried without anyone listing it. Each role below the one an operation needs gets 403
// with the error body, before anything is read or done; the role it needs gets past that check.
// The same table for API keys: a key acts with its own role (admin, developer or viewer), checked
// by the same rule as a member's; dashboard-only operations refuse every key.

const guarded = allOperations.filter((op) => op.auth !== "none");
const MONEY = ["POST /v1/refunds", "POST /v1/payouts", "POST /v1/payouts/{payout_id}/retry"];

const forbidden = (role: Role, needed: Role) => ({
  status: 403,
  body: {
    detail: {
      message: `Your role on this account (${role}) does not allow this action: it needs ${needed} or above`,
      type: "INSUFFICIENT_ROLE",
    },
  },
});

async function team() {
  const account = await newAccount("CMR");
  const headers = {} as Record<Role, Record<string, string>>;
  for (const role of roles) {
    headers[role] = role === "owner" ? await sessionHeaders(account.accountId) : await sessionHeaders(account.accountId, (await addMember(account.accountId, role)).userId);
  }
  // a key of each role, made by the member of that role (a viewer makes none: the developer does)
  const keys = {} as Record<KeyRole, string>;
  for (const role of keyRoles) {
    const maker = headers[role === "viewer" ? "developer" : role];
    const made = await call(apiKeysRoute.POST, "POST", "/v1/api-keys", { headers: maker, json: { name: `${role} key`, role } });
    expect([made.status, (made.body as { role: string }).role], role).toEqual([200, role]);
    keys[role] = (made.body as { api_key: string }).api_key;
  }
  return { ...account, headers, keys };
}

/** Calls `op` as `headers` with made-up path values and an empty body: enough to meet the role check. */
async function callAs(op: (typeof guarded)[number], headers: Record<string, string> | null, key?: string) {
  const route = routeFileOf(op.path);
  const handler = (await route!.load())[op.method];
  if (!handler) throw new Error(`${route!.file} has no ${op.method}`);
  const path = op.path.replace(/\{(\w+)\}/g, "00000000-0000-4000-8000-000000000000");
  const json = op.method === "GET" || op.method === "DELETE" ? undefined : {};
  return call(handler, op.method, path, { headers: headers ?? {}, key, json });
}

describe("roles", () => {
  it("rank owner > admin > developer > viewer, a cashier outside; unsaid, GET needs a viewer and any change an admin", () => {
    expect(roles.map((r) => rolesBelow(r))).toEqual([
      ["admin", "developer", "viewer", "cashier"],
      ["developer", "viewer", "cashier"],
      ["viewer", "cashier"],
      ["cashier"],
      ["developer", "viewer"],
    ]);
    expect([hasRole("admin", "developer"), hasRole("developer", "admin")]).toEqual([true, false]);
    expect(["GET", "POST", "PUT", "PATCH", "DELETE"].map((method) => requiredRole({ method }))).toEqual(["viewer", "admin", "admin", "admin", "admin"]);
  });

  it("every money endpoint needs an admin (a viewer never moves money)", () => {
    const money = guarded.filter((op) => MONEY.includes(`${op.method} ${op.path}`));
    expect(money.map((op) => [`${op.method} ${op.path}`, requiredRole(op)])).toEqual(MONEY.map((m) => [m, "admin"]));
  });

  it("the table covers every operation, and keys, webhooks and the team say their own role", () => {
    const said = Object.fromEntries(guarded.filter((op) => op.role).map((op) => [`${op.method} ${op.path}`, op.role]));
    expect(guarded.length).toBeGreaterThan(50);
    expect(said).toMatchObject({
      "POST /v1/api-keys": "developer",
      "POST /v1/api-keys/{key_id}/take-over": "owner",
      "POST /v1/webhooks": "developer",
      "POST /v1/webhooks/{webhook_id}/test": "developer",
      "POST /v1/invitations": "owner",
      "PATCH /v1/members/{member_id}": "owner",
      "DELETE /v1/members/{member_id}": "owner",
      "PATCH /v1/me": "viewer",
    });
  });

  for (const money of MONEY) {
    it(`${money} is refused to a viewer and a developer, and to their keys`, async () => {
      const op = guarded.find((o) => `${o.method} ${o.path}` === money)!;
      for (const role of ["viewer", "developer"] as const) {
        expect(await reply(op, people.headers[role]), role).toEqual(forbidden(role, "admin"));
        expect(await reply(op, null, people.keys[role]), `${role} key`).toEqual(forbidden(role, "admin"));
      }
    });
  }
});

let people: Awaited<ReturnType<typeof team>>;
beforeAll(async () => {
  people = await team();
});

const reply = async (op: (typeof guarded)[number], headers: Record<string, string> | null, key?: string) => {
  const r = await callAs(op, headers, key);
  return { status: r.status, body: r.body };
};
const typeOf = (r: { body: unknown }) => (r.body as { detail?: { type?: string } } | null)?.detail?.type;

// the API's one rule (lib/core/roles.ts `mayCall`): a cashier only where the operation says so (test/accounts/cashier.test.ts)
describe.each(guarded.map((op) => [`${op.method} ${op.path}`, requiredRole(op), op] as const))("%s needs %s", (_name, needed, op) => {
  it.each(roles.filter((r) => !mayCall(r, op)))("refused to a %s: 403 INSUFFICIENT_ROLE, nothing read or done", async (role) => {
    expect(await reply(op, people.headers[role])).toEqual(forbidden(role, needed));
  });
  it(`let through for ${roles.filter((r) => mayCall(r, op)).join(", ")}`, async () => {
    for (const role of roles.filter((r) => mayCall(r, op))) expect(typeOf(await reply(op, people.headers[role])), role).not.toBe("INSUFFICIENT_ROLE");
  });
  it.each(keyRoles)("by a %s API key: as a member of that role, or refused when the dashboard alone may", async (role) => {
    const byKey = await reply(op, null, people.keys[role]);
    if (op.auth === "session") expect(byKey).toEqual({ status: 401, body: { detail: { message: "Sign in to continue", type: "NOT_SIGNED_IN" } } });
    else if (hasRole(role, needed)) expect(typeOf(byKey)).not.toBe("INSUFFICIENT_ROLE");
    else expect(byKey).toEqual(forbidden(role, needed));
  });
});

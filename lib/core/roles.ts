// The roles of an account's members (DESIGN §1 "Team"), from most to least allowed. Dependency-free:
// lib/db/schema.ts, the operations (lib/core/operation.ts) and the dashboard all import it.
//   owner      everything, members and ownership included
//   admin      everything but members and ownership (the most an API key may do)
//   developer  API keys and webhooks, and reading everything
//   viewer     reading only: never moves money, changes nothing of the account's
//   cashier    the counter only: asks buyers to pay (requests to pay) and sees its own sales of the
//              day; reads nothing else, changes nothing else (no refunds, payouts, keys, team, exports)
//
// The first four are ranked; a cashier is outside the ranking: it may call only the operations that
// say so (`role: "cashier"`), which stay open to the ranked roles their method's default allows.

export const roles = ["owner", "admin", "developer", "viewer", "cashier"] as const;
export type Role = (typeof roles)[number];

/**
 * The roles an API key may carry (as Stripe's restricted keys): chosen when it is made, never above
 * its maker's, never owner (an integrator's server never manages the team). Keys made before roles
 * existed are admin keys, made by the account's owner (migration 0019).
 */
export const keyRoles = ["admin", "developer", "viewer"] as const satisfies readonly Role[];
export type KeyRole = (typeof keyRoles)[number];

const rank: Record<Role, number> = { cashier: -1, viewer: 0, developer: 1, admin: 2, owner: 3 };

/** Whether `role` may do what needs `needed` (a cashier only what needs a cashier). */
export function hasRole(role: Role, needed: Role): boolean {
  if (role === "cashier" || needed === "cashier") return role === needed || (needed === "cashier" && rank[role] >= rank.admin);
  return rank[role] >= rank[needed];
}

/** The lower of two roles: what a key may do is bounded by its own role and its maker's. */
export function lowerRole(a: Role, b: Role): Role {
  return rank[a] <= rank[b] ? a : b;
}

/**
 * The roles a member of `role` may hand out or back (an invitation's): theirs and the ranked roles
 * below, a cashier's for an owner or an admin. A cashier hands out nothing: no invitation, no key.
 */
export function rolesGivenBy(role: Role): Role[] {
  return role === "cashier" ? [] : roles.filter((other) => hasRole(role, other));
}

/** The roles of a key that a member of `role` may make: theirs and below, admin at most; none for a cashier. */
export function keyRolesFor(role: Role): KeyRole[] {
  const given = rolesGivenBy(role);
  return keyRoles.filter((keyRole) => given.includes(keyRole));
}

/**
 * The role an operation needs: its own `role`, or else the safe default of its method — reading is
 * for every member, any change is for admins. An operation added without a word is therefore never
 * open to a viewer (a new money endpoint included). Sessions and API keys alike.
 */
export function requiredRole(operation: { method: string; role?: Role }): Role {
  return operation.role && operation.role !== "cashier" ? operation.role : operation.method === "GET" ? "viewer" : "admin";
}

/**
 * Whether `role` may call `operation`: what its required role allows, and a cashier where the
 * operation says `role: "cashier"` (the counter's operations: a cashier's own requests to pay) or
 * `self` (the caller's own login: name, language, the account the session shows). The API
 * (lib/accounts/authenticate.ts), the dashboard's downloads and its pages (lib/query/role.tsx) ask this.
 */
export function mayCall(role: Role, operation: { method: string; role?: Role; self?: boolean }): boolean {
  if (role === "cashier") return operation.role === "cashier" || operation.self === true;
  return hasRole(role, requiredRole(operation));
}

/** The roles that may not do what needs `needed` (for the tests' tables and the dashboard). */
export function rolesBelow(needed: Role): Role[] {
  return roles.filter((role) => !hasRole(role, needed));
}

/** What a member demoted to `role` can no longer hand out or back (keys, invitations): every role for a cashier. */
export function rolesNotGivenBy(role: Role): Role[] {
  const given = rolesGivenBy(role);
  return roles.filter((other) => !given.includes(other));
}

/** Where a member of `role` lands in the dashboard, and the pages they may see. */
export const COUNTER_PAGE = "/dashboard/counter";
export function dashboardHome(role: Role): string {
  return role === "cashier" ? COUNTER_PAGE : "/dashboard";
}
/** Whether a member of `role` may see the dashboard page at `path` (a cashier: the counter alone). */
export function maySeePage(role: Role, path: string): boolean {
  const dashboard = path === "/dashboard" || path.startsWith("/dashboard/");
  return role !== "cashier" || !dashboard || path === COUNTER_PAGE || path.startsWith(`${COUNTER_PAGE}/`);
}

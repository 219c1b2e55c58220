// The roles of an account's members (DESIGN §1 "Team"), from most to least allowed. Dependency-free:
// lib/db/schema.ts, the operations (lib/core/operation.ts) and the dashboard all import it.
//   owner      everything, members and ownership included
//   admin      everything but members and ownership (the most an API key may do)
//   developer  API keys and webhooks, and reading everything
//   viewer     reading only: never moves money, changes nothing of the account's

export const roles = ["owner", "admin", "developer", "viewer"] as const;
export type Role = (typeof roles)[number];

/**
 * The roles an API key may carry (as Stripe's restricted keys): chosen when it is made, never above
 * its maker's, never owner (an integrator's server never manages the team). Keys made before roles
 * existed are admin keys, made by the account's owner (migration 0019).
 */
export const keyRoles = ["admin", "developer", "viewer"] as const satisfies readonly Role[];
export type KeyRole = (typeof keyRoles)[number];

const rank: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };

/** Whether `role` may do what needs `needed`. */
export function hasRole(role: Role, needed: Role): boolean {
  return rank[role] >= rank[needed];
}

/** The lower of two roles: what a key may do is bounded by its own role and its maker's. */
export function lowerRole(a: Role, b: Role): Role {
  return rank[a] <= rank[b] ? a : b;
}

/** The roles of a key that a member of `role` may make: theirs and below, admin at most. */
export function keyRolesFor(role: Role): KeyRole[] {
  return keyRoles.filter((keyRole) => hasRole(role, keyRole));
}

/**
 * The role an operation needs: its own `role`, or else the safe default of its method — reading is
 * for every member, any change is for admins. An operation added without a word is therefore never
 * open to a viewer (a new money endpoint included). Sessions and API keys alike.
 */
export function requiredRole(operation: { method: string; role?: Role }): Role {
  return operation.role ?? (operation.method === "GET" ? "viewer" : "admin");
}

/** The roles that may not do what needs `needed` (for the tests' tables and the dashboard). */
export function rolesBelow(needed: Role): Role[] {
  return roles.filter((role) => !hasRole(role, needed));
}

/** The roles above `role`: what a member demoted to `role` can no longer hand out (keys, invitations). */
export function rolesAbove(role: Role): Role[] {
  return roles.filter((other) => rank[other] > rank[role]);
}

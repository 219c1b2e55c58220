// The roles of an account's members (DESIGN §1 "Team"), from most to least allowed. Dependency-free:
// lib/db/schema.ts, the operations (lib/http/operation.ts) and the dashboard all import it.
//   owner      everything, members and ownership included
//   admin      everything but members and ownership (what an API key may do)
//   developer  API keys and webhooks, and reading everything
//   viewer     reading only: never moves money, changes nothing of the account's

export const roles = ["owner", "admin", "developer", "viewer"] as const;
export type Role = (typeof roles)[number];

const rank: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };

/** What an `api-key` header may do: an integrator's server is trusted as an admin, never as an owner. */
export const API_KEY_ROLE: Role = "admin";

/** Whether `role` may do what needs `needed`. */
export function hasRole(role: Role, needed: Role): boolean {
  return rank[role] >= rank[needed];
}

/**
 * The role an operation needs: its own `role`, or else the safe default of its method — reading is
 * for every member, any change is for admins. An operation added without a word is therefore never
 * open to a viewer (a new money endpoint included).
 */
export function requiredRole(operation: { method: string; role?: Role }): Role {
  return operation.role ?? (operation.method === "GET" ? "viewer" : "admin");
}

/** The roles that may not do what needs `needed` (for the tests' tables and the dashboard). */
export function rolesBelow(needed: Role): Role[] {
  return roles.filter((role) => !hasRole(role, needed));
}

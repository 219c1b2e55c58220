"use client";

import { createContext, useContext } from "react";
import { hasRole, mayCall, type Role } from "@/lib/core/roles";

// The signed-in member's role on the account shown, as the server read it for this page.
// The dashboard leaves out what the role may not do; the API refuses it anyway (403).

const RoleContext = createContext<Role>("viewer");

export function RoleProvider({ role, children }: { role: Role; children: React.ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

export function useRole(): Role {
  return useContext(RoleContext);
}

/**
 * Whether the member may do what needs `needed` (writes: admin; keys and webhooks: developer; the
 * team: owner; the counter: cashier), by the API's own rule (lib/core/roles.ts `hasRole`).
 */
export function useCan(needed: Role): boolean {
  return hasRole(useContext(RoleContext), needed);
}

/** Whether the member may call `operation`: the very rule the API applies (lib/core/roles.ts `mayCall`). */
export function useMayCall(operation: { method: string; role?: Role; self?: boolean }): boolean {
  return mayCall(useContext(RoleContext), operation);
}

/** Its children only for a member who may do what needs `role`: a button that would be refused is absent. */
export function Can({ role, children }: { role: Role; children: React.ReactNode }) {
  return useCan(role) ? <>{children}</> : null;
}

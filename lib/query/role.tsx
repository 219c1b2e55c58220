"use client";

import { createContext, useContext } from "react";
import { hasRole, mayCall, type Role } from "@/lib/core/roles";
import { operationRoles, type OperationName } from "@/lib/core/operation-roles";

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

/** Whether a member of `role` may call the operation named `operation` (its operationId): the API's `mayCall` on its table. */
export function mayUse(role: Role, operation: OperationName): boolean {
  return mayCall(role, operationRoles[operation]);
}

/** Whether the member may call the operation named `operation` (« gateway_create »), as the API decides. */
export function useMayUse(operation: OperationName): boolean {
  return mayUse(useContext(RoleContext), operation);
}

/**
 * Its children only for a member who may call `operation` (an operationId of lib/api/all-operations.ts:
 * « gateway_create », « seller_update ») or do what needs `role`: a control that would be refused is
 * absent. `otherwise` stands in for it (a read-only summary).
 */
export function Can(props: ({ operation: OperationName; role?: never } | { role: Role; operation?: never }) & { children: React.ReactNode; otherwise?: React.ReactNode }) {
  const role = useContext(RoleContext);
  const may = props.operation ? mayUse(role, props.operation) : hasRole(role, props.role!);
  return <>{may ? props.children : (props.otherwise ?? null)}</>;
}

"use client";

import { createContext, useContext } from "react";
import { hasRole, mayCall, type Role } from "@/lib/core/roles";
import { operationRoles, type OperationName } from "@/lib/core/operation-roles";
import { useMode } from "./mode";
import { useProviders } from "./providers";

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
type CanProps = ({ operation: OperationName; role?: never } | { role: Role; operation?: never }) & {
  children: React.ReactNode;
  otherwise?: React.ReactNode;
  /** the control asks a buyer to pay (a link, a sale at the counter): absent too in live mode while the server takes no live payments */
  collects?: boolean;
};
export function Can(props: CanProps) {
  const role = useContext(RoleContext);
  const may = props.operation ? mayUse(role, props.operation) : hasRole(role, props.role!);
  if (!may) return <>{props.otherwise ?? null}</>;
  return props.collects ? <WhileLiveOpen otherwise={props.otherwise}>{props.children}</WhileLiveOpen> : <>{props.children}</>;
}

/** Its children unless live mode is shown on a server that cannot take live payments. */
export function WhileLiveOpen({ children, otherwise }: { children: React.ReactNode; otherwise?: React.ReactNode }) {
  return <>{useLiveClosed() ? (otherwise ?? null) : children}</>;
}

/**
 * Whether live mode is shown on a server that cannot take live payments (no live provider
 * configured: GET /v1/providers `live_ready` false). What asks a buyer to pay is then not offered.
 * False in test mode, while unknown, and for a cashier (who may not read the providers).
 */
export function useLiveClosed(): boolean {
  const { mode } = useMode();
  const reads = hasRole(useContext(RoleContext), "viewer");
  const providers = useProviders(mode === "live" && reads);
  return mode === "live" && reads && providers.data?.live_ready === false;
}

import { allOperations, operationId } from "./all-operations";

// lib/core/operation-roles.ts is written from this (`npx tsx --conditions=react-server scripts/operation-roles.ts`): the role
// rule of every operation of allOperations, by its operationId, small enough for the dashboard's
// bundle (the operations themselves carry their zod schemas). lib/api/operation-roles.test.ts fails
// while the file is behind the operations.

/** The access facts of every operation: what `mayCall` reads (method, role, self). */
export function operationAccess(): Record<string, { method: string; role?: string; self?: true }> {
  const table: Record<string, { method: string; role?: string; self?: true }> = {};
  for (const operation of allOperations) {
    if (operation.auth === "none") continue; // open to anyone: nothing for a role to hide
    table[operationId(operation)] = {
      method: operation.method,
      ...(operation.role ? { role: operation.role } : {}),
      ...(operation.self ? { self: true as const } : {}),
    };
  }
  return table;
}

/** The text of lib/core/operation-roles.ts. */
export function operationRolesSource(): string {
  const rows = Object.entries(operationAccess())
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, access]) => {
      const parts = [`method: "${access.method}"`];
      if (access.role) parts.push(`role: "${access.role}"`);
      if (access.self) parts.push("self: true");
      return `  ${id}: { ${parts.join(", ")} },`;
    });
  return `// Written by \`npx tsx --conditions=react-server scripts/operation-roles.ts\` from lib/api/all-operations.ts: do not edit.
// The role rule of every signed-in operation, by operationId, for the dashboard's <Can operation>
// (lib/query/role.tsx): the very facts the API's \`mayCall\` reads (lib/accounts/authenticate.ts).
import type { Role } from "./roles";

export const operationRoles = {
${rows.join("\n")}
} as const satisfies Record<string, { method: string; role?: Role; self?: true }>;

export type OperationName = keyof typeof operationRoles;
`;
}

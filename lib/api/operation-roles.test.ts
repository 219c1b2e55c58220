import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { operationRoles, type OperationName } from "@/lib/core/operation-roles";
import { hasRole, mayCall, requiredRole, roles } from "@/lib/core/roles";
import { mayUse } from "@/lib/query/role";
import { allOperations, operationId } from "./all-operations";
import { operationRolesSource } from "./operation-roles-source";

// The dashboard's <Can operation> and the API decide alike: one table, written from the operations.

const signedIn = allOperations.filter((operation) => operation.auth !== "none");

describe("the dashboard's role table", () => {
  it("is written from lib/api/all-operations.ts (run `npx tsx --conditions=react-server scripts/operation-roles.ts` when it is behind)", () => {
    const file = fs.readFileSync(path.join(process.cwd(), "lib", "core", "operation-roles.ts"), "utf8");
    expect(file === operationRolesSource()).toBe(true);
  });

  it("names every signed-in operation", () => {
    expect(Object.keys(operationRoles).sort()).toEqual(signedIn.map(operationId).sort());
  });

  const cases = signedIn.flatMap((operation) => roles.map((role) => [operationId(operation), role, operation] as const));
  it.each(cases)("%s for a %s: <Can> shows it exactly when the API lets it through", (id, role, operation) => {
    const shown = mayUse(role, id as OperationName);
    expect(shown).toBe(mayCall(role, operation));
    // the ranked roles: what requiredRole says, the method's default included
    if (role !== "cashier") expect(shown).toBe(hasRole(role, requiredRole(operation)));
  });

  it("hides every change from a viewer, and shows a viewer every read of the account", () => {
    for (const operation of signedIn) {
      const shown = mayUse("viewer", operationId(operation) as OperationName);
      if (operation.method !== "GET") expect(shown, operationId(operation)).toBe(operation.self === true);
    }
    expect(mayUse("viewer", "gateway_create")).toBe(false);
    expect(mayUse("viewer", "seller_update")).toBe(false);
    expect(mayUse("viewer", "marketplace_update")).toBe(false);
    expect(mayUse("admin", "gateway_create")).toBe(true);
  });
});

// `npx tsx --conditions=react-server scripts/operation-roles.ts`: writes lib/core/operation-roles.ts (the role rule of every
// operation, for the dashboard's <Can>) from lib/api/all-operations.ts; its test fails while behind.
import fs from "node:fs";
import path from "node:path";
import { operationRolesSource } from "@/lib/api/operation-roles-source";

const file = path.join(import.meta.dirname, "..", "lib", "core", "operation-roles.ts");
fs.writeFileSync(file, operationRolesSource());
process.stdout.write("lib/core/operation-roles.ts written\n");

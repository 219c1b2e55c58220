// `npx tsx scripts/env-table.ts`: writes README's "Environment" table from the settings
// (lib/runtime/env-*.ts); lib/runtime/config.test.ts fails while the README is behind.
import fs from "node:fs";
import path from "node:path";
import { withEnvironmentTable } from "@/lib/runtime/env-table";

const file = path.join(import.meta.dirname, "..", "README.md");
fs.writeFileSync(file, withEnvironmentTable(fs.readFileSync(file, "utf8")));
process.stdout.write("README.md: environment table written\n");

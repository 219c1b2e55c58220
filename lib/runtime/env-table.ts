import type { Field } from "./env-field";
import { ENV_FIELDS } from "./config";

// README's "Environment" table, made from the settings themselves (scripts/env-table.ts writes it;
// lib/runtime/config.test.ts fails when the README is behind).

export const TABLE_START = "<!-- environment table: made by `npx tsx scripts/env-table.ts`, from lib/runtime/env-*.ts -->";
export const TABLE_END = "<!-- end of the environment table -->";

const cell = (text: string) => text.replaceAll("|", "\\|");

export function environmentTable(): string {
  const rows = (Object.entries(ENV_FIELDS) as [string, Field<unknown>][]).map(
    ([name, f]) => `| \`${name}\` | ${cell(f.default)} | ${cell(f.expects)} | ${cell(f.description)} |`,
  );
  return ["| variable | default | accepts | meaning |", "|---|---|---|---|", ...rows].join("\n");
}

/** The README with its table replaced by the current one. */
export function withEnvironmentTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error("README.md has no environment table markers");
  return `${readme.slice(0, start + TABLE_START.length)}\n${environmentTable()}\n${readme.slice(end)}`;
}

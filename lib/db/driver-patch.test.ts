import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { databaseSettings } from "./client";

// The postgres.js driver is mended at install (scripts/patch-postgres.mjs): a connection that closes
// while a small write is queued used to throw from a setImmediate and end the whole process.

const run = promisify(execFile);

describe("the postgres.js driver as installed", () => {
  it.each(["src", "cjs/src", "cf/src"])("%s/connection.js carries the nextWrite guard", (flavour) => {
    const text = readFileSync(`node_modules/postgres/${flavour}/connection.js`, "utf8");
    expect(text).toContain("/* kola: nextWrite guarded */");
    expect(text).toContain("    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n");
  });

  it("a reserved connection whose backend dies fails its next queries with a catchable error; the process lives", async () => {
    // needs a PostgreSQL server to terminate a backend of: the database this file runs on, or the
    // suite's PostgreSQL when this is the PGlite run
    const url = databaseSettings().databaseUrl || process.env.TEST_DATABASE_URL;
    if (!url) return; // a PGlite-only run on a machine without PostgreSQL: the check above still holds
    const { stdout } = await run(process.execPath, ["test/support/reserved-connection-dies.mjs", url], { timeout: 30_000 });
    const outcome = JSON.parse(stdout.trim().split("\n").pop()!) as { outcomes: string[] };
    expect(outcome.outcomes).toHaveLength(3);
    expect(outcome.outcomes.every((o) => /^rejected (CONNECTION_CLOSED|ECONNRESET)$/.test(o))).toBe(true);
  });
});

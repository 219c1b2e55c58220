import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { closeDb, dbOpened, useDatabase } from "@/lib/db/client";
import { checkLedger } from "@/lib/ledger/check";

// Each test file gets a database of its own: an in-memory PGlite, or a fresh PostgreSQL database
// created in TEST_DATABASE_URL's server and dropped afterwards. Migrations run as in production.
// The `pgbouncer` project reaches that database through PgBouncer in transaction mode
// (test/support/pgbouncer-setup.ts), with DATABASE_POOLER=transaction, migrations included.
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // the dispatcher's route table imports every /v1 route file: loaded here for the files that call
  // the API, under the hook's longer timeout, rather than inside a file's first test (./api.ts)
  const file = expect.getState().testPath;
  if (process.env.KOLA_DISPATCH !== "off" && file && readFileSync(file, "utf8").includes('from "@/app/v1/')) await (await import("./api")).v1Table();
  if (process.env.KOLA_TEST_DB === "postgres" || process.env.KOLA_TEST_DB === "pgbouncer") {
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    const name = `kola_test_${randomBytes(6).toString("hex")}`;
    const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
    await sql.unsafe(`create database ${name}`);
    await sql.end();
    const pooled = process.env.KOLA_TEST_DB === "pgbouncer";
    const url = new URL(pooled ? inject("pgbouncerUrl") : admin);
    url.pathname = `/${name}`;
    await useDatabase({ databaseUrl: url.toString(), dataDir: "", ...(pooled && { pooler: "transaction" as const }) });
    dropDatabase = async () => {
      const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    };
  } else {
    await useDatabase({ dataDir: "memory://" });
  }
});

// The ledger's invariant check (`npm run ledger:check`) ends every test file that used its
// database, on PGlite and on PostgreSQL alike: whatever a file did, the books must agree.
afterAll(async () => {
  const problems = dbOpened() ? await checkLedger() : [];
  await closeDb();
  await dropDatabase?.();
  if (problems.length) throw new Error(`ledger:check found ${problems.length} difference(s): ${JSON.stringify(problems)}`);
}, 60_000);


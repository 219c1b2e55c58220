import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, databaseSettings, getDb, useDatabase } from "./client";
import { MIGRATION_LOCK_ID, migratePostgres } from "./migrate";

// The migration runner on PostgreSQL, directly (`postgres` project) and through PgBouncer in
// transaction mode (`pgbouncer` project: each statement may land on another server connection).
// PGlite has one process per database and does not run it (vitest.config.ts leaves it out there).

const FOLDER = path.join(process.cwd(), "lib", "db", "migrations");
const MIGRATIONS = readMigrationFiles({ migrationsFolder: FOLDER }).length;
const admin = () => postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
const made: string[] = [];

/** A fresh, empty database; its URL as this project reaches the server (directly or pooled). */
async function freshDatabase(): Promise<{ url: string; direct: string }> {
  const name = `kola_migrate_${randomBytes(5).toString("hex")}`;
  const sql = admin();
  await sql.unsafe(`create database ${name}`);
  await sql.end();
  made.push(name);
  const at = (base: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  return { url: at(databaseSettings().databaseUrl!), direct: at(process.env.TEST_DATABASE_URL!) };
}

// the child of the crash test: same lock, the first migration's statements, then SIGKILL before commit
const CRASHING_MIGRATOR = `
import postgres from "postgres";
const [url, prepare, statements] = process.argv.slice(1);
const sql = postgres(url, { max: 1, onnotice: () => {}, prepare: prepare === "true" });
await sql.begin(async (tx) => {
  await tx\`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})\`;
  await tx\`create schema if not exists drizzle\`;
  for (const statement of JSON.parse(statements)) await tx.unsafe(statement);
  process.stdout.write("half-way\\n", () => process.kill(process.pid, "SIGKILL"));
  await new Promise(() => {});
});
`;

const connect = (url: string) => postgres(url, { max: 1, onnotice: () => {}, prepare: databaseSettings().pooler !== "transaction" });

afterAll(async () => {
  const sql = admin();
  for (const name of made) await sql.unsafe(`drop database if exists ${name} with (force)`);
  await sql.end();
});

describe("migrations on PostgreSQL", () => {
  it("20 servers starting at once on an empty database: each migration is applied once, no lock left", async () => {
    const { url, direct } = await freshDatabase();
    const clients = Array.from({ length: 20 }, () => connect(url));
    const applied = await Promise.all(clients.map((sql) => migratePostgres(sql, FOLDER)));
    await Promise.all(clients.map((sql) => sql.end()));
    expect(applied.filter((n) => n > 0)).toEqual([MIGRATIONS]);

    const sql = postgres(direct, { max: 1, onnotice: () => {} });
    const [rows] = await sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`;
    // a session advisory lock taken through a transaction-mode pooler would outlive its client here
    const [locks] = await sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
    await sql.end();
    expect([rows, locks]).toEqual([{ n: MIGRATIONS, hashes: MIGRATIONS }, { n: 0 }]);
  });

  it("a migrator killed (kill -9) half-way through, lock held: the next one applies everything, once", async () => {
    const { url, direct } = await freshDatabase();
    // a child takes the lock as migratePostgres does, runs the first migration's statements, and dies
    const first = readMigrationFiles({ migrationsFolder: FOLDER })[0]!.sql;
    const child = spawn(process.execPath, ["--input-type=module", "-e", CRASHING_MIGRATOR, url, String(databaseSettings().pooler !== "transaction"), JSON.stringify(first)], { stdio: ["ignore", "pipe", "inherit"] });
    let said = "";
    child.stdout!.on("data", (chunk: Buffer) => (said += chunk.toString()));
    const ended = await new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_, signal) => resolve(signal)));
    expect([said.trim(), ended]).toEqual(["half-way", "SIGKILL"]);

    const sql = connect(url);
    expect(await migratePostgres(sql, FOLDER)).toBe(MIGRATIONS);
    await sql.end();
    const check = postgres(direct, { max: 1, onnotice: () => {} });
    const [rows] = await check`select count(*)::int as n from drizzle.__drizzle_migrations`;
    await check.end();
    expect(rows).toEqual({ n: MIGRATIONS });
  });

  it("a server started on a migrated database applies nothing", async () => {
    const { url } = await freshDatabase();
    const sql = connect(url);
    expect(await migratePostgres(sql, FOLDER)).toBe(MIGRATIONS);
    expect(await migratePostgres(sql, FOLDER)).toBe(0);
    await sql.end();
  });

  it("DATABASE_MIGRATION_URL, when set, is where migrations go (the pool's URL is not used for them)", async () => {
    const previous = databaseSettings();
    const pooled = await freshDatabase();
    const other = await freshDatabase();
    await useDatabase({ ...previous, databaseUrl: pooled.url, migrationUrl: other.direct });
    try {
      await getDb();
      const count = async (url: string) => {
        const sql = postgres(url, { max: 1, onnotice: () => {} });
        const [row] = await sql`select count(*)::int as n from information_schema.tables where table_schema = 'drizzle'`;
        await sql.end();
        return row!.n as number;
      };
      expect([await count(other.direct), await count(pooled.direct)]).toEqual([1, 0]);
    } finally {
      await closeDb();
      await useDatabase(previous);
    }
  });
});

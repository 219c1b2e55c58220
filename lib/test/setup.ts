import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { closeDb, useDatabase } from "@/lib/db/client";

// Each test file gets a database of its own: an in-memory PGlite, or a fresh PostgreSQL database
// created in TEST_DATABASE_URL's server and dropped afterwards. Migrations run as in production.
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (process.env.KOLA_TEST_DB === "postgres") {
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    const name = `kola_test_${randomBytes(6).toString("hex")}`;
    const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
    await sql.unsafe(`create database ${name}`);
    await sql.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    await useDatabase({ databaseUrl: url.toString(), dataDir: "" });
    dropDatabase = async () => {
      const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    };
  } else {
    await useDatabase({ dataDir: "memory://" });
  }
});

afterAll(async () => {
  await closeDb();
  await dropDatabase?.();
});

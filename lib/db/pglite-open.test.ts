import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, databaseSettings, getDb, useDatabase } from "./client";
import { accounts } from "./schema";

// The embedded database as `npm start` opens it from a DATA_DIR on disk (memory): a new
// folder is made by PGlite's initdb in a child process (so the server does not keep initdb's
// memory), then opened, and it runs with shared_buffers=16MB given on its command line, never written
// into the folder's postgresql.conf. Runs on PGlite in every project (the file opens its own).

let dir = "";
let saved: ReturnType<typeof databaseSettings>;

beforeAll(() => {
  saved = databaseSettings();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-pglite-open-"));
});

afterAll(async () => {
  await useDatabase(saved); // back to the file's own database, for the ledger check that ends it
  fs.rmSync(dir, { recursive: true, force: true });
});

async function settings() {
  const db = await getDb();
  // always PGlite here: its drizzle driver answers { rows }
  const result = (await db.execute(sql`select name, setting, unit, source from pg_settings where name in ('shared_buffers', 'TimeZone') order by name`)) as unknown as {
    rows: unknown[];
  };
  return result.rows;
}

describe("PGlite in a DATA_DIR", () => {
  it("makes a new database, migrated, with shared_buffers=16MB from its command line", async () => {
    await useDatabase({ dataDir: dir });
    const db = await getDb();
    await db.insert(accounts).values({ email: "open@example.com", businessName: "Boutique Ouverte", country: "CMR", currency: "XAF" });
    expect({
      version: fs.existsSync(path.join(dir, "pglite", "PG_VERSION")),
      accounts: (await db.select({ n: count() }).from(accounts))[0]!.n,
      settings: await settings(),
    }).toEqual({
      version: true,
      accounts: 1,
      settings: [
        { name: "TimeZone", setting: "UTC", unit: null, source: "configuration file" },
        { name: "shared_buffers", setting: "2048", unit: "8kB", source: "command line" },
      ],
    });
    expect(fs.readFileSync(path.join(dir, "pglite", "postgresql.conf"), "utf8")).not.toMatch(/^shared_buffers\s*=\s*16MB/m);
  }, 180_000); // initdb, twice, then every migration: slow on a busy machine

  it("opens it again with what was written, and the same settings", async () => {
    await closeDb();
    await useDatabase({ dataDir: dir });
    const db = await getDb();
    expect({ accounts: (await db.select({ n: count() }).from(accounts))[0]!.n, settings: await settings() }).toEqual({
      accounts: 1,
      settings: [
        { name: "TimeZone", setting: "UTC", unit: null, source: "configuration file" },
        { name: "shared_buffers", setting: "2048", unit: "8kB", source: "command line" },
      ],
    });
  }, 60_000);

  it("says why when the child cannot make the database, and leaves the folder free", async () => {
    await closeDb();
    const blocked = fs.mkdtempSync(path.join(os.tmpdir(), "kola-pglite-blocked-"));
    fs.writeFileSync(path.join(blocked, "pglite"), "a file where the database folder should be");
    try {
      await useDatabase({ dataDir: blocked });
      await expect(getDb()).rejects.toThrow(`PGlite could not make a new database in ${path.join(blocked, "pglite")}`);
      expect(fs.existsSync(path.join(blocked, "kola.lock"))).toBe(false);
    } finally {
      fs.rmSync(blocked, { recursive: true, force: true });
    }
  }, 60_000);
});

import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { setting } from "@/lib/runtime/config";
import { assertDatabaseAvailable, watchDatabase } from "./availability";
import { acquireFolderLock } from "./folder-lock";
import { gatedPool } from "./gated-pool";
import { migratePostgres } from "./migrate";

// Made without the schema: Kola writes its queries with the query builder, never the relational
// `db.query.*` API, and a database made with the schema builds a query builder for every table
// each time it is made, which includes each transaction (measured: 2 % of a POST's CPU).
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type Handle = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };
type Settings = {
  databaseUrl?: string;
  dataDir: string;
  /** DATABASE_MIGRATION_URL: a direct connection for migrations when DATABASE_URL is a pooler */
  migrationUrl?: string;
  /** DATABASE_POOLER: `transaction` when DATABASE_URL is PgBouncer (or alike) in transaction mode */
  pooler?: "transaction" | "session";
};

const MIGRATIONS = path.join(process.cwd(), "lib", "db", "migrations");

// One database handle per process, opened on first use (never at import time), kept on globalThis
// so Next.js's separate module graphs (instrumentation, route handlers, dev reloads) share it.
const store = globalThis as unknown as {
  __kolaDb?: Promise<Handle>;
  __kolaDbSettings?: Settings;
  __kolaAmbientTx?: AsyncLocalStorage<Ambient>;
};

// The transaction opened by inTransaction() for the code running inside it. `open` turns false when
// it ends, so a timer or promise that outlives it (and inherits the context) falls back to the pool.
type Ambient = { tx: Db; open: boolean };
const ambient = (store.__kolaAmbientTx ??= new AsyncLocalStorage<Ambient>());

export function databaseSettings(): Settings {
  return (
    store.__kolaDbSettings ?? {
      databaseUrl: setting("DATABASE_URL"),
      dataDir: setting("DATA_DIR"),
      migrationUrl: setting("DATABASE_MIGRATION_URL"),
      pooler: setting("DATABASE_POOLER"),
    }
  );
}

/**
 * postgres.js options, all in one place. Behind a pooler in transaction mode each transaction may
 * run on another server connection, so a statement prepared on one is unknown on the next
 * (PgBouncer 1.21+ can track them; Debian's 1.18 cannot): statements are then sent unnamed, each
 * parsed again, and never two at once on a connection (./gated-pool.ts). Nothing
 * else in Kola keeps session state (advisory locks are transaction-scoped,
 * no LISTEN, no SET, no temporary table, lists are read in keyset batches, not cursors).
 *
 * Bounds (README, "When the database is away"): a connection is given up after
 * CONNECT_TIMEOUT_S, an idle one closed after IDLE_TIMEOUT_S, and, on a direct connection, a
 * statement is cancelled by the server after DATABASE_STATEMENT_TIMEOUT_MS (5 s; 0: none). A pooler
 * refuses unknown startup parameters: there, set `statement_timeout` on the role or the database.
 */
export const CONNECT_TIMEOUT_S = 2;
export const IDLE_TIMEOUT_S = 60;

function postgresOptions(settings: Settings, max: number, statements = false): postgres.Options<Record<string, postgres.PostgresType>> {
  const timeout = setting("DATABASE_STATEMENT_TIMEOUT_MS");
  return {
    max,
    prepare: settings.pooler !== "transaction",
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_S,
    idle_timeout: IDLE_TIMEOUT_S,
    connection: {
      application_name: "kola",
      ...(statements && !settings.pooler && timeout > 0 && { statement_timeout: timeout }),
    },
  };
}

/** Points the process at another database (tests); closes the current handle first. */
export async function useDatabase(settings: Settings): Promise<void> {
  await closeDb();
  store.__kolaDbSettings = settings;
}

/** The database, or, inside inTransaction(), its transaction: code that calls getDb() joins it unawares. */
export function getDb(): Promise<Db> {
  const current = ambient.getStore();
  if (current?.open) return Promise.resolve(current.tx);
  try {
    assertDatabaseAvailable(); // at once, without a connection attempt, while the database is away
  } catch (error) {
    return Promise.reject(error);
  }
  return handle().then((h) => h.db);
}

/**
 * Runs `work` in one transaction that every getDb() made inside it joins, however deep: its writes
 * commit together or, when `work` throws, not at all. A `.transaction()` inside becomes a savepoint,
 * and so does a nested inTransaction(). On PGlite (one connection) other queries wait until it ends.
 */
export async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current: Ambient = { tx: tx as unknown as Db, open: true };
    handles.set(current.tx, handleOf(db));
    try {
      return await ambient.run(current, () => work(current.tx));
    } finally {
      current.open = false;
    }
  });
}

/** The transactions inTransaction() opened, and the handle each belongs to (./prepared.ts). */
const handles = new WeakMap<Db, Db>();

/** The database handle `db` belongs to: itself, or for a transaction of inTransaction(), its handle. */
export function handleOf(db: Db): Db {
  return handles.get(db) ?? db;
}

/** One round trip to the database (readiness): DATABASE_UNAVAILABLE at once while the gate is closed. */
export async function pingDatabase(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`select 1`);
}

export function dbKind(): Promise<Handle["kind"]> {
  return handle().then((h) => h.kind);
}

/** How long closing may take: a pool whose database is away is not waited for (SIGTERM after an outage). */
const CLOSE_MS = 2_000;

export async function closeDb(): Promise<void> {
  const current = store.__kolaDb;
  store.__kolaDb = undefined;
  if (!current) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_MS).unref()));
  await Promise.race([current.then((h) => h.close()), bound]).finally(() => clearTimeout(timer));
}

function handle(): Promise<Handle> {
  if (!store.__kolaDb) {
    store.__kolaDb = open(databaseSettings());
    store.__kolaDb.catch(() => (store.__kolaDb = undefined));
  }
  return store.__kolaDb;
}

async function open(settings: Settings): Promise<Handle> {
  return settings.databaseUrl ? openPostgres(settings.databaseUrl, settings) : openPglite(settings.dataDir);
}

async function openPostgres(url: string, settings: Settings): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const size = setting("DATABASE_POOL_SIZE");
  // Migrate over a connection of its own, in one transaction under an advisory lock (lib/db/migrate.ts):
  // several processes may start at once. Straight to the server when DATABASE_MIGRATION_URL is set.
  const migrator = postgres(settings.migrationUrl ?? url, postgresOptions(settings, 1));
  try {
    await migratePostgres(migrator, MIGRATIONS);
  } finally {
    await migrator.end({ timeout: 5 });
  }
  // The pool behind the availability gate (./availability.ts, ./gated-pool.ts): dropped when the
  // database goes away, opened again after a probe found it back; a statement waits at most
  // DATABASE_POOL_WAIT_MS for one of its connections, then SERVICE_BUSY.
  const client = gatedPool(() => postgres(url, postgresOptions(settings, size, true)), { max: size, waitMs: setting("DATABASE_POOL_WAIT_MS") });
  const unwatch = watchDatabase(() => client.probe(), () => client.drop(), () => client.check());
  const db = drizzle({ client }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    close: async () => {
      unwatch();
      await client.end({ timeout: 1 });
    },
  };
}

/**
 * PostgreSQL settings of the embedded database (`npm run bench:soak`). PGlite's default
 * shared_buffers is 128 MB, inside the server's own WebAssembly memory, which never shrinks: a
 * server under load touched it all, and a PGlite server used ~410 MB at start and ~465 MB under
 * load. 16 MB holds a shop's hot rows (links, deposits, their indexes); the rest is read from the
 * data files through the operating system's cache. Given as `-c` options, never written to the
 * data folder's postgresql.conf (PGlite's `postgresqlconf` option would replace that whole file).
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=16MB"];

async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = dataDir.startsWith("memory://");
  let release = () => {};
  let location = dataDir;
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireFolderLock(dataDir);
    location = path.join(dataDir, "pglite");
  }
  try {
    const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] };
    if (!inMemory && !fs.existsSync(path.join(location, "PG_VERSION"))) await initdbApart(location, options);
    const client = await PGlite.create(location, { ...options, extensions: await pgliteExtensions() });
    const db = drizzle({ client }) as unknown as Db;
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The contrib extensions the migrations create (pg_trgm: the links' search), for every PGlite that opens Kola's database. */
export async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}

/**
 * Makes a new PGlite database (initdb) in a short-lived child process. Made in this process, initdb's
 * WebAssembly memory and native allocations stayed with the server to its end even once that first
 * instance was closed: `npm start` on a new DATA_DIR measured 352–392 MB of RSS right
 * after start with initdb in the server, 278–287 MB with it here (266–273 MB on a folder made
 * before). The child resolves PGlite from the working directory, as the migrations folder is.
 */
async function initdbApart(location: string, options: { startParams: string[] }): Promise<void> {
  const script = [
    'const { PGlite } = await import("@electric-sql/pglite");',
    "const [location, options] = JSON.parse(process.env.KOLA_PGLITE_INITDB);",
    "await (await PGlite.create(location, options)).close();",
  ].join("\n");
  const env = { ...process.env, KOLA_PGLITE_INITDB: JSON.stringify([location, options]) };
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), env, timeout: 120_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`PGlite could not make a new database in ${location}: ${stderr.trim() || error.message}`)) : resolve(),
    ),
  );
}

/** Runs `work` outside any ambient transaction (a timer started inside one must not join it). */
export function outsideTransaction<T>(work: () => T): T {
  return ambient.exit(work);
}

/** Whether this process has opened its database (tests check the ledger only where one was used). */
export function dbOpened(): boolean {
  return Boolean(store.__kolaDb);
}

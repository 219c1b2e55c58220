import "server-only";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type postgres from "postgres";

// Applies the committed migrations to PostgreSQL: the same SQL files and bookkeeping table
// (drizzle.__drizzle_migrations) as drizzle-kit's migrator, in ONE transaction that first takes a
// transaction-scoped advisory lock. Several processes may start at once: one migrates, the others
// wait for its commit, then find nothing left to do. A session lock (pg_advisory_lock) would not
// do behind PgBouncer in transaction mode: each statement may run on another server connection,
// so the lock would be taken on one, never released, and the migration run unguarded on another.

export const MIGRATION_LOCK_ID = 7_286_311; // the key the session lock used before: old and new processes exclude each other

export async function migratePostgres(sql: postgres.Sql, migrationsFolder: string): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
    await tx`create schema if not exists drizzle`;
    await tx`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`;
    const [last] = await tx<{ created_at: string }[]>`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
    let applied = 0;
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const statement of migration.sql) await tx.unsafe(statement);
      await tx`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`;
      applied++;
    }
    return applied;
  });
}

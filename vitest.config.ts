import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// The suite runs once on embedded PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

// A test's /v1 calls go over HTTP through the production server and its dispatcher (test/support/api.ts).
// KOLA_DISPATCH=off runs the path Next.js takes when the dispatcher is off (each handler called
// in-process, as Next.js calls it). Then only the tests that call /v1 route files differ, and of
// those, CI runs (on PGlite) the ones where the two paths could part: the HTTP layer (bodies,
// headers, idempotency, hostile input), every operation called with bodies made from the OpenAPI
// document, and the seed interface's own resources (links, deposits, marketplaces and their links).
// Every other operation goes through Next.js once more in the e2e `api` project with the dispatcher
// off; the dispatcher's choice of handler is Next.js's (test/http/dispatch.test.ts).
const dispatchOff = process.env.KOLA_DISPATCH === "off";
const bothPaths = ["test/http/", "test/api/", "test/gateways/", "test/deposits/", "test/marketplaces/", "test/marketplace-gateways/"];
const apiTests = ["lib", "app", "components", "test"]
  .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
  .filter((file) => file.endsWith(".test.ts") && fs.readFileSync(file, "utf8").includes('from "@/app/v1/'))
  .filter((file) => bothPaths.some((dir) => file.startsWith(dir)));
const include = dispatchOff ? apiTests : ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "test/**/*.test.ts"];

// DATABASE_POOL_WAIT_MS: the tests that race a few hundred requests (callbacks against the sweeper,
// submits at once) test what the races leave, not the wait: on a loaded two-core CI machine, behind
// PgBouncer, 200 callbacks queued past the 10 s default and were answered 503 SERVICE_BUSY. The bounded
// wait and its 503 are tested on their own (test/http/burst.test.ts sets its own, 1 s).
const env = {
  LOG_LEVEL: "silent",
  PUBLIC_BASE_URL: "http://kola.test",
  KOLA_DISPATCH: dispatchOff ? "off" : "on",
  DATABASE_POOL_WAIT_MS: "60000",
};

// TEST_PGBOUNCER=1 (with TEST_DATABASE_URL) runs the files whose guarantees lean on PostgreSQL's
// locks, transactions and sessions once more, through PgBouncer in transaction mode: Debian's
// pgbouncer on a free port, started by the project's global setup (test/support/pgbouncer-setup.ts).
const pgbouncerTests = [
  "lib/db/migrate.test.ts",
  "test/http/idempotency.test.ts",
  "test/payments/attempts.test.ts",
  "test/payments/payments.test.ts",
  "test/payments/crash.test.ts",
  "test/payment-pages/payment-pages.test.ts",
  "test/money-out/money-out.test.ts",
  "lib/webhooks/delivery.test.ts",
  "lib/http/rate-limit.test.ts",
  // streamed lists and exports (keyset batches today; a cursor would need its own transaction here)
  "lib/http/pagination.test.ts",
  "test/exports/exports.test.ts",
];
// the migration runner's own tests need a PostgreSQL server (PGlite has one process per database);
// a database outage needs a database that can go away (PGlite runs in the process)
const postgresOnly = ["lib/db/migrate.test.ts", "lib/db/outage.test.ts", "test/http/burst.test.ts"];
const withPgbouncer = Boolean(process.env.TEST_DATABASE_URL) && process.env.TEST_PGBOUNCER === "1";

// A hang guard, not a speed target: with three files at once on two cores the slowest tests took
// up to 18 s (one worker: 9 s).
function project(name: string, database: string, include: string[], globalSetup: string[] = [], testTimeout = 60_000) {
  return {
    extends: true as const,
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...(database === "pglite" ? postgresOnly : [])],
      globalSetup,
      environment: "node" as const,
      setupFiles: ["test/support/setup.ts"],
      env: { ...env, KOLA_TEST_DB: database },
      testTimeout,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  // server modules import "server-only", which throws unless resolved for the server (the
  // react-server condition Next.js applies): tests are the server
  resolve: { tsconfigPaths: true, alias: { "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)) } },
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time here. The files wait
    // on their databases, child processes and sockets far more than they compute: three at once
    // ran the whole suite (PGlite, PostgreSQL, PgBouncer) in 487 s instead of 794 s on 2 cores.
    maxWorkers: 3,
    projects: [
      ...databases.map((database) => project(database, database, include)),
      // a hang guard, not a speed target: 100 submits at once through one more hop, each statement
      // parsed again, took past 30 s on a 2-core machine running the whole suite
      ...(withPgbouncer && !dispatchOff ? [project("pgbouncer", "pgbouncer", pgbouncerTests, ["test/support/pgbouncer-setup.ts"], 90_000)] : []),
    ],
  },
});

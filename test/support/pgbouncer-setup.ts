import type { TestProject } from "vitest/node";
import { startPgBouncer } from "@/scripts/cluster/pgbouncer";

// Global setup of the `pgbouncer` project: one PgBouncer in transaction mode, in front of
// TEST_DATABASE_URL's server, for the run. Each test file still gets a database of its own
// (test/support/setup.ts creates it on the server directly and reaches it through PgBouncer).
declare module "vitest" {
  export interface ProvidedContext {
    pgbouncerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // as many server connections per test database as the code's own pool (DATABASE_POOL_SIZE, 10):
  // PgBouncer adds a hop, not a narrower queue
  const bouncer = await startPgBouncer({ upstream: process.env.TEST_DATABASE_URL!, poolSize: 10 });
  project.provide("pgbouncerUrl", bouncer.url);
  return () => bouncer.stop();
}

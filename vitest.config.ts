import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The suite runs once on embedded PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];
const include = ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts"];

// The API's tests (those that call /v1 route files) run a second time with every /v1 call going
// over HTTP through the dispatcher that serves /v1 in production (lib/test/api.ts, lib/http/dispatch.ts).
const apiTests = ["lib", "app", "components"]
  .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
  .filter((file) => file.endsWith(".test.ts") && fs.readFileSync(file, "utf8").includes('from "@/app/v1/'));

const env = { LOG_LEVEL: "silent", PUBLIC_BASE_URL: "http://kola.test" };

export default defineConfig({
  // server modules import "server-only", which throws unless resolved for the server (the
  // react-server condition Next.js applies): tests are the server
  resolve: { tsconfigPaths: true, alias: { "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)) } },
  test: {
    projects: databases.flatMap((database) => [
      { name: database, include, via: "handler" },
      { name: `${database}-dispatch`, include: apiTests, via: "dispatch" },
    ].map(({ name, include, via }) => ({
      extends: true,
      test: {
        name,
        include,
        environment: "node" as const,
        setupFiles: ["lib/test/setup.ts"],
        env: { ...env, KOLA_TEST_DB: database, KOLA_TEST_VIA: via },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    }))),
  },
});

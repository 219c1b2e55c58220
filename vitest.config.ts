import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The suite runs once on embedded PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

// A test's /v1 calls go over HTTP through the production server and its dispatcher (lib/test/api.ts).
// KOLA_DISPATCH=off runs the path Next.js takes when the dispatcher is off (each handler called
// in-process, as Next.js calls it): then only the tests that call /v1 route files differ, and only
// they run (CI does, on PGlite).
const dispatchOff = process.env.KOLA_DISPATCH === "off";
const apiTests = ["lib", "app", "components"]
  .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
  .filter((file) => file.endsWith(".test.ts") && fs.readFileSync(file, "utf8").includes('from "@/app/v1/'));
const include = dispatchOff ? apiTests : ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts"];

const env = { LOG_LEVEL: "silent", PUBLIC_BASE_URL: "http://kola.test", KOLA_DISPATCH: dispatchOff ? "off" : "on" };

export default defineConfig({
  // server modules import "server-only", which throws unless resolved for the server (the
  // react-server condition Next.js applies): tests are the server
  resolve: { tsconfigPaths: true, alias: { "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)) } },
  test: {
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include,
        environment: "node" as const,
        setupFiles: ["lib/test/setup.ts"],
        env: { ...env, KOLA_TEST_DB: database },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});

import { defineConfig } from "vitest/config";

// The suite runs once on embedded PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts"],
        environment: "node",
        setupFiles: ["lib/test/setup.ts"],
        env: { KOLA_TEST_DB: database, LOG_LEVEL: "silent", PUBLIC_BASE_URL: "http://kola.test" },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});

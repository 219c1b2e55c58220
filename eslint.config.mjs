import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Code that runs in the browser must not reach the database or the server's secrets: a client
// component imports schemas (zod only), never queries, the database client or its drivers.
const serverOnlyImports = {
  patterns: [
    {
      group: ["@/lib/db/*", "**/lib/db/*", "drizzle-orm", "drizzle-orm/*", "postgres", "@electric-sql/pglite", "@electric-sql/pglite/*"],
      message: "Database code stays on the server: import the schema modules (zod only) instead.",
    },
    { group: ["**/queries", "@/lib/server/*", "server-only", "node:*"], message: "Server-only module: not for a client component." },
  ],
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Client components: the dashboard's components, the UI kit, the query hooks, and the other
    // "use client" files; and lib/core, the facts the browser and the server share.
    files: ["app/**/_components/**", "components/**", "lib/query/**", "lib/i18n/provider.tsx", "app/dashboard/error.tsx", "lib/core/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", serverOnlyImports] },
  },
  {
    // Layers point down: lib/ is what app/ and components/ are made of, never the other way round
    // (import circles: scripts/check-cycles.ts; the floors inside lib/: scripts/layers.ts). Tests that
    // call routes, and all test support, live in test/.
    files: ["lib/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./lib", from: "./app", message: "lib/ must not import app/: move what both need into lib/." },
            { target: "./lib", from: "./components", message: "lib/ must not import components/: move what both need into lib/." },
          ],
        },
      ],
    },
  },
  { ignores: [".next/**", "node_modules/**", ".data/**", "next-env.d.ts", "lib/db/migrations/**", "test-results/**", "playwright-report/**"] },
];

export default config;

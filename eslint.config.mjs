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
    // "use client" files.
    files: ["app/**/_components/**", "components/**", "lib/query/**", "lib/i18n/provider.tsx", "app/dashboard/error.tsx"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", serverOnlyImports] },
  },
  { ignores: [".next/**", "node_modules/**", ".data/**", "next-env.d.ts", "lib/db/migrations/**", "test-results/**", "playwright-report/**"] },
];

export default config;

// Compiles the HTTP server (scripts/server.ts) into one file Node runs as it is:
//   tsx scripts/build-server.ts          → .next/kola/server.mjs (run by `npm run build`, after `next build`)
//   tsx scripts/build-server.ts --dev    → .next/kola/dev-server.mjs (run by `npm run dev`)
// The production bundle holds the /v1 route table, generated here from app/v1/**/route.ts
// (lib/http/route-table.ts) and compiled with the route files and the code they import. The
// development bundle's table is empty: there Next.js serves everything, hot-reloaded. Packages stay
// in node_modules, loaded by Node at run time, as Next.js's serverExternalPackages are.
import { build, type Plugin } from "esbuild";
import path from "node:path";
import { routeFiles, routeTableSource } from "@/lib/http/route-table";

const ROOT = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const SERVER_BUNDLE = path.join(ROOT, ".next", "kola", dev ? "dev-server.mjs" : "server.mjs");

/** `kola:v1-routes`: the table, made from the route files on disk at build time. */
const routeTable: Plugin = {
  name: "kola-v1-routes",
  setup(build) {
    build.onResolve({ filter: /^kola:v1-routes$/ }, () => ({ path: "v1-routes", namespace: "kola" }));
    build.onLoad({ filter: /.*/, namespace: "kola" }, () => ({
      contents: routeTableSource(ROOT, dev ? [] : routeFiles(ROOT)),
      loader: "ts",
      resolveDir: ROOT,
    }));
  },
};

/** `server-only` throws unless resolved as for React Server Components: this bundle is the server. */
const serverOnly: Plugin = {
  name: "server-only",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: path.join(ROOT, "node_modules", "server-only", "empty.js") }));
  },
};

const started = Date.now();
const result = await build({
  entryPoints: [path.join(ROOT, "scripts", "server.ts")],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: path.join(ROOT, "tsconfig.json"),
  // as Next.js compiles it into its own bundles: code written for one mode runs in that mode
  define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
  plugins: [routeTable, serverOnly],
  sourcemap: "linked",
  logLevel: "warning",
  metafile: true,
});
const routes = dev ? 0 : routeFiles(ROOT).length;
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`server bundle: ${path.relative(ROOT, SERVER_BUNDLE)} (${inputs} modules, ${routes} /v1 route files) in ${Date.now() - started} ms`);

// Compiles the HTTP server (scripts/server.ts) into one file Node runs as it is:
//   tsx scripts/build-server.ts   → .next/kola/server.mjs (run by `npm run build`, after `next build`)
// and, for `npm run dev` (scripts/dev.ts), .next/kola/dev-server.mjs. The production bundle holds
// the /v1 route table, generated here from app/v1/**/route.ts (lib/http/route-table.ts) and
// compiled with the route files and the code they import. The development bundle's table is
// empty: there Next.js serves everything, hot-reloaded. Packages stay in node_modules, loaded by
// Node at run time, as Next.js's serverExternalPackages are.
import { build, type BuildOptions, type Plugin } from "esbuild";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { routeFiles, routeTableSource } from "@/lib/http/route-table";

const ROOT = path.resolve(import.meta.dirname, "..");

export const serverBundle = (dev: boolean) => path.join(ROOT, ".next", "kola", dev ? "dev-server.mjs" : "server.mjs");

/** `kola:v1-routes`: the table, made from the route files on disk at build time. */
const routeTable = (dev: boolean): Plugin => ({
  name: "kola-v1-routes",
  setup(build) {
    build.onResolve({ filter: /^kola:v1-routes$/ }, () => ({ path: "v1-routes", namespace: "kola" }));
    build.onLoad({ filter: /.*/, namespace: "kola" }, () => ({
      contents: routeTableSource(ROOT, dev ? [] : routeFiles(ROOT)),
      loader: "ts",
      resolveDir: ROOT,
    }));
  },
});

/** `server-only` throws unless resolved as for React Server Components: this bundle is the server. */
const serverOnly: Plugin = {
  name: "server-only",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: path.join(ROOT, "node_modules", "server-only", "empty.js") }));
  },
};

export function serverBuildOptions(dev: boolean): BuildOptions & { metafile: true } {
  return {
    entryPoints: [path.join(ROOT, "scripts", "server.ts")],
    outfile: serverBundle(dev),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    // as Next.js compiles it into its own bundles: code written for one mode runs in that mode
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
    plugins: [routeTable(dev), serverOnly],
    sourcemap: "linked",
    logLevel: "warning",
    metafile: true,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  const result = await build(serverBuildOptions(false));
  const modules = Object.keys(result.metafile.inputs).length;
  const routes = routeFiles(ROOT).length;
  console.log(`server bundle: ${path.relative(ROOT, serverBundle(false))} (${modules} modules, ${routes} /v1 route files) in ${Date.now() - started} ms`);
}

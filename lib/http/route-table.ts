import { readdirSync } from "node:fs";
import path from "node:path";

// The /v1 route table, made from the route files themselves: `npm run build` compiles it into the
// production server (scripts/build-server.ts), the tests load the same list (test/support/api.ts). No
// one keeps a list by hand, so a route file added tomorrow is served by the dispatcher at once.
// The folder rules are Next.js's (App Router), so each file is found at the path Next.js serves it.

export type RouteFileEntry = {
  /** the URL path as Next.js names the folder: `/v1/gateway/[gateway_id]` */
  pattern: string;
  /** the route file, relative to the project's root, with forward slashes */
  file: string;
};

const ROUTE_FILE = /^route\.(ts|js)$/;

/**
 * Every route file under `<root>/app/<section>` that the /v1 dispatcher can serve, sorted by
 * pattern. Left out, as Next.js routes them and the dispatcher does not: catch-all segments
 * (`[...rest]`, `[[...rest]]`). Not routes at all in Next.js: private folders (`_name`) and
 * parallel-route slots (`@name`). Route groups (`(name)`) add no segment to the path.
 */
export function routeFiles(root: string, section = "v1"): RouteFileEntry[] {
  const appDir = path.join(root, "app");
  const entries: RouteFileEntry[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && ROUTE_FILE.test(entry.name)) {
        const file = path.relative(root, path.join(dir, entry.name)).split(path.sep).join("/");
        entries.push({ pattern: `/${segments.join("/")}`, file });
      }
      if (!entry.isDirectory() || /^[_@]/.test(entry.name) || entry.name.startsWith("[...") || entry.name.startsWith("[[...")) continue;
      const group = /^\(.*\)$/.test(entry.name);
      walk(path.join(dir, entry.name), group ? segments : [...segments, entry.name]);
    }
  };
  walk(path.join(appDir, section), [section]);
  return entries.sort((a, b) => (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0));
}

/**
 * The table as an ES module's source: each route file imported whole (as `import * as`), then
 * `export const v1Routes = { pattern: module, … }`. Import paths are absolute.
 */
export function routeTableSource(root: string, entries: RouteFileEntry[]): string {
  const imports = entries.map((entry, i) => `import * as route${i} from ${JSON.stringify(path.join(root, entry.file))};`);
  const table = entries.map((entry, i) => `  ${JSON.stringify(entry.pattern)}: route${i},`);
  return [...imports, "", "export const v1Routes = {", ...table, "};", ""].join("\n");
}

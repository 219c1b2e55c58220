import { readdirSync } from "node:fs";
import path from "node:path";
import type { Operation } from "@/lib/core/operation";

// The public API's route files (app/v1/**/route.ts) with the path each serves, for tests that must
// cover every route: a route added tomorrow is tried without anyone listing it.

export type RouteHandler = ((req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  operation?: Operation;
};
export type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", RouteHandler>>;
export type RouteFile = { file: string; path: string; load: () => Promise<RouteModule> };

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const API_DIR = path.join(ROOT, "app", "v1");

/** Every route file under app/v1 and its path as OpenAPI writes it (`[gateway_id]` → `{gateway_id}`). */
export function apiRouteFiles(): RouteFile[] {
  const files = (readdirSync(API_DIR, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => path.join(API_DIR, file))
    .sort();
  return files.map((file) => {
    const folder = path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep).join("/");
    const routePath = `/${folder}`.replace(/\[\[\.\.\.\w+\]\]/, "*").replace(/\[(\w+)\]/g, "{$1}");
    return { file: path.relative(ROOT, file), path: routePath, load: () => import(file) as Promise<RouteModule> };
  });
}

/** The route file serving an operation's path (a trailing slash is the same route to Next.js). */
export function routeFileOf(operationPath: string): RouteFile | undefined {
  const wanted = operationPath.replace(/(.)\/$/, "$1");
  return apiRouteFiles().find((route) => route.path === wanted);
}

/** The methods a route module serves with route() handlers (the others answer 405). */
export function servedMethods(module: RouteModule): Operation[] {
  return (["GET", "POST", "PUT", "PATCH", "DELETE"] as const)
    .map((method) => module[method]?.operation)
    .filter((operation): operation is Operation => Boolean(operation));
}

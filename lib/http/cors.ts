import type { Operation } from "@/lib/core/operation";

// CORS for the public API (DESIGN §9). Integrations call /v1 from browsers with an API key in a
// header, never with cookies, so any origin may call and read it: `Access-Control-Allow-Origin: *`
// and never `Access-Control-Allow-Credentials`. Browsers refuse to attach cookies to a `*` answer's
// request (and our session cookie is SameSite=Lax besides), so what the dashboard reads with its
// session cookie stays same-origin; the dashboard-only operations (auth "session") get no CORS at all.

/** The request headers a cross-origin caller may send. */
export const CORS_ALLOWED_HEADERS = ["api-key", "content-type", "idempotency-key", "x-request-id"];
/** The response headers a cross-origin caller may read besides the safelisted ones. */
export const CORS_EXPOSED_HEADERS = ["link", "x-request-id", "retry-after", "idempotent-replayed"];
/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = "600";

/**
 * Whether pages on other origins may call the operation: the public API (/v1) but the dashboard's
 * own operations. Sign-in, checkout, provider callbacks and the rest stay same-origin.
 */
export function crossOrigin(operation: Pick<Operation, "auth" | "path">): boolean {
  return operation.path.startsWith("/v1/") && operation.auth !== "session";
}

/** Makes a response readable from any origin (its headers as well as its body). */
export function allowAnyOrigin(headers: Headers): void {
  headers.set("access-control-allow-origin", "*");
  headers.set("access-control-expose-headers", CORS_EXPOSED_HEADERS.join(", "));
}

/**
 * The answer to OPTIONS on a path whose methods are `operations` (one per method the route file
 * exports). A preflight (`Origin` and `Access-Control-Request-Method`) learns the methods other
 * origins may use; a plain OPTIONS learns them all in `Allow`. 204 either way: whether the method
 * asked for is among them, the browser decides.
 */
export function preflightResponse(req: Request, operations: Pick<Operation, "method" | "auth" | "path">[]): Response {
  const methods = operations.map((op) => op.method);
  const headers = new Headers({ allow: [...methods, "OPTIONS"].join(", ") });
  const open = operations.filter(crossOrigin).map((op) => op.method);
  const isPreflight = req.headers.has("origin") && req.headers.has("access-control-request-method");
  if (isPreflight && open.length) {
    headers.set("access-control-allow-origin", "*");
    headers.set("access-control-allow-methods", open.join(", "));
    headers.set("access-control-allow-headers", CORS_ALLOWED_HEADERS.join(", "));
    headers.set("access-control-max-age", PREFLIGHT_MAX_AGE);
  }
  return new Response(null, { status: 204, headers });
}

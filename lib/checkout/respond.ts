import { edge } from "@/lib/http/edge";
import type { Html } from "./html";

// The headers every checkout response carries (DESIGN §7): a CSP that allows nothing but our own
// origin (plus a marketplace's own https image host), no framing, no sniffing, no caching of pages.

export function contentSecurityPolicy(imageOrigins: string[] = []): string {
  const images = ["'self'", ...new Set(imageOrigins)].join(" ");
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function checkoutHeaders(imageOrigins: string[] = []): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(imageOrigins),
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
  };
}

export function htmlResponse(page: Html, options: { status?: number; imageOrigins?: string[] } = {}): Response {
  return new Response(`<!doctype html>${page.value}`, {
    status: options.status ?? 200,
    headers: { ...checkoutHeaders(options.imageOrigins), "content-type": "text/html; charset=utf-8" },
  });
}

/** JSON for the checkout page's script, with the checkout's headers (CSP, no framing, no caching). */
export function jsonWithCheckoutHeaders(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: checkoutHeaders() });
}

/** 303 See Other: after a form post, and from a finished waiting page to the merchant's URL. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { ...checkoutHeaders(), location } });
}

type Handler<P> = (req: Request, params: P) => Promise<Response>;

/**
 * The wrapper of every checkout route: the shared edge (request id, one log line, a scrubbed log
 * of an unexpected error) with the checkout's own error format: an error is answered by `onError`
 * (a friendly page or the generic JSON 500), never a stack trace.
 */
export function checkoutRoute<P extends Record<string, string>>(
  handler: Handler<P>,
  onError: (req: Request, error: unknown) => Response,
) {
  return (req: Request, ctx: { params: Promise<P> }): Promise<Response> =>
    edge(req, (error, req) => onError(req, error), async () => handler(req, await ctx.params));
}

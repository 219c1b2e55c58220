import { randomUUID } from "node:crypto";
import { log } from "@/lib/log";
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

export function jsonResponse(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: checkoutHeaders() });
}

/** 303 See Other: after a form post, and from a finished waiting page to the merchant's URL. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { ...checkoutHeaders(), location } });
}

type Handler<P> = (req: Request, params: P) => Promise<Response>;

/**
 * The wrapper of every checkout route: request id, one log line, and an unexpected error turned
 * into `onError`'s answer (a friendly page or the generic JSON 500), never a stack trace.
 */
export function checkoutRoute<P extends Record<string, string>>(
  handler: Handler<P>,
  onError: (req: Request) => Response,
) {
  return async (req: Request, ctx: { params: Promise<P> }): Promise<Response> => {
    const started = performance.now();
    const requestId = req.headers.get("x-request-id")?.match(/^[\w.:-]{1,100}$/)?.[0] ?? randomUUID();
    const url = new URL(req.url);
    let response: Response;
    try {
      response = await handler(req, await ctx.params);
    } catch (error) {
      log("error", "unhandled error", {
        request_id: requestId,
        error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
      });
      response = onError(req);
    }
    response.headers.set("x-request-id", requestId);
    log(response.status >= 500 ? "error" : "info", "request", {
      request_id: requestId,
      method: req.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return response;
  };
}

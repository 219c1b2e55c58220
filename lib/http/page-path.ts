import type { IncomingMessage } from "node:http";

// The path a request asked for, for the dashboard's layout: Next.js tells a layout nothing of the
// page under it, and the layout keeps a cashier on the counter (lib/server/dashboard-session.ts).
// Stamped by our Node server on every request, over any copy the client sent (./node-server.ts).

export const PATH_HEADER = "x-kola-path";

/** Stamps a request with its URL's path (without the query), over any copy the client sent. */
export function stampPath(request: IncomingMessage): void {
  let path = "/";
  try {
    path = new URL(request.url ?? "/", "http://path.invalid").pathname;
  } catch {
    // a malformed target: Next.js answers it; the layout sees "/"
  }
  request.headers[PATH_HEADER] = path;
}

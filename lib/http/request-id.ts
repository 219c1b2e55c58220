import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

// Every response carries `x-request-id` (DESIGN §9), including those no route handler writes:
// Next.js's own redirects (`//gateway` → 308), its 404 pages, static files, our 405 for unknown
// methods. So each request is given its id in the server process before anything reads it: the
// caller's `x-request-id` when well-formed, else a new UUID, written into the request's headers
// (route handlers and lib/http/edge.ts read it from there) and onto the response up front (a
// handler's own header of the same name, always the same value, replaces it).

export const REQUEST_ID_HEADER = "x-request-id";
const WELL_FORMED = /^[\w.:-]{1,100}$/;

/** The caller's id when well-formed (what logs and support quote back), else null. */
export function wellFormedRequestId(value: unknown): string | null {
  return typeof value === "string" && WELL_FORMED.test(value) ? value : null;
}

/** The id of a request of the Fetch API: the stamped (or caller's) one, else a new UUID. */
export function requestIdOf(req: Request): string {
  return wellFormedRequestId(req.headers.get(REQUEST_ID_HEADER)) ?? randomUUID();
}

/**
 * Gives a request its id, on the request (route handlers and ./edge.ts read it there) and on its
 * response up front, before anything else answers it (./node-server.ts). Returns the id.
 */
export function stampRequestId(request: IncomingMessage, response: ServerResponse): string {
  const id = wellFormedRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import { log } from "@/lib/log";

// Methods no route handler can have never reach one: Next.js answers TRACE with a 500 (its
// Request cannot carry TRACE), PROPFIND and the like with an empty 400, and Node's parser refuses
// methods it does not know (TRACK, FOO) with a bare 400. They all get FastAPI's 405 instead
// (DESIGN §9), answered here in the server process before Next.js sees the request, at the cost
// of one Set lookup per request (a proxy.ts would run on every request and still miss TRACE).

/** The methods Next.js route handlers can have; anything else is refused before routing. */
export const ROUTE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

// No Allow header: which methods a path has is known to its route file alone, not here.
const BODY = JSON.stringify({ detail: "Method Not Allowed" });

function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && /^[\w.:-]{1,100}$/.test(header) ? header : randomUUID();
}

let installed = false;

/** Makes every HTTP server of this process answer unknown methods 405 (idempotent). */
export function refuseUnknownMethods(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (!ROUTE_METHODS.has(req.method ?? "")) {
        const requestId = requestIdOf(req.headers["x-request-id"]);
        res.writeHead(405, { "content-type": "application/json", "x-request-id": requestId, connection: "close" });
        res.end(BODY);
        log("info", "request", { request_id: requestId, method: req.method, path: req.url?.split("?")[0], status: 405 });
        return true;
      }
    } else if (event === "clientError") {
      const [error, socket] = args as [NodeJS.ErrnoException, Socket];
      if (error.code === "HPE_INVALID_METHOD" && socket.writable) {
        socket.end(
          `HTTP/1.1 405 Method Not Allowed\r\ncontent-type: application/json\r\nx-request-id: ${randomUUID()}\r\n` +
            `content-length: ${BODY.length}\r\nconnection: close\r\n\r\n${BODY}`,
        );
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

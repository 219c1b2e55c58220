import { randomUUID } from "node:crypto";
import type http from "node:http";
import type { Socket } from "node:net";
import { log } from "@/lib/runtime/log";

// Methods no route handler can have never reach one: Next.js answers TRACE with a 500 (its
// Request cannot carry TRACE), PROPFIND and the like with an empty 400, and Node's parser refuses
// methods it does not know (TRACK, FOO) with a bare 400. They all get FastAPI's 405 instead
// (DESIGN §9), answered by our Node server (./node-server.ts) before Next.js or the /v1 dispatcher
// sees the request, at the cost of one Set lookup per request.

/** The methods Next.js route handlers can have; anything else is refused before routing. */
export const ROUTE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

// No Allow header: which methods a path has is known to its route file alone, not here.
const BODY = JSON.stringify({ detail: "Method Not Allowed" });

// What Node itself would answer a request its parser refuses, with a request id added: every
// response carries one (./request-id.ts), even those no request object was made for.
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_INVALID_METHOD: [405, "Method Not Allowed"],
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Payload Too Large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout"],
};

/** Answers 405 to a method no route can have and returns true; returns false for the others. */
export function refuseUnknownMethod(req: http.IncomingMessage, res: http.ServerResponse, requestId: string): boolean {
  if (ROUTE_METHODS.has(req.method ?? "")) return false;
  res.writeHead(405, { "content-type": "application/json", "x-request-id": requestId, connection: "close" });
  res.end(BODY);
  log("info", "request", { request_id: requestId, method: req.method, path: req.url?.split("?")[0], status: 405 });
  return true;
}

/**
 * A server's `clientError` listener: a request its parser refuses is answered as Node would, with
 * an x-request-id, when nothing of a response was sent on the socket yet (Node's own rule).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket & { _httpMessage?: http.ServerResponse | null }): void {
  if (!socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "Bad Request"];
  const body = status === 405 ? BODY : "";
  const type = status === 405 ? "content-type: application/json\r\n" : "";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${type}x-request-id: ${randomUUID()}\r\n` +
      `content-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
  );
}

import http from "node:http";
import { log } from "@/lib/runtime/log";
import { stampPeerAddress } from "./client-address";
import type { Dispatcher } from "./dispatch";
import { admitRequest, trackConnections } from "./drain";
import { stampPath } from "./page-path";
import { stampRequestId } from "./request-id";
import { answerClientError, refuseUnknownMethod } from "./unknown-methods";

// The one Node HTTP server of a Kola process (scripts/server.ts makes it for `npm start` and
// `npm run dev`; the API tests serve through it too, test/support/api.ts). Every request, in order:
// stamped with its peer's address (./client-address.ts), its path (./page-path.ts) and its id
// (./request-id.ts, echoed on every response), refused 405 if no route can have its method
// (./unknown-methods.ts), answered by the /v1 dispatcher when it knows the route (./dispatch.ts),
// else handed to Next.js.

/** An idle kept-alive connection stays open this long (Node's default is 5 s): see README, Production. */
export const KEEP_ALIVE_MS = 65_000;

export type NodeServerOptions = {
  /** serves /v1 routes ahead of Next.js; null hands everything to Next.js */
  dispatcher: Dispatcher | null;
  /** what answers every other request: Next.js's request handler */
  fallback: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;
};

export function createNodeServer({ dispatcher, fallback }: NodeServerOptions): http.Server {
  const server = http.createServer((req, res) => {
    if (!admitRequest(req, res)) return; // the connection is being closed: see ./drain.ts
    stampPeerAddress(req);
    stampPath(req);
    const requestId = stampRequestId(req, res);
    if (refuseUnknownMethod(req, res, requestId)) return;
    if (dispatcher && req.url?.startsWith("/v1/") && dispatcher.handle(req, res)) return;
    Promise.resolve()
      .then(() => fallback(req, res))
      .catch((error: unknown) => {
        // Next.js answers its own errors; this is a failure to hand the request over at all
        log("error", "request failed before routing", { request_id: requestId, error });
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
        else res.destroy();
      });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on("clientError", answerClientError);
  trackConnections(server);
  return server;
}

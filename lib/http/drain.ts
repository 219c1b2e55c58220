import type http from "node:http";
import net from "node:net";

// How a server process lets go of its HTTP connections when it stops (lib/server/shutdown.ts calls
// drainHttp on SIGTERM or SIGINT). Every server ./node-server.ts makes is tracked here.
//
// The race to avoid: a client that sends a request on a kept-alive connection just as the server
// closes it. Had the server destroyed the socket with that request unread, the kernel answers it
// with a reset (ECONNRESET), and the client cannot know whether its POST was done. So at the signal
// an idle connection is ended gracefully: a FIN is sent, and whatever arrives afterwards is read and
// dropped, unanswered and undone, until the client closes its side (LINGER_MS at most). The client
// sees a clean close before any byte of an answer, and may retry. A request already in flight
// finishes and is answered with `Connection: close`; so is any request that reaches the server
// after the signal on a connection it had not yet ended.

/** How long an ended idle connection is read (and dropped) before it is destroyed. */
const LINGER_MS = 2_000;

type Connection = { responses: Set<http.ServerResponse>; ending: boolean };

const servers = new Set<http.Server>();
const connections = new Map<net.Socket, Connection>();
let stopping = false;

/** Tracks a server's connections and the requests in flight on them (./node-server.ts). */
export function trackConnections(server: http.Server): void {
  servers.add(server);
  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { responses: new Set(), ending: false });
    socket.once("close", () => connections.delete(socket));
    if (stopping) endWhenIdle(socket);
  });
}

/**
 * Called first for every request: false when it arrived on a connection being ended (it is then
 * dropped, unanswered: the client sees the connection close before any byte). After the signal a
 * request admitted is answered with `Connection: close`.
 */
export function admitRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const connection = connections.get(req.socket);
  if (connection?.ending) {
    req.resume(); // read and forget its body: nothing unread may be left to turn the close into a reset
    return false;
  }
  if (stopping) res.setHeader("connection", "close");
  if (connection) {
    connection.responses.add(res);
    res.once("close", () => {
      connection.responses.delete(res);
      if (stopping) endWhenIdle(req.socket);
    });
  }
  return true;
}

/** The requests being answered now, in every tracked server. */
export function requestsInFlight(): number {
  let count = 0;
  for (const connection of connections.values()) count += connection.responses.size;
  return count;
}

/**
 * Stops accepting connections, ends the idle ones at once, lets the requests in flight finish
 * (each answered with `Connection: close`), and resolves once every connection is closed, or after
 * `drainMs`, when the connections still open are cut.
 */
export async function drainHttp(drainMs: number): Promise<{ cut: number }> {
  stopping = true;
  for (const server of servers) {
    // net.Server's close, not http.Server's: the latter first destroys the idle connections
    // (closeIdleConnections), which turns a request arriving on one into a reset. This stops
    // accepting only (in a cluster worker: the primary stops handing this worker connections).
    net.Server.prototype.close.call(server, () => {});
  }
  for (const [socket, connection] of connections) {
    for (const res of connection.responses) if (!res.headersSent) res.setHeader("connection", "close");
    endWhenIdle(socket);
  }
  const deadline = Date.now() + drainMs;
  while (connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  const cut = requestsInFlight();
  for (const socket of connections.keys()) socket.destroy();
  return { cut };
}

/** Ends a connection with no request in flight: a FIN, then reads until the client closes (or LINGER_MS). */
function endWhenIdle(socket: net.Socket): void {
  const connection = connections.get(socket);
  if (!connection || connection.ending || connection.responses.size > 0 || socket.destroyed) return;
  connection.ending = true;
  socket.end();
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

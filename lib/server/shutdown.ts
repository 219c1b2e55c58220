import cluster from "node:cluster";
import diagnostics from "node:diagnostics_channel";
import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { closeDb } from "@/lib/db/client";
import { log } from "@/lib/log";

// A server process stops on SIGTERM or SIGINT: it stops accepting connections, lets the requests in
// flight finish (10 s at most), stops its background work, closes the database and exits 0.
// Under `npm start` (scripts/start.mjs) Next.js's own handler is off (NEXT_MANUAL_SIG_HANDLE): it
// waits for every keep-alive connection to go idle, which a busy client never lets happen, so the
// process went on serving. Here each response after the signal says `Connection: close`.

/** The time requests in flight get to finish; what remains is then cut. */
export const DRAIN_MS = 10_000;
/** After this, the process exits 1 whatever is still running (a stuck background task). */
const GIVE_UP_MS = 25_000;
/** `npm start`'s primary does not restart a worker that exits with this: it cannot start (sysexits EX_CONFIG). */
export const EXIT_CANNOT_START = 78;

type State = { servers: Set<Server>; inFlight: Set<ServerResponse>; sockets: Set<Socket>; stopping: boolean; watching: boolean };
const store = globalThis as unknown as { __kolaShutdown?: State };
const state = (store.__kolaShutdown ??= { servers: new Set(), inFlight: new Set(), sockets: new Set(), stopping: false, watching: false });

/**
 * Next.js owns the HTTP server; Node announces each request on a diagnostics channel, before the
 * request handler runs. That is how the server and the responses in flight are known here.
 */
function watchRequests(): void {
  if (state.watching) return;
  state.watching = true;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { server, response, socket } = message as { server: Server; response: ServerResponse; socket: Socket };
    state.servers.add(server);
    state.inFlight.add(response);
    // response.socket is not set yet when this is published: the message carries the socket
    if (socket && !state.sockets.has(socket)) {
      state.sockets.add(socket);
      socket.once("close", () => state.sockets.delete(socket));
    }
    response.once("close", () => state.inFlight.delete(response));
    if (state.stopping) response.setHeader("connection", "close");
  });
}

/** On SIGTERM or SIGINT: drain requests and stop `stopBackground`'s work side by side, close the database, exit. */
export function stopOnSignals(stopBackground: () => Promise<unknown>): void {
  watchRequests();
  const onSignal = (signal: NodeJS.Signals) => {
    if (state.stopping) return; // Ctrl-C reaches the primary and its workers alike
    state.stopping = true;
    void shutdown(signal, stopBackground);
  };
  // `on`, not `once`: a second signal (npm and the primary both forward Ctrl-C or a stop) must not
  // fall back to Node's default, which kills the process and the requests it is finishing
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

async function shutdown(signal: NodeJS.Signals, stopBackground: () => Promise<unknown>): Promise<void> {
  const startedAt = Date.now();
  setTimeout(() => {
    log("error", "server stop took too long: exiting", { ms: Date.now() - startedAt });
    process.exit(1);
  }, GIVE_UP_MS).unref();
  log("info", "server stopping", { signal, requests_in_flight: state.inFlight.size });
  const [requests, background] = await Promise.allSettled([drainRequests(), stopBackground()]);
  if (requests.status === "rejected") log("error", "closing the HTTP server failed", { error: String(requests.reason) });
  if (background.status === "rejected") log("error", "stopping background work failed", { error: String(background.reason) });
  await closeDb().catch((error: unknown) => log("error", "closing the database failed", { error: String(error) }));
  log("info", "server stopped", { signal, ms: Date.now() - startedAt });
  process.exit(0);
}

/** Stops accepting, then waits for the connections to end: each one closes after its current response. */
async function drainRequests(): Promise<void> {
  for (const response of state.inFlight) if (!response.headersSent) response.setHeader("connection", "close");
  let closed = false;
  const done = new Promise<void>((resolve) => {
    const finish = () => {
      closed = true;
      resolve();
    };
    if (cluster.isWorker) {
      // closes this worker's servers (the primary stops handing it connections), waits for their
      // connections to end, then leaves the cluster
      cluster.worker!.once("disconnect", finish);
      cluster.worker!.disconnect();
    } else {
      let open = state.servers.size;
      if (open === 0) finish();
      for (const server of state.servers) server.close(() => --open === 0 && finish());
    }
  });
  // A cluster worker's servers may report closed while a request is still being answered (the
  // listening handle is the primary's): wait for the responses in flight themselves too.
  const drained = () => closed && state.inFlight.size === 0;
  const deadline = Date.now() + DRAIN_MS;
  while (!drained() && Date.now() < deadline) {
    closeIdle();
    await Promise.race([done, new Promise((r) => setTimeout(r, 50))]);
  }
  if (!drained()) {
    log("warn", "requests still in flight after the drain time: cut", { requests: state.inFlight.size, drain_ms: DRAIN_MS });
    for (const server of state.servers) server.closeAllConnections();
    await Promise.race([done, new Promise((r) => setTimeout(r, 1_000))]);
  }
}

/**
 * Ends the kept-alive connections that wait between two requests. Node's closeIdleConnections() is
 * not used: under load it also closed a connection whose request was still sending its body (a
 * client hung up on mid-request in the lifecycle spec). A socket with a response in flight is busy.
 */
function closeIdle(): void {
  const busy = new Set([...state.inFlight].map((response) => response.socket));
  for (const socket of state.sockets) if (!busy.has(socket) && !socket.destroyed) socket.end();
}

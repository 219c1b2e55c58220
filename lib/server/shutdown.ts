import { closeDb } from "@/lib/db/client";
import { drainHttp, requestsInFlight } from "@/lib/http/drain";
import { log } from "@/lib/runtime/log";

// A server process stops on SIGTERM or SIGINT: it stops accepting connections, closes the idle ones,
// lets the requests in flight finish (10 s at most; each answered with `Connection: close`), stops
// its background work, closes the database and exits 0.

/** The time requests in flight get to finish; what remains is then cut. */
export const DRAIN_MS = 10_000;
/** After this, the process exits 1 whatever is still running (a stuck background task). */
const GIVE_UP_MS = 25_000;
/** `npm start`'s primary does not restart a worker that exits with this: it cannot start (sysexits EX_CONFIG). */
export const EXIT_CANNOT_START = 78;

const store = globalThis as unknown as { __kolaStopping?: boolean };

/** On SIGTERM or SIGINT: drain requests and stop `stopBackground`'s work side by side, close the database, exit. */
export function stopOnSignals(stopBackground: () => Promise<unknown>): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (store.__kolaStopping) return; // Ctrl-C reaches the primary and its workers alike
    store.__kolaStopping = true;
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
  log("info", "server stopping", { signal, requests_in_flight: requestsInFlight() });
  const [requests, background] = await Promise.allSettled([drainRequests(), stopBackground()]);
  if (requests.status === "rejected") log("error", "closing the HTTP server failed", { error: String(requests.reason) });
  if (background.status === "rejected") log("error", "stopping background work failed", { error: String(background.reason) });
  await closeDb().catch((error: unknown) => log("error", "closing the database failed", { error }));
  log("info", "server stopped", { signal, ms: Date.now() - startedAt });
  process.exit(0);
}

/** The HTTP half (lib/http/drain.ts): idle connections ended at once, requests in flight finished. */
async function drainRequests(): Promise<void> {
  const { cut } = await drainHttp(DRAIN_MS);
  if (cut) log("warn", "requests still in flight after the drain time: cut", { requests: cut, drain_ms: DRAIN_MS });
}

import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/runtime/log";

// The database's availability gate, one per process. The gate closes when the database cannot be
// reached, and only then: when a statement fails with a connection error (refused, shut down,
// terminated, not accepting connections, connect timeout), one check on a connection of its own
// asks the database; only if that check fails too does the gate close. A connection that was slow to
// open on a loaded machine, or a pool saturated by a burst, is not an outage: the check answers, the
// gate stays open, and the request is answered SERVICE_BUSY (503 + Retry-After), as is a request
// that waited for a connection longer than DATABASE_POOL_WAIT_MS (./gated-pool.ts) or whose
// statement its timeout cancelled. Once closed, every statement and every getDb() fails at once with
// DATABASE_UNAVAILABLE (503 + Retry-After), without trying to connect, and the pool's connections
// are dropped (./client.ts). One probe, on a connection of its own, asks whether the database is
// back, with exponential backoff and jitter: a fresh pool's first statement, so its first success
// opens the gate with a connection ready. So a process makes about one connection attempt a second while the
// database is away, whatever the traffic, and answers again within PROBE_CAP_MS of its return.
// PGlite runs in the process: nothing reports to the gate and it stays open.

/** The probe's first wait; each failure doubles it, up to PROBE_CAP_MS. */
export const PROBE_FIRST_MS = 100;
/** The longest wait between probes: bounds the time to notice the database is back (2 s). */
export const PROBE_CAP_MS = 1_000;

type Probe = () => Promise<void>;
type Gate = {
  down: boolean;
  /** the check in flight after a connection error while the gate is open: resolves once it has decided */
  checking?: Promise<void>;
  /** asks the database on a connection of its own, without touching the pool */
  check?: Probe;
  /** when a check last found the database answering */
  answeredAt: number;
  since: number;
  probes: number;
  nextProbeAt: number;
  timer?: NodeJS.Timeout;
  probe?: Probe;
  /** called when the gate closes: the client drops its pool's connections */
  onDown: Set<() => void>;
  /** called when the gate opens again: background loops wake up */
  onUp: Set<() => void>;
};

const store = globalThis as unknown as { __kolaDbGate?: Gate };
const gate = (store.__kolaDbGate ??= { down: false, since: 0, probes: 0, nextProbeAt: 0, answeredAt: 0, onDown: new Set(), onUp: new Set() });

/** postgres.js and node error codes that mean "the database cannot be reached", not "this statement failed". */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown (also pg_terminate_backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down, recovery)
  "3D000", // invalid_catalog_name: the database is gone
  "08000", // connection_exception and its kind
  "08001",
  "08003",
  "08006",
]);

/** `error` and the errors it wraps, outermost first (Drizzle's "Failed query" wraps the driver's). */
function* causeChain(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) yield current;
}

/** Whether `error`, or an error it wraps, says the database is unreachable. */
export function isConnectionError(error: unknown): boolean {
  for (const current of causeChain(error)) {
    if (current instanceof ApiError) return current.type === "DATABASE_UNAVAILABLE";
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    // 55000 is a broad class; only its "database … is not currently accepting connections" is an outage
    if (code === "55000" && typeof message === "string" && message.includes("not currently accepting connections")) return true;
  }
  return false;
}

/** The error a request gets while the database is away: 503, the usual body, Retry-After. */
export function unavailableError(): ApiError {
  const wait = gate.down ? Math.max(1, Math.ceil((gate.nextProbeAt - Date.now()) / 1000)) : 1;
  return new ApiError("DATABASE_UNAVAILABLE", undefined, undefined, { "retry-after": String(wait) });
}

/** The error a request gets while the database is up but too busy to serve it in time: 503, Retry-After: 1. */
export function busyError(): ApiError {
  return new ApiError("SERVICE_BUSY", undefined, undefined, { "retry-after": "1" });
}

/** Whether `error` says "retry in a moment" (the database away, or busy): pages show their "try again" words for both. */
export function isRetryLater(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.type === "DATABASE_UNAVAILABLE" || error.type === "SERVICE_BUSY");
}

/**
 * Whether `error`, or an error it wraps, is a statement PostgreSQL cancelled (57014: the
 * `statement_timeout` of lib/db/client.ts, or an operator's pg_cancel_backend). Its transaction was
 * rolled back: the client sends the request again (with its Idempotency-Key, as after any 5xx).
 */
export function isStatementCancelled(error: unknown): boolean {
  for (const current of causeChain(error)) if ((current as { code?: unknown }).code === "57014") return true;
  return false;
}

/**
 * `error` as answered to a client: DATABASE_UNAVAILABLE when it is that error or wraps a connection
 * failure while the gate is closed (the check failed); SERVICE_BUSY when it is that error, wraps a
 * connection failure of the database while the gate stayed open (the check reached it: a slow
 * connect, a cut connection, a burst), or is a statement cancelled by its timeout (the database is
 * there but too slow to answer in time: retry in a moment, not a 500); else null: a provider's
 * ECONNRESET stays what it was. Await reportDatabaseError(error) first, so the gate has decided.
 */
export function asRetryLater(error: unknown): ApiError | null {
  for (const current of causeChain(error)) if (current instanceof ApiError) return isRetryLater(current) ? current : null;
  if (isStatementCancelled(error)) return busyError();
  if (!isConnectionError(error)) return null;
  if (gate.down) return unavailableError();
  return fromDatabase(error) ? busyError() : null;
}

/** Whether `error` came from a database statement: Drizzle's "Failed query", or the driver's own connection codes. */
function fromDatabase(error: unknown): boolean {
  for (const current of causeChain(error)) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof message === "string" && message.startsWith("Failed query:")) return true;
    if (typeof code === "string" && /^(CONNECT_TIMEOUT|CONNECTION_(CLOSED|DESTROYED|ENDED)|[0-9A-Z]{5})$/.test(code)) return true;
  }
  return false;
}

/** `error`'s innermost cause: the driver's error, whoever wrapped it. */
function rootOf(error: unknown): unknown {
  let last: unknown = error;
  for (const current of causeChain(error)) last = current;
  return last;
}

export function databaseAvailable(): boolean {
  return !gate.down;
}

/** Throws DATABASE_UNAVAILABLE at once while the gate is closed. */
export function assertDatabaseAvailable(): void {
  if (gate.down) throw unavailableError();
}

/**
 * What the client tells the gate when it opens its pool: how to probe (and reopen the pool), how to
 * check the database without touching the pool, what to drop when down.
 */
export function watchDatabase(probe: Probe, onDown: () => void, check: Probe = probe): () => void {
  gate.probe = probe;
  gate.check = check;
  gate.onDown.add(onDown);
  return () => {
    gate.onDown.delete(onDown);
    if (gate.probe === probe) gate.probe = undefined;
    if (gate.check === check) gate.check = undefined;
    if (gate.onDown.size === 0) reset();
  };
}

/** Calls `wake` each time the database is back (background loops retry at once instead of after their backoff). */
export function onDatabaseBack(wake: () => void): () => void {
  gate.onUp.add(wake);
  return () => gate.onUp.delete(wake);
}

/**
 * Seen by the pool on every failed statement, before its caller sees the error, and by the edge
 * before it answers one (a statement inside a transaction is answered before the transaction
 * fails). A connection failure while the gate is open starts one check (the errors met meanwhile
 * wait for the same one; one that answered less than PROBE_FIRST_MS ago stands for the next):
 * the gate closes only if the check cannot reach the database either. Resolves once decided, so
 * the error is then answered DATABASE_UNAVAILABLE or SERVICE_BUSY accordingly.
 */
export function reportDatabaseError(error: unknown): Promise<void> | undefined {
  if (gate.down || !gate.probe || !isConnectionError(error)) return undefined;
  const root = rootOf(error);
  const key = root && typeof root === "object" ? root : null;
  const seen = key && judged.get(key);
  if (seen) return seen;
  if (!gate.checking && Date.now() - gate.answeredAt < PROBE_FIRST_MS) return undefined;
  const check = gate.check ?? gate.probe;
  const verdict = (gate.checking ??= check().then(
    () => {
      gate.checking = undefined;
      gate.answeredAt = Date.now();
      log("warn", "a statement lost its connection but the database answers: the gate stays open", { code: codeOf(error) });
    },
    () => {
      gate.checking = undefined;
      close(error);
    },
  ));
  if (key) judged.set(key, verdict);
  return verdict;
}

/** The check each connection error was judged by (the pool and the edge both report it). */
const judged = new WeakMap<object, Promise<void>>();

const codeOf = (error: unknown): string => {
  const cause = error as { code?: unknown; cause?: { code?: unknown } };
  return String(cause.code ?? cause.cause?.code ?? "");
};

function close(error: unknown): void {
  if (gate.down || !gate.probe) return;
  gate.down = true;
  gate.since = Date.now();
  gate.probes = 0;
  log("error", "database unavailable: answering 503 until a probe reaches it", { code: codeOf(error) });
  for (const drop of gate.onDown) drop();
  schedule(PROBE_FIRST_MS);
}

/** The wait before the probe after `failures` failed probes: doubling from PROBE_FIRST_MS, capped, with jitter (half to all of it). */
export function probeDelay(failures: number, random = Math.random()): number {
  const ceiling = Math.min(PROBE_CAP_MS, PROBE_FIRST_MS * 2 ** failures);
  return Math.round(ceiling * (0.5 + random / 2));
}

function schedule(ms: number): void {
  gate.nextProbeAt = Date.now() + ms;
  gate.timer = setTimeout(() => void probeOnce(), ms);
  gate.timer.unref();
}

async function probeOnce(): Promise<void> {
  gate.timer = undefined;
  const probe = gate.probe;
  if (!gate.down || !probe) return;
  gate.probes++;
  try {
    await probe();
  } catch {
    if (gate.down) schedule(probeDelay(gate.probes));
    return;
  }
  gate.down = false;
  log("info", "database available again", { down_ms: Date.now() - gate.since, probes: gate.probes });
  for (const wake of gate.onUp) wake();
}

/** Opens the gate and forgets its probe (the database handle was closed). */
function reset(): void {
  if (gate.timer) clearTimeout(gate.timer);
  gate.timer = undefined;
  gate.down = false;
}

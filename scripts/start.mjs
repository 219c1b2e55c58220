// `npm start`: the production server. With PostgreSQL it runs one worker per core (WEB_CONCURRENCY
// to change) sharing one port through Node's cluster module, since one Node process uses one core.
// Embedded PGlite is single-process by nature: one worker, always. Each worker runs the server
// `npm run build` compiled (scripts/server.ts → .next/kola/server.mjs).
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const serverBundle = path.join(import.meta.dirname, "..", ".next", "kola", "server.mjs");
const host = process.env.HOST || "127.0.0.1";
const port = process.env.PORT || "3000";
const postgres = Boolean(process.env.DATABASE_URL);
const wanted = Number(process.env.WEB_CONCURRENCY || (postgres ? os.availableParallelism() : 1));
const workers = postgres ? Math.max(1, Math.floor(wanted)) : 1;

if (!postgres && wanted > 1) {
  console.warn(JSON.stringify({ level: "warn", msg: "WEB_CONCURRENCY ignored: embedded PGlite serves from one process" }));
}

// A worker exiting with this code cannot start (lib/server/shutdown.ts): restarting it would fail again.
const EXIT_CANNOT_START = 78;

const log = (level, msg, fields = {}) =>
  (level === "info" ? console.log : console.error)(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));

if (!fs.existsSync(serverBundle)) {
  log("error", "server cannot start", { error: `No production build (${path.relative(process.cwd(), serverBundle)}): run \`npm run build\` first.` });
  process.exit(EXIT_CANNOT_START);
}

// Workers must agree on the secrets: a session made by one worker is read by another, and the
// sandbox's callback may reach another worker than the one that asked. Unset secrets are made
// here once for all workers (they then change at each restart: set them in production).
const shared = { PORT: port, HOST: host, NODE_ENV: "production" };
for (const name of ["SESSION_SECRET", "PROVIDER_CALLBACK_SECRET"]) {
  if (!process.env[name]) {
    shared[name] = randomBytes(32).toString("hex");
    console.warn(JSON.stringify({ level: "warn", msg: `${name} is not set: using a random one until this server stops` }));
  }
}

// glibc's allocator, for the memory Node.js and its native parts take outside the JavaScript heap
// of a PGlite server (`npm run bench:soak`). By default every thread that allocates may
// get an arena of its own (up to 8 per core), and after a large block is freed glibc raises its mmap
// and trim thresholds (up to 32 and 64 MB), so freed memory stays in the process. Two arenas and
// fixed 128 kB thresholds give large blocks back when they are freed: the PGlite server under mixed
// load 333-355 -> 274-291 MB. Not for PostgreSQL workers: they stay far below their target without
// it, and `npm run bench:api` hinted at a cost per request there (within its noise). A value set in
// the environment wins.
if (!postgres) {
  const mallocDefaults = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };
  for (const [name, value] of Object.entries(mallocDefaults)) if (process.env[name] === undefined) shared[name] = value;
}

// Each worker stops itself on SIGTERM/SIGINT (lib/server/shutdown.ts): it finishes its requests in
// 10 s and stops within 25 s; after this the primary kills them.
const STOP_MS = 30_000;

// V8's heap sizing for a worker (`npm run bench:soak`). By default V8 sizes the heap for
// the machine: on 24 GiB a 4 GiB old-generation limit, which lets the heap grow to up to 4 times
// what it holds after a collection, and a 32 MB young generation. Under mixed load a worker's RSS
// then climbed from ~170 MB to 235–280 MB (400–440 MB on a faster run) while what its heap
// really kept (heap snapshots at 45 s and 270 s) stayed at 55–57 MB: no leak, sizing.
// - --max-old-space-size=512: far above what a worker keeps (lists and exports are streamed), and
//   V8 then grows the heap by at most ~1.4 times its live size. A worker that would need more ends
//   (out of memory) and is restarted, by this primary or, with one worker, by the supervisor.
// - --max-semi-space-size=4: an 8 MB young generation instead of 32 MB (RSS it holds at all times);
//   a request's short-lived objects still die there.
// A flag given in NODE_OPTIONS or to this script wins over these.
const given = `${process.env.NODE_OPTIONS ?? ""} ${process.execArgv.join(" ")}`.replaceAll("_", "-");
const heapFlags = [
  ["--max-old-space-size", "512"],
  ["--max-semi-space-size", "4"],
]
  .filter(([flag]) => !given.includes(flag))
  .map(([flag, value]) => `${flag}=${value}`);

cluster.setupPrimary({ exec: serverBundle, args: [], execArgv: [...process.execArgv, ...heapFlags] });
let stopping = false;
let exitCode = 0;
let restarts = 0;

// Worker processes still alive. cluster.workers is not this: it forgets a worker as soon as it
// disconnects, while the worker may still be finishing its requests in flight.
const alive = new Set();
const fork = () => {
  const worker = cluster.fork(shared);
  alive.add(worker);
  log("info", "worker started", { pid: worker.process.pid });
};

for (let i = 0; i < workers; i++) fork();

cluster.on("exit", (worker, code, signal) => {
  alive.delete(worker);
  if (!stopping) {
    log("error", "worker exited", { pid: worker.process.pid, code, signal });
    if (code === EXIT_CANNOT_START) return stop(null, code); // the reason is in its log: stop, do not restart
    if (workers === 1 || ++restarts > 10) return stop(null, code || 1); // a crash loop: let the supervisor see it
    setTimeout(fork, 1000);
    return;
  }
  if (code !== 0) {
    log("error", "worker stopped badly", { pid: worker.process.pid, code, signal });
    exitCode ||= code ?? 1;
  }
  if (alive.size === 0) {
    log("info", "server stopped", { code: exitCode });
    process.exit(exitCode);
  }
});

/** Asks every worker to stop (each drains its requests); exits once they all have. */
function stop(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (signal) log("info", "server stopping", { signal, workers: alive.size });
  if (alive.size === 0) process.exit(exitCode);
  for (const worker of alive) worker.process.kill("SIGTERM");
  setTimeout(() => {
    log("error", "workers did not stop in time: killed", { stop_ms: STOP_MS });
    for (const worker of alive) worker.process.kill("SIGKILL");
    process.exit(1);
  }, STOP_MS).unref();
}

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));

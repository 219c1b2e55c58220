// `npm start`: the production server. With PostgreSQL it runs one `next start` worker per core
// (WEB_CONCURRENCY to change) sharing one port through Node's cluster module, since one Node
// process uses one core. Embedded PGlite is single-process by nature: one worker, always.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";

const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
const host = process.env.HOST || "127.0.0.1";
const port = process.env.PORT || "3000";
const postgres = Boolean(process.env.DATABASE_URL);
const wanted = Number(process.env.WEB_CONCURRENCY || (postgres ? os.availableParallelism() : 1));
const workers = postgres ? Math.max(1, Math.floor(wanted)) : 1;

if (!postgres && wanted > 1) {
  console.warn(JSON.stringify({ level: "warn", msg: "WEB_CONCURRENCY ignored: embedded PGlite serves from one process" }));
}

// Workers must agree on the secrets: a session made by one worker is read by another, and the
// sandbox's callback may reach another worker than the one that asked. Unset secrets are made
// here once for all workers (they then change at each restart: set them in production).
const shared = { PORT: port };
for (const name of ["SESSION_SECRET", "PROVIDER_CALLBACK_SECRET"]) {
  if (!process.env[name]) {
    shared[name] = randomBytes(32).toString("hex");
    console.warn(JSON.stringify({ level: "warn", msg: `${name} is not set: using a random one until this server stops` }));
  }
}

cluster.setupPrimary({ exec: nextBin, args: ["start", "-H", host, "-p", port] });
let stopping = false;
let restarts = 0;

for (let i = 0; i < workers; i++) cluster.fork(shared);

cluster.on("exit", (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  console.error(JSON.stringify({ level: "error", msg: "worker exited", pid: worker.process.pid, code, signal }));
  if (workers === 1 || ++restarts > 10) process.exit(code ?? 1); // a crash loop: let the supervisor see it
  setTimeout(() => cluster.fork(shared), 1000);
});

for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(sig);
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}

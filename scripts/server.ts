// Kola's HTTP server, the one entry point: `npm start` runs it in each cluster worker
// (scripts/start.mjs), `npm run dev` runs it with `--dev`. `npm run build` compiles it with the /v1
// route table into .next/kola/server.mjs (scripts/build-server.ts). In order: the database is
// opened and migrated and the background work started (lib/server/start.ts, which also stops it all
// on SIGTERM/SIGINT); Next.js is prepared; then our Node server (lib/http/node-server.ts) listens.
// In production /v1 is answered by the dispatcher from the generated table; in development, and
// with KOLA_DISPATCH=off, Next.js answers every request (so `npm run dev` always runs the code on
// disk, hot-reloaded).
import fs from "node:fs";
import path from "node:path";
import next from "next";
import { v1Routes } from "kola:v1-routes";
import { createDispatcher } from "@/lib/http/dispatch";
import { createNodeServer } from "@/lib/http/node-server";
import { checkConfig, keepSettings, setting } from "@/lib/runtime/config";
import { log } from "@/lib/runtime/log";
import { startServer } from "@/lib/server/start";
import { EXIT_CANNOT_START } from "@/lib/server/shutdown";

const dev = process.argv.includes("--dev");
const host = setting("HOST");
const port = Number(setting("PORT"));

/**
 * In production, Next.js is given the configuration `npm run build` wrote out
 * (.next/required-server-files.json), through the variable its own standalone server sets. Left to
 * itself it would compile next.config.ts again at each start with its native SWC compiler, which
 * then stays loaded in every worker (~24 MB of RSS). The headers the file declares were
 * compiled into the build's routes manifest, which the server reads either way.
 */
function applyBuiltConfig(): void {
  const file = path.join(process.cwd(), ".next", "required-server-files.json");
  let config: unknown;
  try {
    config = (JSON.parse(fs.readFileSync(file, "utf8")) as { config: unknown }).config;
  } catch (error) {
    // Next.js needs this file to serve at all: without it every page would answer 500
    cannotStart(new Error(`Incomplete production build (${path.relative(process.cwd(), file)}): run \`npm run build\` again.`, { cause: error }));
  }
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
}

function cannotStart(error: unknown): never {
  log("error", "server cannot start", { error });
  process.exit(EXIT_CANNOT_START);
}

try {
  checkConfig(); // a bad setting (TRUST_PROXY=yes, DATABASE_POOLER=pgbouncer…) stops the server here, naming it
} catch (error) {
  cannotStart(error);
}
// Next.js reads NODE_ENV; the bundle was compiled for one mode (scripts/build-server.ts)
Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });

if (!dev) {
  applyBuiltConfig();
  keepSettings(); // the environment is complete: each setting is read once from here on
}
await startServer();

const dispatching = !dev && setting("KOLA_DISPATCH");
const server = createNodeServer({
  dispatcher: dispatching ? createDispatcher(v1Routes) : null,
  fallback: (req, res) => handle(req, res), // called once listening, after Next.js is prepared
});
// httpServer: Next.js's development server takes its hot-reload WebSocket upgrades from it
const app = next({ dev, dir: process.cwd(), hostname: host, port, httpServer: server });
const handle = app.getRequestHandler();
try {
  await app.prepare();
} catch (error) {
  cannotStart(error); // e.g. no production build in .next
}

server.once("error", cannotStart); // the port is taken, or the address cannot be listened on
server.listen(port, host, () => {
  log("info", "server listening", { url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`, dev, dispatch: dispatching });
});

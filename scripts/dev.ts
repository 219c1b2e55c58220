// `npm run dev`: the same server as `npm start` (scripts/server.ts), in development mode. Next.js
// serves every request there, /v1 included, hot-reloading what it compiles (pages, route files).
// The server's own code (the HTTP edge, the background work) is compiled here with esbuild in
// watch mode: each change rebuilds it and restarts the server, so no request ever runs old code.
import { type ChildProcess, spawn } from "node:child_process";
import { context, type Plugin } from "esbuild";
import { serverBuildOptions, serverBundle } from "./build-server";

let child: ChildProcess | null = null;
let stopping = false;

/** Stops the running server (it drains and closes its database: PGlite allows one process) and waits. */
async function stopServer(): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  const exited = new Promise((resolve) => running.once("exit", resolve));
  running.kill("SIGTERM");
  await exited;
}

function startServer(): void {
  child = spawn(process.execPath, ["--enable-source-maps", serverBundle(true), "--dev"], { stdio: "inherit" });
  child.once("exit", (code, signal) => {
    if (!stopping && code !== 0 && signal === null) console.error(`\n  The server exited (${code}): fix the cause and save a file to start it again.\n`);
  });
}

const restartOnRebuild: Plugin = {
  name: "restart",
  setup(build) {
    let first = true;
    build.onEnd(async (result) => {
      if (result.errors.length || stopping) return; // esbuild printed them; the running server stays
      if (!first) console.log("\n  Server code changed: restarting…\n");
      first = false;
      await stopServer();
      startServer();
    });
  },
};

const options = serverBuildOptions(true);
const ctx = await context({ ...options, plugins: [...(options.plugins ?? []), restartOnRebuild] });
await ctx.watch();

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.all([ctx.dispose(), stopServer()]).then(() => process.exit(0));
  });
}

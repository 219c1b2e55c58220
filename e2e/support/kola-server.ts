// Starts and stops a real Kola server (the production build: `npm run build` compiles the server
// into .next/kola/server.mjs, which `npm start` runs in each worker) for end-to-end tests and
// benchmarks. Used by e2e/global-setup.ts and bench/api.ts; imports nothing from the app.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** The server `npm run build` compiles (scripts/build-server.ts); `npm start` runs it in each worker. */
export const SERVER_BUNDLE = path.join(ROOT, ".next", "kola", "server.mjs");
export const HOST = "127.0.0.1";

export type Account = { email: string; password: string; business: string; account_id: string; api_key: string };

export type KolaServer = {
  baseURL: string;
  port: number;
  /** The pid of the process started: the server itself, or npm start's (its primary's) */
  pid: number;
  logFile: string;
  /** resolves when the server's process has exited, with its exit code or the signal that ended it */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM to the server's process group, SIGKILL after `graceMs`; resolves once it has exited. */
  stop: (graceMs?: number) => Promise<void>;
};

/** Fails with a clear message when `npm run build` has not been run. */
export function assertBuilt(root = ROOT): void {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")) || !fs.existsSync(path.join(root, ".next", "kola", "server.mjs"))) {
    throw new Error(`No production build in ${path.join(root, ".next")}: run \`npm run build\` first.`);
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Creates an account with the admin CLI (`npm run --silent admin -- create-account …`), which
 * prints one JSON line. With PGlite it must run while no server holds DATA_DIR.
 */
export async function createAccount(
  env: NodeJS.ProcessEnv,
  input: { email: string; password: string; business: string; country?: string },
): Promise<Account> {
  const args = ["run", "--silent", "admin", "--", "create-account"];
  args.push("--email", input.email, "--password", input.password, "--business", input.business);
  args.push("--country", input.country ?? "CMR");
  let stdout: string;
  try {
    ({ stdout } = await run("npm", args, { cwd: ROOT, env, timeout: 300_000 })); // a hang guard: a fresh PGlite migrated on a loaded machine took past 120 s
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`admin create-account failed: ${e.stderr?.trim() || e.message}`);
  }
  const line = stdout
    .split("\n")
    .map((l) => l.trim())
    .reverse()
    .find((l) => l.startsWith("{"));
  if (!line) throw new Error(`admin create-account printed no JSON line:\n${stdout}`);
  const created = JSON.parse(line) as { account_id?: string; api_key?: string };
  if (!created.api_key || !created.account_id) throw new Error(`admin create-account printed no api_key: ${line}`);
  return { ...input, account_id: created.account_id, api_key: created.api_key };
}

/**
 * Starts the server on 127.0.0.1 in one process (what each of `npm start`'s workers runs), or
 * through `npm start`, in its own process group, its output in `logFile`, and waits until GET
 * /healthz answers 200.
 */
export async function startServer(options: {
  env: NodeJS.ProcessEnv;
  port?: number;
  logFile: string;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
  /** serve through `npm start`'s scripts/start.mjs (one worker per WEB_CONCURRENCY) instead of one process */
  startScript?: boolean;
  /** serve through `npm start` itself, as an operator does: `pid` is then npm's */
  npmStart?: boolean;
  /** another built checkout of Kola to serve instead of this one (bench/api.ts's BENCH_VERSUS) */
  root?: string;
}): Promise<KolaServer> {
  const root = options.root ?? ROOT;
  assertBuilt(root);
  const port = options.port ?? (await freePort());
  const baseURL = `http://${HOST}:${port}`;
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const out = fs.openSync(options.logFile, "w");
  const [command, ...args] = options.npmStart
    ? ["npm", "start"]
    : options.startScript
      ? [process.execPath, path.join(root, "scripts", "start.mjs")]
      : [process.execPath, ...(options.nodeArgs ?? []), path.join(root, ".next", "kola", "server.mjs")];
  const child = spawn(command!, args, {
    cwd: root,
    env: { NEXT_TELEMETRY_DISABLED: "1", ...options.env, NODE_ENV: "production", PORT: String(port), HOST },
    stdio: ["ignore", out, out],
    detached: true, // its own process group, so stop() reaches anything it spawns
  });
  fs.closeSync(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const server: KolaServer = {
    baseURL,
    port,
    pid: child.pid!,
    logFile: options.logFile,
    exited,
    stop: (graceMs = 5_000) => stop(child, exited, graceMs),
  };
  try {
    await waitForHealth(baseURL, child, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await server.stop();
    const tail = fs.readFileSync(options.logFile, "utf8").split("\n").slice(-40).join("\n");
    throw new Error(`${(error as Error).message}\n--- ${options.logFile} (tail) ---\n${tail}`);
  }
  return server;
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before /healthz answered.`);
    }
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status} ${await res.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer GET ${baseURL}/healthz within ${timeoutMs} ms (last: ${last}).`);
}

async function stop(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  signalGroup("SIGTERM");
  const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), graceMs).unref());
  if ((await Promise.race([exited, timer])) === "timeout") {
    signalGroup("SIGKILL");
    await exited;
  }
}

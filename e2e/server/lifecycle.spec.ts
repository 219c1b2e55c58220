// `npm start` as an operator runs it: a SIGTERM or SIGINT to npm's process (forwarded to
// scripts/start.mjs, the cluster primary) stops it cleanly, kept-alive clients sending as it stops
// get an answer or a clean close (never a reset, never a request done unanswered), and a second
// server on a PGlite folder already in use exits at start with the reason.
// Each test starts servers of its own from the production build, on PGlite and on PostgreSQL
// (TEST_DATABASE_URL, or the CI's 127.0.0.1:5432/test: a fresh database is made and dropped).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { createAccount, freePort, HOST, ROOT, SERVER_BUNDLE, startServer, type KolaServer } from "../support/kola-server";

// One server at a time: each test starts `npm start` with up to two workers and times its shutdown;
// two of them side by side on two cores starve each other.
test.describe.configure({ mode: "serial" });

const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const ARTIFACTS = path.join(ROOT, "e2e", ".artifacts", "server");

type Database = { env: Record<string, string>; drop: () => Promise<void> };

async function pgliteDatabase(): Promise<Database> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-e2e-lifecycle-"));
  return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresDatabase(): Promise<Database> {
  const name = `kola_e2e_${randomBytes(6).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    // two workers: one finishes the request in flight while the other, idle, stops at once
    env: { DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2" },
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const databases = [
  { name: "PGlite", open: pgliteDatabase, workers: 1 },
  { name: "PostgreSQL", open: postgresDatabase, workers: 2 },
];

function serverEnv(database: Database, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PUBLIC_BASE_URL: `http://${HOST}:${port}`,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PROVIDER_CALLBACK_SECRET: randomBytes(32).toString("hex"),
    ...database.env,
  };
}

/** The pids of the workers the primary forked (it logs each one). */
function workerPids(logFile: string): number[] {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"worker started"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

function logLines(logFile: string, msg: string): Record<string, unknown>[] {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether a new TCP connection to the server is refused now. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, HOST);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A POST /v1/gateway whose body arrives in two parts: the request is in flight on the server
 * (its handler waits for the body) until `finish()` sends the rest.
 */
async function slowCreate(server: KolaServer, apiKey: string) {
  const body = JSON.stringify({ amount: 5000, shop_name: "Boutique en vol" });
  const cut = body.length - 5;
  let sent!: () => void;
  let finish!: () => void;
  const connected = new Promise<void>((r) => (sent = r));
  const response = new Promise<{ status: number; connection: string | undefined; body: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      {
        host: HOST,
        port: server.port,
        method: "POST",
        path: "/v1/gateway",
        // a connection of its own: Node's global agent drops a socket idle for 5 s, and this one
        // waits, on purpose, for as long as the server takes to stop accepting
        agent: false,
        // 100-continue: the server answers "continue" once it has parsed the headers, so the
        // request is known to be in flight (not an idle connection) before the signal is sent
        headers: { "api-key": apiKey, "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) as Record<string, unknown> }));
      },
    );
    req.on("error", reject);
    req.flushHeaders();
    req.once("continue", () => req.write(body.slice(0, cut), () => sent()));
    finish = () => req.end(body.slice(cut));
  });
  await connected;
  // An assertion failing before the answer is awaited stops the server, which then hangs up on
  // this request: that rejection must not be reported in place of the assertion (it was, once).
  response.catch(() => {});
  return { response, finish: () => finish() };
}

/** A client on one kept-alive connection asking GET /healthz again and again, until stopped. */
function busyKeepAliveClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  let answered = 0;
  const loop = (async () => {
    while (running) {
      await new Promise<void>((resolve) => {
        const req = http.get({ host: HOST, port, path: "/healthz", agent }, (res) => {
          res.resume();
          res.on("end", () => {
            answered++;
            resolve();
          });
        });
        req.on("error", () => setTimeout(resolve, 20)); // refused once the server is gone
      });
    }
  })();
  return {
    answered: () => answered,
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
    },
  };
}

for (const { name, open, workers } of databases) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    test(`npm start on ${name}: ${signal} to its process finishes the request in flight, refuses new ones, stops every worker, exits 0`, async () => {
      test.setTimeout(180_000);
      const database = await open();
      const port = await freePort();
      const env = serverEnv(database, port);
      let server: KolaServer | undefined;
      let client: ReturnType<typeof busyKeepAliveClient> | undefined;
      try {
        const account = await createAccount(
          { ...env, LOG_LEVEL: "silent" },
          { email: "stop@kola.test", password: "stop-password-1234", business: "Boutique Stop" },
        );
        const logFile = path.join(ARTIFACTS, `stop-${name}-${signal}.log`.toLowerCase());
        server = await startServer({ env, port, logFile, npmStart: true });
        const pids = workerPids(logFile);
        expect(pids).toHaveLength(workers);
        // the memory settings of scripts/start.mjs and scripts/server.ts: no worker has
        // loaded Next.js's native compiler; a PGlite server's runs with the allocator's settings
        const mallocSettings = ["MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072", "MALLOC_TRIM_THRESHOLD_=131072"];
        for (const pid of pids) {
          const environment = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
          expect(mallocSettings.filter((setting) => environment.includes(setting))).toEqual(name === "PGlite" ? mallocSettings : []);
          expect(fs.readFileSync(`/proc/${pid}/maps`, "utf8")).not.toContain("next-swc");
        }

        client = busyKeepAliveClient(port);
        await until(() => client!.answered() > 0, 10_000, "the kept-alive client's first answer");
        const inFlight = await slowCreate(server, account.api_key);
        await new Promise((r) => setTimeout(r, 1_000)); // the worker reads its headers, then waits for the rest

        process.kill(server.pid, signal); // npm's own process, not its group
        await until(() => refused(port), 10_000, "new connections refused");
        // the worker answering the request in flight is still there (an idle one may already have stopped)
        expect(pids.filter(alive).length).toBeGreaterThanOrEqual(1);

        inFlight.finish();
        const answer = await inFlight.response;
        expect(answer.status).toBe(200);
        expect(answer.connection).toBe("close");
        expect(answer.body).toMatchObject({ amount: 5000, currency: "XAF", shop_name: "Boutique en vol", user_id: account.account_id });

        expect(await server.exited).toEqual({ code: 0, signal: null });
        expect(pids.filter(alive)).toEqual([]);
        expect(await refused(port)).toBe(true);
        // the request was in flight when the signal came (the workers count theirs as they stop)
        const inFlightAtStop = logLines(logFile, "server stopping").map((entry) => Number(entry.requests_in_flight ?? 0));
        expect(inFlightAtStop.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
        // each worker stopped its background work and closed its database, then the primary stopped
        const stopped = logLines(logFile, "server stopped");
        expect(stopped.filter((entry) => "signal" in entry).map((entry) => entry.signal)).toEqual(pids.map(() => "SIGTERM"));
        expect(stopped.filter((entry) => "code" in entry).map((entry) => entry.code)).toEqual([0]);
      } finally {
        await client?.stop();
        await server?.stop();
        await database.drop();
      }
    });
  }
}

test("a second npm start on a PGlite folder in use exits at once with the reason; the first goes on", async () => {
  test.setTimeout(120_000);
  const database = await pgliteDatabase();
  const port = await freePort();
  const env = serverEnv(database, port);
  let first: KolaServer | undefined;
  try {
    first = await startServer({ env, port, logFile: path.join(ARTIFACTS, "first.log"), npmStart: true });
    const [holder] = workerPids(first.logFile);

    for (const command of [["npm", "start"], [process.execPath, SERVER_BUNDLE]]) {
      const second = spawn(command[0]!, command.slice(1), {
        cwd: ROOT,
        env: { ...env, NODE_ENV: "production", PORT: String(await freePort()), HOST },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      second.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      second.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        second.once("exit", (code, signal) => resolve({ code, signal })),
      );
      expect(exit, output).toEqual({ code: 78, signal: null });
      const [cannotStart] = output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === "server cannot start");
      expect(cannotStart).toMatchObject({
        level: "error",
        error:
          `The embedded database in ${path.resolve(database.env.DATA_DIR!)} is in use by process ${holder}. ` +
          "PGlite cannot be shared by two processes: stop the other one (a running server, " +
          "`npm run dev` or an admin command) and try again, or set DATABASE_URL to use PostgreSQL.",
      });
      // npm start's primary forked one worker and did not restart it
      expect(output.split("\n").filter((line) => line.includes('"msg":"worker started"'))).toHaveLength(command[0] === "npm" ? 1 : 0);
    }

    const health = await fetch(`${first.baseURL}/healthz/ready`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok", database: "ok" }]);
  } finally {
    await first?.stop();
    await database.drop();
  }
});

type Ending = {
  /** answers had on this connection before it ended: more than 0, it was a kept-alive connection reused */
  answers: number;
  how: "closed after an answer" | "closed before any byte of an answer" | "cut in the middle of an answer" | string;
};

/**
 * A client creating links one after another (each named `<name>-<n>`) on a raw kept-alive
 * connection; when the server closes it, on a new one, as an HTTP client does, until refused. It
 * records every answer and how each connection ended (a raw socket tells a close from a reset).
 */
function linkCreator(port: number, apiKey: string, name: string) {
  const answered: { shop: string; status: number; connection: string | undefined }[] = [];
  const endings: Ending[] = [];
  let n = 0;
  /** One connection: a request, its answer, the next request… until it ends. */
  const connection = () =>
    new Promise<Ending>((resolve) => {
      const socket = net.connect(port, HOST);
      let buffer = Buffer.alloc(0);
      let pending: string | null = null;
      let answers = 0;
      let error: string | null = null;
      const send = () => {
        pending = `${name}-${n++}`;
        const body = JSON.stringify({ amount: 5000, shop_name: pending });
        socket.write(
          `POST /v1/gateway HTTP/1.1\r\nhost: ${HOST}:${port}\r\napi-key: ${apiKey}\r\n` +
            `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      };
      socket.once("connect", send);
      socket.on("data", (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        const head = buffer.indexOf("\r\n\r\n");
        if (head === -1) return;
        const lines = buffer.subarray(0, head).toString("latin1").split("\r\n");
        const field = (name: string) => lines.find((line) => line.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim();
        const length = Number(field("content-length"));
        if (buffer.length < head + 4 + length) return;
        buffer = buffer.subarray(head + 4 + length);
        answered.push({ shop: pending!, status: Number(lines[0]!.split(" ")[1]), connection: field("connection") });
        answers++;
        pending = null;
        if (field("connection") !== "close") send();
      });
      socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
      socket.once("close", () => {
        const clean = pending === null ? "closed after an answer" : buffer.length ? "cut in the middle of an answer" : "closed before any byte of an answer";
        resolve({ answers, how: error ? `${error}${buffer.length ? " in the middle of an answer" : ""}` : clean });
      });
    });
  const done = (async () => {
    for (let ending: Ending | null = null; !ending || ending.how.startsWith("closed"); ) endings.push((ending = await connection()));
  })();
  return { answered, endings, done };
}

test("npm start on PostgreSQL: kept-alive connections sending as SIGTERM comes get an answer or a clean close, never a reset; nothing is done unanswered", async () => {
  test.setTimeout(180_000);
  const database = await postgresDatabase();
  const port = await freePort();
  const env = serverEnv(database, port);
  let server: KolaServer | undefined;
  try {
    const account = await createAccount({ ...env, LOG_LEVEL: "silent" }, { email: "race@kola.test", password: "race-password-1234", business: "Boutique Course" });
    server = await startServer({ env: { ...env, LOG_LEVEL: "warn" }, port, logFile: path.join(ARTIFACTS, "keep-alive-race.log"), npmStart: true });
    const clients = Array.from({ length: 12 }, (_, i) => linkCreator(port, account.api_key, `c${i}`));
    await until(() => clients.every((client) => client.answered.length >= 3), 30_000, "three links made by each client");

    process.kill(server.pid, "SIGTERM");
    await Promise.all(clients.map((client) => client.done));
    expect(await server.exited).toEqual({ code: 0, signal: null });

    const endings = clients.flatMap((client) => client.endings);
    // A kept-alive connection (one that had answers) ends by the server's clean close: after an
    // answer with Connection: close, or before any byte of an answer to a request sent as it
    // closed. Never a reset, never mid-answer.
    const keptAlive = endings.filter((ending) => ending.answers > 0);
    expect(keptAlive.filter((ending) => !ending.how.startsWith("closed") || ending.how.includes("middle"))).toEqual([]);
    // A new connection opened during the stop is refused, or closed cleanly; one the kernel had
    // queued when the listening socket closed is reset before the server read a byte of it.
    const fresh = endings.filter((ending) => ending.answers === 0);
    const allowed = ["closed before any byte of an answer", "ECONNREFUSED", "ECONNRESET"];
    expect(fresh.filter((ending) => !allowed.includes(ending.how))).toEqual([]);
    const answers = clients.flatMap((client) => client.answered);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // the links that exist are exactly those answered: none made for a request whose connection closed unanswered
    const url = new URL(ADMIN_URL);
    url.pathname = new URL(env.DATABASE_URL!).pathname;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const rows = await sql<{ shop_name: string }[]>`select shop_name from payment_gateways`;
    await sql.end();
    expect(rows.map((row) => row.shop_name).sort()).toEqual(answers.map((answer) => answer.shop).sort());
    const count = (list: Ending[], how: string) => list.filter((ending) => ending.how === how).length;
    console.log(
      `keep-alive race: ${answers.length} answered (${answers.filter((a) => a.connection === "close").length} with Connection: close); ` +
        `kept-alive connections closed after an answer ${count(keptAlive, "closed after an answer")}, before an answer ${count(keptAlive, "closed before any byte of an answer")}; ` +
        `new connections refused ${count(fresh, "ECONNREFUSED")}, reset unread ${count(fresh, "ECONNRESET")}, closed unread ${count(fresh, "closed before any byte of an answer")}`,
    );
  } finally {
    await server?.stop();
    await database.drop();
  }
});

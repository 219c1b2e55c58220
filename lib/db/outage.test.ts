import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "@/lib/accounts/create-account";
import { closeDb, databaseSettings, useDatabase } from "@/lib/db/client";
import { checkLedger } from "@/lib/ledger/check";
import { DRAIN_MS } from "@/lib/server/shutdown";
import { startReceiver, type Receiver } from "@/test/support/webhooks";

// The database refuses connections for 10 s (ALTER DATABASE … ALLOW_CONNECTIONS false and
// its backends terminated) while requests flow to a server process (test/support/outage-server.ts: the
// production server's parts over a database of this file's own). Answers during the outage are 503
// DATABASE_UNAVAILABLE with Retry-After within 1 s; /healthz stays 200 and /healthz/ready is 503;
// the server's connection attempts (counted from its side: every TCP connect to the database's
// port) stay at a few a second; it answers again within 2 s of the database's return, with no error
// tail; everything acknowledged is in the database and its webhooks delivered. Then a SIGTERM while
// the database is away again stops the server within the drain time. PostgreSQL only
// (vitest.config.ts: `postgresOnly`): PGlite runs in the process and cannot go away.

const OUTAGE_MS = 10_000;
const CLIENTS = 6;

const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
admin.pathname = "/postgres";
const name = `kola_outage_${randomBytes(5).toString("hex")}`;
const own = new URL(admin);
own.pathname = `/${name}`;
const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
let before: ReturnType<typeof databaseSettings>;

let child: ChildProcess;
let exited: Promise<{ code: number | null; at: number }>;
let base = "";
let out = "";
let key = "";
let webhookId = "";
let gatewayId = "";
let receiver: Receiver;

type Answer = { kind: "gateway" | "test_event"; started: number; ms: number; status: number; retryAfter: string | null; body: unknown };
const answers: Answer[] = [];

async function api(method: string, path: string, json?: unknown, timeoutMs = 8_000) {
  const res = await fetch(base + path, {
    method,
    headers: { "api-key": key, ...(json !== undefined && { "content-type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // HTML
  }
  return { status: res.status, headers: res.headers, body };
}

/** Clients sending writes one after another until `stop()`: payment links and webhook test events. */
function traffic(): { stop: () => Promise<void> } {
  let running = true;
  const client = async (n: number) => {
    for (let i = 0; running; i++) {
      const kind = (n + i) % 2 === 0 ? "gateway" : "test_event";
      const started = Date.now();
      try {
        const reply =
          kind === "gateway"
            ? await api("POST", "/v1/gateway", { amount: 1000 + i, shop_name: "Panne" })
            : await api("POST", `/v1/webhooks/${webhookId}/test`);
        answers.push({ kind, started, ms: Date.now() - started, status: reply.status, retryAfter: reply.headers.get("retry-after"), body: reply.body });
      } catch (error) {
        answers.push({ kind, started, ms: Date.now() - started, status: 0, retryAfter: null, body: String(error) });
      }
      await sleep(50);
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  return {
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** When the server logged that its gate opened again (its log lines are JSON with a `time`). */
function gateOpened(log: string): number {
  const line = log.split("\n").find((l) => l.includes('"database available again"'));
  return line ? Date.parse((JSON.parse(line) as { time: string }).time) : NaN;
}
const ok = (status: number) => status >= 200 && status < 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const attempts = async () => ((await (await fetch(`${base}/__test/attempts`)).json()) as { attempts: number }).attempts;

async function refuseConnections(): Promise<void> {
  await sql.unsafe(`alter database ${name} allow_connections false`);
  await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
}

beforeAll(async () => {
  await sql.unsafe(`create database ${name}`);
  before = databaseSettings();
  await useDatabase({ databaseUrl: own.toString(), dataDir: "" });
  key = (await createAccount({ email: `outage-${name}@example.com`, password: "password-123", business: "Panne", country: "CMR" })).api_key;
  await closeDb();
  receiver = await startReceiver();

  child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "test/support/outage-server.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: own.toString(),
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      WEBHOOKS_ALLOW_PRIVATE_URLS: "1",
      KOLA_TEST_DB: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  exited = new Promise((resolve) => child.once("exit", (code) => resolve({ code, at: Date.now() })));
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = /^listening (\d+)$/m.exec(out);
      if (found) resolve(Number(found[1]));
    });
    void exited.then(() => reject(new Error(`the server exited before listening:\n${out.slice(-4000)}`)));
  });
  base = `http://127.0.0.1:${port}`;
  const endpoint = await api("POST", "/v1/webhooks", { url: receiver.url });
  expect(ok(endpoint.status)).toBe(true);
  webhookId = (endpoint.body as { id: string }).id;
  const gateway = await api("POST", "/v1/gateway", { amount: 5000, shop_name: "Panne" });
  gatewayId = (gateway.body as { id: string }).id;
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await receiver.close();
  await sql.unsafe(`alter database ${name} allow_connections true`).catch(() => {});
  // the books of the own database agree, then the file's own database is the one setup.ts checks
  await useDatabase({ databaseUrl: own.toString(), dataDir: "" });
  const problems = await checkLedger();
  await useDatabase(before);
  await sql.unsafe(`drop database if exists ${name} with (force)`);
  await sql.end();
  expect(problems).toEqual([]);
}, 60_000);

describe("a database that refuses connections for 10 s", () => {
  it("answers 503 at once, probes a few times a second, recovers within 2 s and loses nothing", async () => {
    const flow = traffic();
    await sleep(2_000);

    const down = Date.now();
    await refuseConnections();
    await sleep(1_000);
    const attemptsAtStart = await attempts();
    const countedFrom = Date.now();
    const live = await fetch(`${base}/healthz`);
    const readyStarted = Date.now();
    const ready = await fetch(`${base}/healthz/ready`);
    const readyMs = Date.now() - readyStarted;
    const page = await fetch(`${base}/pay/${gatewayId}`, { headers: { "accept-language": "fr" } });
    const pageText = await page.text();
    const submit = await fetch(`${base}/api/checkout/pay/${gatewayId}`, {
      method: "POST",
      headers: { accept: "application/json", "accept-language": "fr" },
      body: new URLSearchParams({ phone: "690000001" }),
    });
    await sleep(down + OUTAGE_MS - Date.now());
    const attemptsAtEnd = await attempts();
    const perSecond = (attemptsAtEnd - attemptsAtStart) / ((Date.now() - countedFrom) / 1000);

    const up = Date.now();
    await sql.unsafe(`alter database ${name} allow_connections true`);
    let recovered = 0;
    while (!recovered && Date.now() - up < 10_000) {
      if ((await fetch(`${base}/healthz/ready`)).status === 200) recovered = Date.now();
      else await sleep(25);
    }
    await sleep(3_000);
    await flow.stop();

    const during = answers.filter((a) => a.started >= down + 500 && a.started + a.ms < up);
    const after = answers.filter((a) => a.started >= recovered);
    const figures = {
      requests: answers.length,
      during_outage: during.length,
      max_503_ms: Math.max(...during.map((a) => a.ms)),
      max_ms_overall: Math.max(...answers.map((a) => a.ms)),
      ready_503_ms: readyMs,
      attempts_per_second: Math.round(perSecond * 100) / 100,
      recovery_ms: recovered - up,
      gate_open_ms: gateOpened(out) - up,
      after_recovery: after.length,
    };
    console.info("database outage figures:", JSON.stringify(figures));

    expect([live.status, await live.json()]).toEqual([200, { status: "ok" }]);
    expect([ready.status, ready.headers.get("retry-after") !== null, await ready.json()]).toEqual([
      503,
      true,
      { detail: { message: "The service is briefly unavailable; retry in a moment", type: "DATABASE_UNAVAILABLE" } },
    ]);
    expect(readyMs).toBeLessThan(1_000);
    expect([page.status, page.headers.get("retry-after") !== null, pageText.includes("Le service est momentanément indisponible, réessayez dans un instant")]).toEqual([
      503,
      true,
      true,
    ]);
    expect(pageText).toContain(`href="/pay/${gatewayId}"`);
    const words = "Le service est momentanément indisponible, réessayez dans un instant. Vous ne serez pas débité deux fois.";
    expect([submit.status, submit.headers.get("retry-after") !== null, await submit.json()]).toEqual([
      503,
      true,
      { detail: { message: "The service is briefly unavailable; retry in a moment", type: "DATABASE_UNAVAILABLE" }, message: words, errors: { form: words } },
    ]);

    // every answer is an acknowledgement or a 503: never a 500, never a hang past the 5 s bound
    expect(answers.filter((a) => !ok(a.status) && a.status !== 503)).toEqual([]);
    expect(figures.max_ms_overall).toBeLessThan(5_000);
    // during the outage: 503, Retry-After, the usual body, within 1 s
    expect(during.length).toBeGreaterThan(50);
    for (const answer of during) {
      expect({ status: answer.status, retryAfter: /^\d+$/.test(answer.retryAfter ?? ""), body: answer.body, fast: answer.ms < 1_000 }).toEqual({
        status: 503,
        retryAfter: true,
        body: { detail: { message: "The service is briefly unavailable; retry in a moment", type: "DATABASE_UNAVAILABLE" } },
        fast: true,
      });
    }
    expect(perSecond).toBeLessThanOrEqual(3);
    expect(figures.recovery_ms).toBeLessThan(2_000);
    // no error tail: every request sent once the database answered again is acknowledged
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((a) => !ok(a.status))).toEqual([]);

    // everything acknowledged is in the database, and each test event acknowledged reaches the receiver
    const acknowledged = answers.filter((a) => ok(a.status));
    const gateways = acknowledged.filter((a) => a.kind === "gateway").map((a) => (a.body as { id: string }).id);
    const events = acknowledged.filter((a) => a.kind === "test_event").map((a) => (a.body as { event_id: string }).event_id);
    const db = postgres(own.toString(), { max: 1, onnotice: () => {} });
    try {
      const [{ n } = { n: -1 }] = await db<{ n: number }[]>`select count(*)::int as n from payment_gateways where id = any(${gateways}::uuid[])`;
      expect(n).toBe(gateways.length);
    } finally {
      await db.end();
    }
    const deadline = Date.now() + 20_000;
    const missing = () => events.filter((id) => !receiver.received.some(({ body }) => body.includes(id)));
    while (missing().length && Date.now() < deadline) await sleep(200);
    expect({ events: events.length, missing: missing() }).toEqual({ events: events.length, missing: [] });
  }, 120_000);

  it("stops within the drain time at SIGTERM while the database is away", async () => {
    const flow = traffic();
    await sleep(500);
    await refuseConnections();
    await sleep(3_000);
    const signalled = Date.now();
    child.kill("SIGTERM");
    const { code, at } = await exited;
    await flow.stop();
    console.info("SIGTERM during an outage: stopped in", at - signalled, "ms");
    // the server's own last lines say why, should it have stopped by itself or failed
    expect({ code, log: code === 0 ? "" : out.slice(-4000) }).toEqual({ code: 0, log: "" });
    expect(at - signalled).toBeLessThan(DRAIN_MS);
  }, 60_000);
});

// The counter screen's weight on the production build: `npm run build` once, then `npm run bench:counter`.
// Starts the production server on 127.0.0.1 with a fresh embedded database (an account made with
// the admin CLI before the server starts), signs in, and opens /dashboard/counter in Chromium at
// 375×812 through a small counting proxy on 127.0.0.1: every byte the server sends (status line,
// headers, body as encoded on the wire) and every request, the service worker's own included, since
// the proxy sees what the browser's network stack sends. Three figures:
//   first visit  a new phone: the page, its scripts and styles, its first API answers, and the
//                service worker's copy of the page (until the shell is kept for offline use)
//   one sale     right after, the cache warm, on the same page: an amount on the keypad, a number that
//                pays in test mode, the request, the status long-poll until « Payé », and the day's
//                list and total as the summary's long-poll announces the change
//   next visit   the page opened again (the service worker and the HTTP cache warm)
// Prints them; writes bench/results/counter-<date>.json.
//
// Settings (environment): BENCH_KEEP_DATA=1 keeps the temporary DATA_DIR.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { createAccount, freePort, HOST, ROOT, startServer } from "../e2e/support/kola-server";

type Seen = { method: string; path: string; status: number; down: number; up: number; encoding: string };

/** An HTTP proxy that forwards to the server and counts each exchange's bytes as they cross the wire. */
function countingProxy(): Promise<{ port: number; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? "/");
    const requestHead = `${req.method} ${target.pathname}${target.search} HTTP/1.1\r\n` + headBytes(req.rawHeaders);
    let up = Buffer.byteLength(requestHead);
    req.on("data", (chunk: Buffer) => (up += chunk.length));
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: target.pathname + target.search, headers: req.headers, agent },
      (answer) => {
        let down = Buffer.byteLength(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n` + headBytes(answer.rawHeaders));
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.on("data", (chunk: Buffer) => (down += chunk.length));
        answer.on("end", () =>
          seen.push({ method: req.method ?? "GET", path: target.pathname + target.search, status: answer.statusCode ?? 0, down, up, encoding: String(answer.headers["content-encoding"] ?? "") }),
        );
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, HOST, () =>
      resolve({
        port: (server.address() as { port: number }).port,
        seen,
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

function headBytes(raw: string[]): string {
  let head = "";
  for (let i = 0; i < raw.length; i += 2) head += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return `${head}\r\n`;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function report(name: string, exchanges: Seen[]) {
  const down = exchanges.reduce((sum, s) => sum + s.down, 0);
  const up = exchanges.reduce((sum, s) => sum + s.up, 0);
  console.log(`${name}: ${kb(down)} KB received, ${kb(up)} KB sent, ${exchanges.length} requests (KB = 1000 B)`);
  for (const s of [...exchanges].sort((a, b) => b.down - a.down)) {
    console.log(`  ${kb(s.down).padStart(7)} KB  ${String(s.status).padEnd(4)} ${(s.encoding || "identity").padEnd(8)} ${s.method.padEnd(5)} ${s.path.slice(0, 110)}`);
  }
  console.log("");
  return { down, up, requests: exchanges.length, exchanges };
}

/** Waits until the proxy has seen no new exchange for `quietMs` (long-polls held open do not count: they have not ended). */
async function settle(seen: Seen[], quietMs = 1500): Promise<void> {
  let count = -1;
  while (count !== seen.length) {
    count = seen.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

/** Until the service worker controls the page and keeps its shell (the page and its static files). */
async function shellKept(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const kept = await page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = (await (await caches.open("kola-counter-v1")).keys()).map((k) => new URL(k.url).pathname);
      return keys.includes("/dashboard/counter") && keys.some((k) => k.startsWith("/_next/static/"));
    });
    if (kept) return;
    if (Date.now() > deadline) throw new Error("the service worker did not keep the counter's shell within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-bench-counter-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_BASE_URL: `http://${HOST}:${port}`,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PROVIDER_CALLBACK_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
  };
  const login = { email: "bench@kola.test", password: "bench-password-1234", business: "Boutique Bench", country: "CMR" };
  await createAccount(env, login);
  const server = await startServer({ env, port, logFile: path.join(ROOT, "bench", "results", "counter-server.log") });
  const proxy = await countingProxy();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    // every request of the browser, loopback included, through the counting proxy
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", `--proxy-server=http://${HOST}:${proxy.port}`, "--proxy-bypass-list=<-loopback>"],
  });
  try {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 375, height: 812 }, locale: "fr-FR", isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const signedIn = await page.request.post("/api/auth/login", { headers: { origin: server.baseURL }, data: { email: login.email, password: login.password } });
    if (!signedIn.ok()) throw new Error(`login answered ${signedIn.status()}: ${await signedIn.text()}`);

    // — first visit: nothing cached
    proxy.seen.length = 0;
    await page.goto("/dashboard/counter", { waitUntil: "load" });
    await page.getByRole("button", { name: "Demander le paiement" }).waitFor();
    await page.getByTestId("today-total").getByText(/FCFA/).waitFor();
    await shellKept(page);
    await settle(proxy.seen);
    const first = report("First visit (signed in, nothing cached)", proxy.seen.splice(0));

    // — one sale on the open page, the cache warm
    const keypad = page.getByRole("group", { name: "Pavé numérique" });
    for (const key of ["2", "5", "00"]) await keypad.getByRole("button", { name: key, exact: true }).click();
    await page.getByLabel("Numéro du client").fill("6 70 00 00 00");
    await page.getByRole("button", { name: "Demander le paiement" }).click();
    await page.locator('[data-state="paid"]').waitFor({ timeout: 30_000 });
    await page.getByRole("list", { name: "Ventes du jour" }).getByText("Payé").waitFor();
    await settle(proxy.seen);
    const sale = report("One sale (request → paid, today's list and total updated)", proxy.seen.splice(0));

    // — the page opened again
    await page.reload({ waitUntil: "load" });
    await page.getByTestId("today-total").getByText(/FCFA/).waitFor();
    await settle(proxy.seen);
    const again = report("Next visit (service worker and HTTP cache warm)", proxy.seen.splice(0));

    fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
    const out = path.join(ROOT, "bench", "results", `counter-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(out, JSON.stringify({ first, sale, again }, null, 2));
    console.log(`first visit ${kb(first.down)} KB in ${first.requests} requests; one sale ${kb(sale.down)} KB in ${sale.requests} requests; next visit ${kb(again.down)} KB in ${again.requests} requests`);
    console.log(`written ${path.relative(ROOT, out)}`);
    await context.close();
  } finally {
    await browser.close();
    await proxy.close();
    await server.stop();
    if (!process.env.BENCH_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

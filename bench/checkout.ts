// Checkout weight on the production build: `npm run build` once, then `npm run bench:checkout`.
// Starts the production server on 127.0.0.1 with a fresh embedded database (an account made with
// the admin CLI before the server starts), creates a payment link and a marketplace link (uploaded logo,
// every form-block type), then fetches each checkout page like a first visit: the HTML and every
// stylesheet, script, font and image it references from our origin, accepting br and gzip, and
// counts the bytes as they come over the wire. Prints them per type against the budget (60 KB in
// all, 25 KB of JavaScript; KB = 1000 B) and exits 1 when a page is over.
//
// Settings (environment): BENCH_KEEP_DATA=1 keeps the temporary DATA_DIR.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createAccount, freePort, ROOT, startServer } from "../e2e/support/kola-server";
import { EVERY_BLOCK, logoPng } from "../e2e/pay/data";
import { BUDGET, kindOf, referencedUrls, summarize, type Resource } from "@/test/support/page-weight";

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** GET without decompressing: the body's length is what crossed the network. */
function getRaw(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const FIRST_VISIT = { "accept-encoding": "br, gzip", "accept-language": "fr-FR,fr;q=0.9,en;q=0.8", "user-agent": "kola-bench" };

async function firstVisit(baseURL: string, pagePath: string): Promise<Resource[]> {
  const page = await getRaw(baseURL + pagePath, { ...FIRST_VISIT, accept: "text/html" });
  if (page.status !== 200) throw new Error(`GET ${pagePath} answered ${page.status}`);
  const encoding = String(page.headers["content-encoding"] ?? "identity");
  const resources: Resource[] = [{ url: pagePath, kind: "html", bytes: page.body.length, encoding }];
  const html = await (await fetch(baseURL + pagePath)).text(); // the same page, decoded, to read its references
  const origin = new URL(baseURL).origin;
  for (const ref of referencedUrls(html)) {
    const url = new URL(ref, baseURL + pagePath);
    if (url.origin !== origin) continue;
    const res = await getRaw(url.href, FIRST_VISIT);
    if (res.status !== 200) throw new Error(`GET ${url.pathname} answered ${res.status}`);
    resources.push({
      url: url.pathname,
      kind: kindOf(url.pathname, String(res.headers["content-type"] ?? "")),
      bytes: res.body.length,
      encoding: String(res.headers["content-encoding"] ?? "identity"),
    });
  }
  if (!/rel="icon"/.test(html)) {
    // a browser asks for /favicon.ico when the page names no icon
    const res = await getRaw(`${baseURL}/favicon.ico`, FIRST_VISIT);
    if (res.status === 200) resources.push({ url: "/favicon.ico", kind: "img", bytes: res.body.length });
  }
  return resources;
}

async function api(baseURL: string, key: string, method: string, route: string, body: unknown): Promise<{ id: string; link: string }> {
  const init: RequestInit = { method, headers: { "api-key": key } };
  if (body instanceof FormData) init.body = body;
  else {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const res = await fetch(baseURL + route, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
  return JSON.parse(text) as { id: string; link: string };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(6);

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-bench-checkout-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PROVIDER_CALLBACK_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
  };
  const account = await createAccount(env, { email: "bench@kola.test", password: "bench-password-1234", business: "Boutique Bench", country: "CMR" });
  const server = await startServer({ env, port, logFile: path.join(ROOT, "bench", "results", "checkout-server.log") });
  try {
    const key = account.api_key;
    const link = await api(server.baseURL, key, "POST", "/v1/gateway", {
      amount: 15000,
      shop_name: "Boutique Awa",
      message: "Facture n°2026-118 : deux sacs en wax, livraison comprise.",
      order_id: "BENCH-1",
      success_url: `${server.baseURL}/healthz`,
    });
    const parts = new FormData();
    parts.append("name", "Marché Awa");
    parts.append("color", "#7c3aed");
    parts.append("fee", "5");
    parts.append("form_blocks", JSON.stringify(EVERY_BLOCK));
    parts.append("logo.0", new Blob([new Uint8Array(logoPng(96))], { type: "image/png" }), "logo.png");
    parts.append("favicon.0", new Blob([new Uint8Array(logoPng(32))], { type: "image/png" }), "favicon.png");
    await api(server.baseURL, key, "POST", "/v1/api/marketplace", parts);
    const market = await api(server.baseURL, key, "POST", "/v1/api/marketplace/gateway", {
      amount: 10000,
      shop_name: "Atelier Fatou",
      phone_number: "+237 6 99 00 00 00",
      message: "Sandales en cuir, fabriquées à Douala.",
    });

    const pages = { "payment link  /pay/{id}": `/pay/${link.id}`, "marketplace   /pay/m/{id}": `/pay/m/${market.id}` };
    let failed = false;
    const results: Record<string, unknown> = {};
    console.log(`\nCheckout first visit, bytes over the wire (KB = 1000 B); budget ${BUDGET.total / 1000} KB total, ${BUDGET.js / 1000} KB JavaScript\n`);
    for (const [name, pagePath] of Object.entries(pages)) {
      const resources = await firstVisit(server.baseURL, pagePath);
      const summary = summarize(resources);
      results[name] = { resources, ...summary };
      console.log(`${name}`);
      for (const r of resources) console.log(`  ${r.kind.padEnd(5)} ${kb(r.bytes)} KB  ${(r.encoding ?? "").padEnd(8)} ${r.url}`);
      const k = summary.byKind;
      console.log(
        `  → html ${kb(k.html)}  css ${kb(k.css)}  js ${kb(k.js)}  font ${kb(k.font)}  img ${kb(k.img)}  | total ${kb(summary.total)} KB / ${BUDGET.total / 1000}` +
          `  js ${kb(summary.js)} KB / ${BUDGET.js / 1000}  ${summary.overBudget.length ? `OVER: ${summary.overBudget.join(", ")}` : "within budget"}\n`,
      );
      if (summary.overBudget.length) failed = true;
    }
    fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
    const out = path.join(ROOT, "bench", "results", `checkout-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(out, JSON.stringify(results, null, 2));
    console.log(`written ${path.relative(ROOT, out)}`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await server.stop();
    if (!process.env.BENCH_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

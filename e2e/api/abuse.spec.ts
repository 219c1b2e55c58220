// Hostile clients against the real production server: forged X-Forwarded-For, cross-site log-in
// (login CSRF), framing of the dashboard. The last test starts its own `npm start` (two workers on
// PostgreSQL, behind one trusted proxy hop) to show that a limit holds across workers.
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import postgres from "postgres";
import { startServer } from "../support/kola-server";
import { expect, test } from "../fixtures";

const INVALID = [401, { detail: { message: "Email or password is incorrect", type: "INVALID_CREDENTIALS" } }];
const LIMITED = [429, { detail: { message: "Too many requests; retry later", type: "RATE_LIMITED" } }];

/** POST /api/auth/login over a connection of its own (with several workers, each may serve it). */
function login(baseURL: string, email: string, headers: Record<string, string> = {}): Promise<[number, unknown]> {
  const body = JSON.stringify({ email, password: "wrong-password" });
  const { origin } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseURL}/api/auth/login`,
      { method: "POST", agent: false, headers: { "content-type": "application/json", origin, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve([res.statusCode ?? 0, JSON.parse(Buffer.concat(chunks).toString() || "null")]));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("client address and sessions", () => {
  // This server trusts one proxy hop (TRUST_PROXY=1), as behind a load balancer: the proxy appends
  // the address it saw to whatever X-Forwarded-For the client sent. A client naming a new address
  // on each try (and forging our own peer stamp) is still the one address its proxy saw.
  test("a forged X-Forwarded-For does not reset the log-in limit", async ({ baseURL }) => {
    const email = `xff-${randomUUID()}@kola.test`;
    const seenByProxy = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const results = [];
    for (let i = 0; i < 11; i++) {
      const forged = { "x-forwarded-for": `203.0.113.${i + 1}, ${seenByProxy}`, "x-kola-peer-address": `198.51.100.${i + 1}` };
      results.push(await login(baseURL!, email, forged));
    }
    expect(results).toEqual([...Array(10).fill(INVALID), LIMITED]);
  });

  test("a cross-site text/plain log-in is refused and sets no cookie", async ({ request, account }) => {
    const response = await request.post("/api/auth/login", {
      headers: { "content-type": "text/plain", origin: "https://evil.example" },
      data: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect([response.status(), await response.json()]).toEqual([403, { detail: { message: "Cross-site request refused", type: "CROSS_SITE_REQUEST" } }]);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  for (const page of ["/", "/login", "/signup", "/dashboard", "/dashboard/links"]) {
    // plain fetch: pages are not API responses (no x-request-id, which the `request` fixture checks)
    test(`${page} cannot be framed`, async ({ baseURL }) => {
      const response = await fetch(baseURL + page, { redirect: "manual" });
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    });
  }

  test("/docs keeps its whole policy, framing refused", async ({ baseURL }) => {
    const response = await fetch(baseURL + "/docs");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'self'; script-src 'self'; .*frame-ancestors 'none'$/);
  });
});

// With TEST_DATABASE_URL (a PostgreSQL server to make a database in): two workers. Without it,
// embedded PGlite serves from one worker, and only TRUST_PROXY is shown.
test.describe("npm start behind one proxy", () => {
  test.setTimeout(180_000);

  test("the log-in limit holds across workers and TRUST_PROXY=1 takes the proxy's hop", async () => {
    const admin = process.env.TEST_DATABASE_URL;
    const name = `kola_e2e_${randomBytes(6).toString("hex")}`;
    const sql = admin ? postgres(admin, { max: 1, onnotice: () => {} }) : null;
    await sql?.unsafe(`create database ${name}`);
    const url = admin ? new URL(admin) : null;
    if (url) url.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-e2e-workers-"));
    const server = await startServer({
      startScript: true,
      logFile: path.join(dataDir, "server.log"),
      env: { ...process.env, DATABASE_URL: url?.toString() ?? "", DATA_DIR: dataDir, WEB_CONCURRENCY: "2", TRUST_PROXY: "1", REDIS_URL: "", KOLA_BACKGROUND: "off" },
      readyTimeoutMs: 120_000,
    });
    try {
      const email = `workers-${randomUUID()}@kola.test`;
      const viaProxy = (i: number) => ({ "x-forwarded-for": `10.9.9.${i + 1}, 203.0.113.50` }); // forged, then what the proxy saw
      const results = [];
      for (let i = 0; i < 11; i++) results.push(await login(server.baseURL, email, viaProxy(i)));
      expect(results).toEqual([...Array(10).fill(INVALID), LIMITED]);
      // another client behind the same proxy is not held back
      expect(await login(server.baseURL, email, { "x-forwarded-for": "203.0.113.51" })).toEqual(INVALID);
    } finally {
      await server.stop();
      await sql?.unsafe(`drop database if exists ${name} with (force)`);
      await sql?.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

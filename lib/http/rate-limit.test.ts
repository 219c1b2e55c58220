import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { databaseSettings, getDb } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { hit, rateLimitBackend, RateLimitedError, reset, type Limit } from "./rate-limit";

const run = promisify(execFile);
const THREE_A_MINUTE: Limit = { name: "test", max: 3, windowMs: 60_000 };

async function outcome(subject: string) {
  try {
    await hit(THREE_A_MINUTE, subject);
    return "ok";
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const retryAfter = Number(error.headers?.["retry-after"]);
    return `${error.status} ${JSON.stringify(error.body)} retry-after ${retryAfter > 0 && retryAfter <= 60 && retryAfter === error.retryAfter}`;
  }
}

const LIMITED = `429 {"detail":{"message":"Too many requests; retry later","type":"RATE_LIMITED"}} retry-after true`;

// In the database always; through Redis too (CI has one at 127.0.0.1:6379).
const backends = [["database", undefined], ["redis", "redis://127.0.0.1:6379"]] as const;

describe.each(backends)("rate limits in %s", (backend, url) => {
  afterEach(() => {
    delete process.env.REDIS_URL;
  });

  it("allows the limit, then answers 429 with Retry-After, and reset clears it", async () => {
    if (url) process.env.REDIS_URL = url;
    expect(await rateLimitBackend()).toBe(backend);
    const subject = randomUUID();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await outcome(subject));
    expect(results).toEqual(["ok", "ok", "ok", LIMITED, LIMITED]);
    expect(await outcome(randomUUID())).toBe("ok"); // another subject counts alone
    await reset(THREE_A_MINUTE, subject);
    expect(await outcome(subject)).toBe("ok");
  });
});

describe("rate limits in the database", () => {
  it("stores no subject in clear, and a finished window starts again from one", async () => {
    const subject = `buyer-${randomUUID()}@example.com`;
    for (let i = 0; i < 4; i++) await outcome(subject);
    const db = await getDb();
    const rows = await db.select().from(rateLimits).where(sql`${rateLimits.key} like 'test:%'`);
    expect(JSON.stringify(rows)).not.toContain(subject);
    expect(await outcome(subject)).toBe(LIMITED);
    await db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    expect([await outcome(subject), await outcome(subject), await outcome(subject), await outcome(subject)]).toEqual(["ok", "ok", "ok", LIMITED]);
  });

  // `npm start` runs several workers: each must see the others' hits. Two processes make 6 hits
  // each against a limit of 10: exactly 10 get through. PostgreSQL: at the same time, on this
  // test's database. PGlite is one process at a time: one after the other, on one folder.
  it("two processes share one limit", async () => {
    const { databaseUrl, pooler } = databaseSettings();
    const folder = databaseUrl ? "" : fs.mkdtempSync(path.join(os.tmpdir(), "kola-rl-"));
    // through PgBouncer the children say so, as a deployment behind it must (DATABASE_POOLER)
    const env = { ...process.env, LOG_LEVEL: "silent", REDIS_URL: "", DATABASE_URL: databaseUrl ?? "", DATABASE_POOLER: pooler ?? "", DATA_DIR: folder };
    const subject = randomUUID();
    const child = async () => {
      const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "test/support/rate-limit-child.ts", subject, "6"], { env, timeout: 100_000 });
      return (JSON.parse(stdout.trim().split("\n").pop()!) as { allowed: number }).allowed;
    };
    try {
      const allowed = databaseUrl ? await Promise.all([child(), child()]) : [await child(), await child()];
      expect(allowed[0]! + allowed[1]!).toBe(10);
    } finally {
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000); // two processes start, each opening the database
});

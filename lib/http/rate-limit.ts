import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import { getDb } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import { setting } from "@/lib/runtime/config";
import { ApiError } from "@/lib/core/errors";

// Fixed-window counters that every server process shares: in Redis when REDIS_URL is set, else in
// the database (one upserted row per window), so a limit holds across all of `npm start`'s workers
// and instances. Process memory is the last resort, used only while neither answers.

/** A limit: at most `max` hits per `windowMs` for one subject (an address, an email, a phone…). */
export type Limit = { name: string; max: number; windowMs: number };

/** 429 RATE_LIMITED with Retry-After; says which limit and when (seconds) to try again. */
export class RateLimitedError extends ApiError {
  constructor(
    readonly limit: Limit,
    readonly retryAfter: number,
  ) {
    super("RATE_LIMITED", undefined, undefined, { "retry-after": String(retryAfter) });
  }
}

type Count = { count: number; retryMs: number };
type Backend = "redis" | "database" | "memory";

const store = globalThis as unknown as {
  __kolaRateLimits?: Map<string, { count: number; resetAt: number }>;
  __kolaRedis?: Promise<Redis | null>;
  __kolaRateLimitSweep?: number;
};

function redis(): Promise<Redis | null> {
  const url = setting("REDIS_URL");
  if (!url) return Promise.resolve(null);
  store.__kolaRedis ??= import("ioredis").then(async ({ default: IORedis }) => {
    const client = new IORedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    client.on("error", (error) => log("warn", "redis error", { error }));
    // wait for the first connection (at most 2 s); until Redis answers, the database counts
    await new Promise((resolve) => {
      client.once("ready", resolve);
      setTimeout(resolve, 2000).unref();
    });
    return client;
  });
  return store.__kolaRedis;
}

async function readyRedis(): Promise<Redis | null> {
  const client = await redis();
  return client?.status === "ready" ? client : null;
}

/** The stored key: the limit's name and a hash of the subject (emails and phones stay out of storage). */
function keyOf(limit: Limit, subject: string): string {
  return `${limit.name}:${createHash("sha256").update(subject).digest("base64url").slice(0, 32)}`;
}

async function countInRedis(client: Redis, key: string, windowMs: number): Promise<Count> {
  const name = `kola:rl:${key}`;
  // one MULTI: the window starts with its first hit and always carries its expiry
  const replies = (await client.multi().set(name, "0", "PX", windowMs, "NX").incr(name).pttl(name).exec()) ?? [];
  const [, [, count], [, ttl]] = replies as [unknown, [null, number], [null, number]];
  if (ttl < 0) await client.pexpire(name, windowMs); // a key left without expiry by an older version
  return { count, retryMs: ttl > 0 ? ttl : windowMs };
}

async function countInDatabase(key: string, windowMs: number): Promise<Count> {
  const db = await getDb();
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, retryMs: sql<string>`ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000)` });
  sweepExpired();
  return { count: row!.count, retryMs: Number(row!.retryMs) };
}

/** Deletes finished windows, at most once a minute per process, without making anyone wait. */
function sweepExpired(): void {
  const now = Date.now();
  if (now - (store.__kolaRateLimitSweep ?? 0) < 60_000) return;
  store.__kolaRateLimitSweep = now;
  getDb()
    .then((db) => db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`)))
    .catch((error) => log("warn", "rate-limit sweep failed", { error }));
}

function countInMemory(key: string, windowMs: number): Count {
  const now = Date.now();
  const windows = (store.__kolaRateLimits ??= new Map());
  let window = windows.get(key);
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + windowMs };
    windows.set(key, window);
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }
  window.count++;
  return { count: window.count, retryMs: window.resetAt - now };
}

async function count(key: string, windowMs: number): Promise<Count> {
  const client = await readyRedis();
  if (client) return countInRedis(client, key, windowMs);
  try {
    return await countInDatabase(key, windowMs);
  } catch (error) {
    log("warn", "rate-limit counter unavailable, counting in this process only", { error });
    return countInMemory(key, windowMs);
  }
}

/** Counts one hit of `subject` against `limit`; past the limit, throws RateLimitedError (429). */
export async function hit(limit: Limit, subject: string): Promise<void> {
  const { count: n, retryMs } = await count(keyOf(limit, subject), limit.windowMs);
  if (n > limit.max) throw new RateLimitedError(limit, Math.max(1, Math.ceil(retryMs / 1000)));
}

/** Forgets `subject`'s hits against `limit` (a successful log-in clears its failures). */
export async function reset(limit: Limit, subject: string): Promise<void> {
  const key = keyOf(limit, subject);
  store.__kolaRateLimits?.delete(key);
  const client = await readyRedis();
  if (client) await client.del(`kola:rl:${key}`);
  else await (await getDb()).delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Where hits are counted now (tests, and the health of a multi-process deployment). */
export async function rateLimitBackend(): Promise<Backend> {
  return (await readyRedis()) ? "redis" : "database";
}

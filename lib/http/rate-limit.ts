import type { Redis } from "ioredis";
import { log } from "@/lib/log";
import { ApiError } from "./errors";

// Fixed-window counters. With REDIS_URL they are shared by every process (INCR + PEXPIRE);
// without it each process counts in its own memory, which is enough for one process.
type Window = { count: number; resetAt: number };
const store = globalThis as unknown as { __kolaRateLimits?: Map<string, Window>; __kolaRedis?: Promise<Redis | null> };

function redis(): Promise<Redis | null> {
  const url = process.env.REDIS_URL;
  if (!url) return Promise.resolve(null);
  store.__kolaRedis ??= import("ioredis").then(async ({ default: IORedis }) => {
    const client = new IORedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    client.on("error", (error) => log("warn", "redis error", { error: String(error) }));
    // wait for the first connection (at most 2 s); until Redis answers, counting stays in memory
    await new Promise((resolve) => {
      client.once("ready", resolve);
      setTimeout(resolve, 2000).unref();
    });
    return client;
  });
  return store.__kolaRedis;
}

async function count(key: string, windowMs: number, now: number): Promise<Window> {
  const client = await redis();
  if (client && client.status === "ready") {
    const name = `kola:rl:${key}`;
    const [[, n], [, ttl]] = (await client.multi().incr(name).pttl(name).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await client.pexpire(name, windowMs);
    return { count: n, resetAt: now + (ttl < 0 ? windowMs : ttl) };
  }
  const windows = (store.__kolaRateLimits ??= new Map());
  let window = windows.get(key);
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + windowMs };
    windows.set(key, window);
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }
  window.count++;
  return window;
}

/** Counts one hit on `key`; past `limit` within `windowMs`, throws 429 RATE_LIMITED with Retry-After. */
export async function hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<void> {
  const window = await count(key, windowMs, now);
  if (window.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    throw new ApiError("RATE_LIMITED", undefined, undefined, { "retry-after": String(retryAfter) });
  }
}

/** Forgets `key` (a successful log-in clears its failures). */
/** Which counter is in use (tests and the health of a multi-process deployment). */
export async function rateLimitBackend(): Promise<"redis" | "memory"> {
  const client = await redis();
  return client?.status === "ready" ? "redis" : "memory";
}

export async function reset(key: string): Promise<void> {
  store.__kolaRateLimits?.delete(key);
  const client = await redis();
  if (client && client.status === "ready") await client.del(`kola:rl:${key}`);
}

/** The client's address as the proxy in front of us reports it (first X-Forwarded-For hop). */
export function clientIp(req: Request): string {
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || "local";
}

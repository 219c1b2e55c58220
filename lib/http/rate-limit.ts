import { ApiError } from "./errors";

// Fixed-window counters in this process's memory. With several processes each counts on its own,
// so an attacker gets N × the limit: acceptable for log-in throttling on a few processes.
type Window = { count: number; resetAt: number };
const store = globalThis as unknown as { __kolaRateLimits?: Map<string, Window> };

/** Counts one hit on `key`; past `limit` within `windowMs`, throws 429 RATE_LIMITED with Retry-After. */
export function hit(key: string, limit: number, windowMs: number, now = Date.now()): void {
  const windows = (store.__kolaRateLimits ??= new Map());
  let window = windows.get(key);
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + windowMs };
    windows.set(key, window);
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }
  window.count++;
  if (window.count > limit) {
    const retryAfter = Math.ceil((window.resetAt - now) / 1000);
    throw new ApiError("RATE_LIMITED", undefined, undefined, { "retry-after": String(retryAfter) });
  }
}

/** Forgets `key` (a successful log-in clears its failures). */
export function reset(key: string): void {
  store.__kolaRateLimits?.delete(key);
}

/** The client's address as the proxy in front of us reports it (first X-Forwarded-For hop). */
export function clientIp(req: Request): string {
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || req.headers.get("x-real-ip") || "local";
}

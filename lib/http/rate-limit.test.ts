import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { hit, rateLimitBackend, reset } from "./rate-limit";

async function outcome(key: string) {
  try {
    await hit(key, 3, 60_000);
    return "ok";
  } catch (error) {
    return `${(error as { status: number }).status} retry-after=${Number((error as { headers: Record<string, string> }).headers["retry-after"]) > 0}`;
  }
}

// In memory always; through Redis too when the local server answers (CI has one at 127.0.0.1:6379).
const backends = [["memory", undefined], ["redis", "redis://127.0.0.1:6379"]] as const;

describe.each(backends)("rate limits in %s", (_name, url) => {
  afterAll(() => {
    delete process.env.REDIS_URL;
  });

  it("allows the limit, then answers 429 with Retry-After, and reset clears it", async () => {
    if (url) process.env.REDIS_URL = url;
    else delete process.env.REDIS_URL;
    expect(await rateLimitBackend()).toBe(url ? "redis" : "memory");
    const key = `test:${randomUUID()}`;
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await outcome(key));
    expect(results).toEqual(["ok", "ok", "ok", "429 retry-after=true", "429 retry-after=true"]);
    await reset(key);
    expect(await outcome(key)).toBe("ok");
  });
});

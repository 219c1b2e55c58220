import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it, vi } from "vitest";

// wakeJob reaches the jobs of the process wherever they were started: Next.js gives each route
// bundle its own copy of the module, so a copy's wake must reach another copy's listeners.

type Wake = typeof import("./wake");
const freshCopy = async (): Promise<Wake> => {
  vi.resetModules();
  return import("./wake");
};
const heard = (copy: Wake) => {
  const names: { name: string; at: number; store: unknown }[] = [];
  const stop = copy.onWakeJob((name) => names.push({ name, at: Date.now(), store: request.getStore() }));
  return { names, stop };
};
const request = new AsyncLocalStorage<string>();
const until = async (check: () => boolean) => {
  for (let waited = 0; !check() && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("wakeJob", () => {
  it("reaches another copy of the module, 250 ms later, outside the caller's async context", async () => {
    const jobs = await freshCopy();
    const route = await freshCopy();
    expect(route).not.toBe(jobs);
    const listener = heard(jobs);
    try {
      const sent = Date.now();
      request.run("the request's transaction", () => route.wakeJob("money-out"));
      await until(() => listener.names.length > 0);
      expect(listener.names).toEqual([{ name: "money-out", at: expect.any(Number), store: undefined }]);
      expect(listener.names[0]!.at - sent).toBeGreaterThanOrEqual(240);
    } finally {
      listener.stop();
    }
  });

  it("reaches the jobs of its own copy too, and nobody once they stopped listening", async () => {
    const copy = await freshCopy();
    const listener = heard(copy);
    copy.wakeJob("webhook-delivery");
    await until(() => listener.names.length > 0);
    expect(listener.names.map(({ name }) => name)).toEqual(["webhook-delivery"]);
    listener.stop();
    copy.wakeJob("webhook-delivery");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listener.names).toHaveLength(1);
  });
});

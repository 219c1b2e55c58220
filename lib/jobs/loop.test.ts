import { describe, expect, it } from "vitest";
import { probeDelay, PROBE_CAP_MS, PROBE_FIRST_MS } from "@/lib/db/availability";
import { captureLog } from "@/lib/runtime/log";
import { LOOP_CAP_MS, loopDelay, runLoop } from "./loop";

// The backoff of background loops and of the database probe: pure arithmetic, and a loop
// that logs once when it starts failing and once when it works again, and stops at once.

describe("loopDelay", () => {
  it.each([
    // every, failures, random, pause
    [1_000, 0, 0.3, 1_000],
    [1_000, 1, 1, 2_000],
    [1_000, 1, 0, 1_000],
    [1_000, 3, 1, 8_000],
    [1_000, 3, 0, 4_000],
    [1_000, 10, 1, LOOP_CAP_MS],
    [1_000, 10, 0, LOOP_CAP_MS / 2],
    [200, 40, 1, LOOP_CAP_MS],
  ])("every %i ms, %i failures, jitter %f: %i ms", (every, failures, random, pause) => {
    expect(loopDelay(every, failures, random)).toBe(pause);
  });
});

describe("probeDelay", () => {
  it.each([
    [0, 1, PROBE_FIRST_MS],
    [0, 0, PROBE_FIRST_MS / 2],
    [1, 1, PROBE_FIRST_MS * 2],
    [3, 1, PROBE_FIRST_MS * 8],
    [4, 1, PROBE_CAP_MS],
    [30, 1, PROBE_CAP_MS],
    [30, 0, PROBE_CAP_MS / 2],
  ])("after %i failed probes, jitter %f: %i ms", (failures, random, pause) => {
    expect(probeDelay(failures, random)).toBe(pause);
  });

  it("never waits longer than the cap, so the database's return is seen within 2 s", () => {
    expect(PROBE_CAP_MS).toBeLessThanOrEqual(1_000);
  });
});

describe("runLoop", () => {
  it("backs off on repeated failures, logs each change of state once, and stops at once", async () => {
    const rounds: number[] = [];
    let failing = true;
    let loop!: ReturnType<typeof runLoop>;
    const lines = await captureLog(async () => {
      loop = runLoop({
        name: "test loop",
        every: 10,
        immediate: true,
        work: async () => {
          rounds.push(Date.now());
          if (failing) throw new Error("database away");
        },
      });
      // 10 ms doubling: rounds at about 0, 10-20, 30-60, 70-140, 150-300 ms
      await new Promise((resolve) => setTimeout(resolve, 400));
      const failed = rounds.length;
      failing = false;
      loop.kick();
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(failed).toBeGreaterThanOrEqual(3);
      expect(failed).toBeLessThanOrEqual(7); // without backoff: ~40
      const stopping = Date.now();
      await loop.stop();
      // not a speed target: a stop that waited for the loop's backoff pause (seconds) would miss it
      expect(Date.now() - stopping).toBeLessThan(1_000);
    });
    const events = lines.map((line) => JSON.parse(line) as { msg: string; failures?: number; error?: unknown });
    expect(events.map(({ msg, error }) => ({ msg, error }))).toEqual([
      { msg: "test loop failed: backing off until it works again", error: { name: "Error", message: "database away", stack: expect.any(String) } },
      { msg: "test loop works again", error: undefined },
    ]);
    const count = rounds.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds.length).toBe(count); // no round after stop()
  });

  it("runs again at once while the work says there is more, then pauses", async () => {
    let left = 5;
    const seen: number[] = [];
    const loop = runLoop({
      name: "batches",
      every: 10_000,
      immediate: true,
      work: async () => {
        seen.push(left);
        return left-- > 0;
      },
      again: (more) => more,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await loop.stop();
    expect(seen).toEqual([5, 4, 3, 2, 1, 0]);
  });
});

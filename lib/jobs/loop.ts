import { onDatabaseBack } from "@/lib/db/availability";
import { log } from "@/lib/runtime/log";

// Every background loop of a process (sweeper, reconciler, money out, webhook dispatch and lanes,
// notifier) runs through runLoop: `work`, then a pause of `every` ms, until stopped.
// After a failure the pause grows: `every` doubled per failure in a row, up to LOOP_CAP_MS, with
// jitter (half to all of it), so a database away or a bug is not hammered. It is logged once when
// the loop starts failing and once when it works again, never per failure. The loop wakes at once
// when the database is back (lib/db/availability.ts) or when kicked, and stops at once: stop()
// cancels the pause and waits only for the round under way.

/** The longest pause after failures. */
export const LOOP_CAP_MS = 30_000;

export type LoopOptions<T> = {
  name: string;
  /** the pause after a round that worked, in ms */
  every: number;
  /** one round; `again(result)` true runs the next one at once (there is more to do) */
  work: () => Promise<T>;
  again?: (result: T) => boolean;
  /** no first pause: the first round runs at once (default: after `every`) */
  immediate?: boolean;
};

export type Loop = {
  /** runs the next round now (a pause is cut short) */
  kick: () => void;
  /** ends the loop: no more rounds; resolves when the one under way has ended */
  stop: () => Promise<void>;
};

/** The pause after `failures` failed rounds in a row (0: `every`). */
export function loopDelay(every: number, failures: number, random = Math.random()): number {
  if (failures === 0) return every;
  const ceiling = Math.min(LOOP_CAP_MS, every * 2 ** failures);
  return Math.round(ceiling * (0.5 + random / 2));
}

export function runLoop<T>({ name, every, work, again = () => false, immediate = false }: LoopOptions<T>): Loop {
  let stopped = false;
  let failures = 0;
  let failingSince = 0;
  let wake: (() => void) | null = null;
  let kicked = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped || kicked) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const kick = () => {
    kicked = true;
    wake?.();
  };
  const unwatch = onDatabaseBack(kick);

  const running = (async () => {
    if (!immediate) await pause(every);
    while (!stopped) {
      kicked = false;
      let more = false;
      try {
        more = again(await work());
        if (failures > 0) log("info", `${name} works again`, { failures, ms: Date.now() - failingSince });
        failures = 0;
      } catch (error) {
        if (failures === 0) {
          failingSince = Date.now();
          log("error", `${name} failed: backing off until it works again`, { error });
        }
        failures++;
      }
      if (stopped) break;
      if (!more) await pause(loopDelay(every, failures));
    }
  })();

  return {
    kick,
    stop: async () => {
      stopped = true;
      unwatch();
      wake?.();
      await running;
    },
  };
}

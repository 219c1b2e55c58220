// The requests a worker process may have in flight at once (KOLA_WEBHOOK_IN_FLIGHT), shared by its
// delivery lanes: a lane takes slots before it claims deliveries and gives each back when that
// delivery's attempt is recorded, so a dead endpoint holds at most its own share.

export type Slots = {
  /** takes up to `wanted` free slots at once; how many it took (0 when none is free) */
  take: (wanted: number) => number;
  give: (count: number) => void;
  /** resolves when a slot is free (at once if one is) */
  free: () => Promise<void>;
};

export function createSlots(size: number): Slots {
  let available = size;
  let waiters: (() => void)[] = [];
  return {
    take(wanted) {
      const taken = Math.max(0, Math.min(wanted, available));
      available -= taken;
      return taken;
    },
    give(count) {
      available += count;
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    },
    free: () => (available > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

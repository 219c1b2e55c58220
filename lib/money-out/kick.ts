import { outsideTransaction } from "@/lib/db/client";
import { log } from "@/lib/runtime/log";

const store = globalThis as unknown as { __kolaMoneyOutKick?: () => Promise<unknown> };

/** The background work (lib/payments/background.ts) registers how to send money out now. */
export function onMoneyOutKick(run: (() => Promise<unknown>) | undefined): void {
  store.__kolaMoneyOutKick = run;
}

/**
 * Asks the background sender to look now rather than at its next tick: called after a payout or
 * refund is recorded. Best effort and outside the request's transaction (rows it cannot see yet
 * are sent by the next tick); without background work in this process (tests), it does nothing.
 */
export function kickMoneyOut(): void {
  const run = store.__kolaMoneyOutKick;
  if (!run) return;
  outsideTransaction(() =>
    setTimeout(() => {
      run().catch((error: unknown) => log("warn", "money-out kick failed", { error }));
    }, 250).unref?.(),
  );
}

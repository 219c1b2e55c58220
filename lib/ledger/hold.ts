import type { Mode } from "@/lib/core/modes";
import { setting } from "@/lib/runtime/config";

/**
 * How long a payment's money stays `pending` before it is `available` (ARCHITECTURE.md, "Money
 * out"). Live mode: BALANCE_HOLD_SECONDS, one day by default; test mode: TEST_BALANCE_HOLD_SECONDS,
 * none by default, so sandbox money can be withdrawn at once. Zero credits `available` directly.
 */
export function holdSeconds(mode: Mode): number {
  return setting(mode === "live" ? "BALANCE_HOLD_SECONDS" : "TEST_BALANCE_HOLD_SECONDS");
}

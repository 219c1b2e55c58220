import type { Mode } from "@/lib/core/modes";

/**
 * How long a payment's money stays `pending` before it is `available` (ARCHITECTURE.md, "Money
 * out"). Live mode: BALANCE_HOLD_SECONDS, one day by default; test mode: TEST_BALANCE_HOLD_SECONDS,
 * none by default, so sandbox money can be withdrawn at once. Zero credits `available` directly.
 */
export function holdSeconds(mode: Mode): number {
  const raw = mode === "live" ? process.env.BALANCE_HOLD_SECONDS : process.env.TEST_BALANCE_HOLD_SECONDS;
  const value = Number(raw);
  if (raw !== undefined && raw !== "" && Number.isFinite(value) && value >= 0) return value;
  return mode === "live" ? 86_400 : 0;
}

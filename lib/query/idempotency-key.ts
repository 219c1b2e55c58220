import { useMemo, useRef } from "react";
import { ApiRequestError } from "./api-fetch";

// A money action's `Idempotency-Key` (DESIGN §9): the server replays a key's stored answer to the
// same body and refuses it with another body (IDEMPOTENCY_KEY_REUSED). So the key follows the
// values, not the dialog: the same values sent again after an unknown outcome (the network failed,
// a 5xx, the first request still running) keep their key, and the server never does it twice; new
// values, or the same ones after a definite answer (done, or refused and stored: nothing happened),
// get a new key. One key per dialog trapped the merchant after a refusal: the corrected amount
// came back as "already sent with other values" until the dialog was closed.

/** The key sent for a set of values, and whether the server has answered it for good. */
export type KeyState = { key: string; values: string; settled: boolean };

/** The values' identity: their JSON with object keys sorted, so the order they were written in does not count. */
export function valuesId(values: unknown): string {
  return JSON.stringify(values, (_name, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  );
}

/** The key to send for `values` now: the current one for the same values not yet answered for good, else a new one. */
export function keyFor(state: KeyState | null, values: string, newKey: () => string): KeyState {
  if (state && !state.settled && state.values === values) return state;
  return { key: newKey(), values, settled: false };
}

/**
 * Whether an attempt's outcome is the server's last word on its key (`null`: it succeeded). A 4xx
 * is a refusal, stored with the key or made before it was taken, and nothing happened; except 409
 * IDEMPOTENCY_KEY_IN_USE: the first request with the key is still running, and only the same key
 * will learn its answer. No answer (network), a 5xx (not stored, rolled back) or anything else: unknown.
 */
export function isDefinite(outcome: unknown): boolean {
  if (outcome === null) return true;
  return outcome instanceof ApiRequestError && outcome.status >= 400 && outcome.status < 500 && outcome.type !== "IDEMPOTENCY_KEY_IN_USE";
}

/** The state after an attempt with `key` ended; an outcome for a key no longer current changes nothing. */
export function afterAttempt(state: KeyState | null, key: string, outcome: unknown): KeyState | null {
  if (!state || state.key !== key || !isDefinite(outcome)) return state;
  return { ...state, settled: true };
}

/**
 * The keys of one money action's attempts, for the life of the component that sends them:
 * `take(values)` before each attempt, `settle(key, outcome)` after it (`null` for a success).
 */
export function useIdempotencyKey() {
  const state = useRef<KeyState | null>(null);
  return useMemo(
    () => ({
      take(values: unknown): string {
        state.current = keyFor(state.current, valuesId(values), () => crypto.randomUUID());
        return state.current.key;
      },
      settle(key: string, outcome: unknown): void {
        state.current = afterAttempt(state.current, key, outcome);
      },
    }),
    [],
  );
}

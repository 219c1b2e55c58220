import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-fetch";
import { afterAttempt, keyFor, valuesId, type KeyState } from "./idempotency-key";

// The rule of a money dialog's Idempotency-Key: which attempts share a key. Each case is a run of
// attempts (the values sent, what came back) and the keys they were sent with, named k1, k2… in
// the order they were made.

const refused = (status: number, type: string) => new ApiRequestError(status, type, type);
const ok = null;
const network = new ApiRequestError(0, "NETWORK", "Network error");
const unavailable = refused(503, "DATABASE_UNAVAILABLE");
const noBalance = refused(409, "INSUFFICIENT_BALANCE");
const inUse = refused(409, "IDEMPOTENCY_KEY_IN_USE");
const invalid = refused(422, "VALIDATION");
const aborted = Object.assign(new Error("aborted"), { name: "AbortError" });

const A = { track_id: "TRK1", amount: 3000 };
const B = { track_id: "TRK1", amount: 1000 };

function keysOf(attempts: [values: unknown, outcome: unknown][]): string[] {
  let n = 0;
  let state: KeyState | null = null;
  return attempts.map(([values, outcome]) => {
    state = keyFor(state, valuesId(values), () => `k${++n}`);
    const { key } = state;
    state = afterAttempt(state, key, outcome);
    return key;
  });
}

describe("a money dialog's Idempotency-Key", () => {
  const cases: [string, [unknown, unknown][], string[]][] = [
    ["refused for want of balance, then a corrected amount: a new key (not IDEMPOTENCY_KEY_REUSED)", [[A, noBalance], [B, ok]], ["k1", "k2"]],
    ["the network failed, then the same values again: the same key (never done twice)", [[A, network], [A, ok]], ["k1", "k1"]],
    ["a 5xx (not stored, rolled back), then the same values: the same key", [[A, unavailable], [A, ok]], ["k1", "k1"]],
    ["the first request still running (409 IDEMPOTENCY_KEY_IN_USE): the same key learns its answer", [[A, inUse], [A, ok]], ["k1", "k1"]],
    ["aborted before an answer, then the same values: the same key", [[A, aborted], [A, ok]], ["k1", "k1"]],
    ["refused, then the same values again: a new key (a stored refusal would only be replayed)", [[A, noBalance], [A, ok]], ["k1", "k2"]],
    ["a 422, then the same values: a new key", [[A, invalid], [A, ok]], ["k1", "k2"]],
    ["the network failed, then other values: a new key", [[A, network], [B, ok]], ["k1", "k2"]],
    ["done, then the same values: a second action, a new key", [[A, ok], [A, ok]], ["k1", "k2"]],
    ["twice no answer, then an answer, then again", [[A, network], [A, unavailable], [A, noBalance], [B, network], [B, ok]], ["k1", "k1", "k1", "k2", "k2"]],
    ["the same values written in another order: the same key", [[{ amount: 3000, track_id: "TRK1" }, network], [A, ok]], ["k1", "k1"]],
    ["a body that is a string (a payout's id) or has nested objects", [["po_1", network], ["po_1", ok], [{ a: { y: 1, x: 2 } }, network], [{ a: { x: 2, y: 1 } }, ok]], ["k1", "k1", "k2", "k2"]],
  ];
  for (const [name, attempts, keys] of cases) {
    it(name, () => expect(keysOf(attempts)).toEqual(keys));
  }

  it("the outcome of a key no longer current changes nothing", () => {
    let n = 0;
    const newKey = () => `k${++n}`;
    const first = keyFor(null, valuesId(A), newKey);
    const second = keyFor(first, valuesId(B), newKey);
    expect(afterAttempt(second, first.key, ok)).toEqual({ key: "k2", values: valuesId(B), settled: false });
  });
});

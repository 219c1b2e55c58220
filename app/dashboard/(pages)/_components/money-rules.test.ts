import { describe, expect, it } from "vitest";
import { latestPayouts } from "./money-rules";

describe("what the money-out pages show", () => {
  it("a sale's payout is its latest try: a retried payout gives way to its retry; payouts of no sale are left out", () => {
    const payouts = [
      { id: "retry", transaction_id: "t1", retried_by: null },
      { id: "first", transaction_id: "t1", retried_by: "retry" },
      { id: "other", transaction_id: "t2", retried_by: null },
      { id: "withdrawal", transaction_id: null, retried_by: null },
    ];
    expect(Object.fromEntries([...latestPayouts(payouts)].map(([t, p]) => [t, p.id]))).toEqual({ t1: "retry", t2: "other" });
    expect(latestPayouts(undefined).size).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { latestPayouts, remainingOf } from "./money-rules";

describe("what the money-out pages show", () => {
  it.each([
    { name: "no refund", refunds: [], remaining: 5000 },
    { name: "a partial refund under way", refunds: [{ amount: 2000, status: "processing" as const }], remaining: 3000 },
    { name: "a failed refund gives its amount back", refunds: [{ amount: 2000, status: "failed" as const }], remaining: 5000 },
    {
      name: "several, one failed",
      refunds: [
        { amount: 2000, status: "success" as const },
        { amount: 1000, status: "failed" as const },
        { amount: 3000, status: "pending" as const },
      ],
      remaining: 0,
    },
  ])("remaining to refund: $name", ({ refunds, remaining }) => {
    expect(remainingOf({ amount: 5000 }, refunds)).toBe(remaining);
  });

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

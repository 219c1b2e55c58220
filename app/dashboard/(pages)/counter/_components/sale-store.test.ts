import { describe, expect, it } from "vitest";
import { valuesId } from "@/lib/query/idempotency-key";
import { pressKey } from "./keypad";
import { emptyDraft, freshKey, takeKey } from "./sale-store";

describe("the keypad", () => {
  it.each([
    ["", "2", "2"],
    ["2", "5", "25"],
    ["25", "00", "2500"],
    ["", "0", ""],
    ["", "000", ""],
    ["2500", "erase", "250"],
    ["2500", "clear", ""],
    ["1000000", "0", "10000000"],
    ["10000000", "0", "10000000"],
    ["1000000", "00", "1000000"],
  ])("%s then %s → %s", (amount, key, expected) => {
    expect(pressKey(amount, key)).toBe(expected);
  });
});

describe("a sale's Idempotency-Key", () => {
  const body = { amount: 2500, phone_number: "670000000", country: "CMR" };

  it("is the one made as the sale was typed, taken for its values at the first send", () => {
    const typed = { ...emptyDraft, amount: "2500", key: freshKey() };
    expect(takeKey(typed, body)).toEqual({ key: typed.key.key, values: valuesId(body), settled: false });
  });

  it("stays the same for the same values until the server answers for good (a send again after no answer is the same sale)", () => {
    const sent = { ...emptyDraft, key: { key: "k1", values: valuesId(body), settled: false } };
    expect(takeKey(sent, body).key).toBe("k1");
    // the cashier corrected the number after a send that got no answer: another sale, another key
    expect(takeKey(sent, { ...body, phone_number: "670000001" }).key).not.toBe("k1");
    // refused for good (a 4xx): the same values sent again are a new attempt
    expect(takeKey({ ...sent, key: { ...sent.key, settled: true } }, body).key).not.toBe("k1");
  });
});

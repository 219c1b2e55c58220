import { describe, expect, it } from "vitest";
import { formatReceiptCode, normalizeReceiptCode, RECEIPT_ALPHABET, RECEIPT_CODE_PATTERN } from "./receipt-code";

describe("receipt codes", () => {
  it("the pattern's ranges are the alphabet, no more, no less", () => {
    const all = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
    const accepted = all.filter((c) => RECEIPT_CODE_PATTERN.test(`${c.repeat(5)}-${c.repeat(5)}`));
    expect(accepted.join("")).toBe(RECEIPT_ALPHABET);
    expect(RECEIPT_ALPHABET).toHaveLength(32); // 5 bits a character
  });

  it("formats in two groups of five", () => {
    expect(formatReceiptCode("K7P2M9XQ4D")).toBe("K7P2M-9XQ4D");
  });

  const typed: [string, string | null][] = [
    ["K7P2M-9XQ4D", "K7P2M9XQ4D"],
    ["k7p2m9xq4d", "K7P2M9XQ4D"],
    [" K7P2M 9XQ4D ", "K7P2M9XQ4D"],
    ["k7p2m - 9xq4d", "K7P2M9XQ4D"],
    ["O0IL1-ABCDE", "00111ABCDE"], // O for 0, I and L for 1
    ["K7P2M-9XQ4", null], // too short
    ["K7P2M-9XQ4DD", null], // too long
    ["K7P2M-9XQ4U", null], // U is not in the alphabet
    ["K7P2M_9XQ4D", null],
    ["", null],
    ["K".repeat(41), null],
  ];
  for (const [input, code] of typed) it(`reads ${JSON.stringify(input)} as ${code}`, () => expect(normalizeReceiptCode(input)).toBe(code));
});

import { describe, expect, it } from "vitest";
import { amountInputText, parseAmountInput } from "./amount-input";

describe("parseAmountInput", () => {
  it.each([
    ["10000", 0, 10000],
    ["10 000", 0, 10000],
    ["10\u202f000", 0, 10000],
    [" 500 ", 0, 500],
    ["0", 0, 0],
    ["1500", 2, 150000],
    ["1500.5", 2, 150050],
    ["1500,5", 2, 150050],
    ["1 234,56", 2, 123456],
    ["1,234.56", 2, 123456],
    ["0.01", 2, 1],
  ])("%j with %i decimals → %i", (text, decimals, minor) => {
    expect(parseAmountInput(text, decimals === 0 ? "XAF" : "KES")).toBe(minor);
  });

  it.each([
    ["", 0],
    ["abc", 0],
    ["10.5", 0],
    ["10,5", 0],
    ["-5", 0],
    ["1.234", 2],
    ["1e3", 2],
    ["12.", 2],
    ["1234567890123", 0],
  ])("%j with %i decimals → null", (text, decimals) => {
    expect(parseAmountInput(text, decimals === 0 ? "XAF" : "KES")).toBeNull();
  });
});

describe("amountInputText", () => {
  it.each([
    [500, 0, "500"],
    [150050, 2, "1500.5"],
    [150000, 2, "1500"],
    [1, 2, "0.01"],
  ])("%i with %i decimals → %j", (minor, decimals, text) => {
    expect(amountInputText(minor, decimals)).toBe(text);
    expect(parseAmountInput(text, decimals === 0 ? "XAF" : "KES")).toBe(minor);
  });
});

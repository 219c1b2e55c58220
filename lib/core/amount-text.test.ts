import { describe, expect, it } from "vitest";
import { amountExample, parseAmount, readAmount, type AmountProblem } from "./amount-text";

const NNBSP = "\u202f";
const NBSP = "\u00a0";

// Each currency's table: what a merchant or a buyer types → the minor units read, or the problem.
const table: Record<string, [string, number | AmountProblem][]> = {
  XAF: [
    ["5000", 5000],
    ["5 000", 5000],
    [`5${NNBSP}000`, 5000],
    [`5${NBSP}000`, 5000],
    ["5.000", 5000],
    ["5,000", 5000],
    ["5000 FCFA", 5000],
    ["5 000 FCFA", 5000],
    [`5${NNBSP}000${NBSP}FCFA`, 5000], // as our own pages print it (Intl, fr)
    ["FCFA 5,000", 5000], // as our own pages print it (Intl, en)
    ["5000 F", 5000],
    ["5000F", 5000],
    ["5000 fcfa", 5000],
    ["5000 F CFA", 5000],
    ["5000 XAF", 5000],
    ["5000 frs", 5000],
    ["1.250.000", 1250000],
    ["1,250,000", 1250000],
    ["1 250 000", 1250000],
    ["5'000", 5000],
    ["5000,00", 5000],
    ["5.000,00", 5000],
    [" 500 ", 500],
    ["0", 0],
    ["007", 7],
    ["", "empty"],
    ["   ", "empty"],
    ["cinq mille", "not_a_number"],
    ["-5000", "not_a_number"],
    ["+5000", "not_a_number"],
    ["5e3", "not_a_number"],
    ["5.", "not_a_number"],
    [".5", "not_a_number"],
    ["5..000", "not_a_number"],
    ["50.00.0", "not_a_number"],
    ["5000.000", "not_a_number"],
    ["FCFA", "not_a_number"],
    ["5000,50", "no_minor_unit"],
    ["12.5", "no_minor_unit"],
    ["5000 KES", "other_currency"],
    ["5000 XOF", "other_currency"],
    ["USD 5000", "not_a_number"],
    ["1234567890123", "too_large"],
  ],
  XOF: [
    ["5.000", 5000],
    ["5,000", 5000],
    ["5000 FCFA", 5000],
    ["5000 XOF", 5000],
    ["5000 XAF", "other_currency"],
  ],
  RWF: [
    ["5.000", 5000],
    ["5,000", 5000],
    ["5000 RWF", 5000],
    ["5000 Frw", 5000],
    ["RF 5,000", 5000],
    ["5000,5", "no_minor_unit"],
  ],
  CDF: [
    ["5000", 500000],
    ["5 000", 500000],
    ["5.000", 500000], // French usage: « . » groups
    ["5,000", "ambiguous"],
    ["5 000,50", 500050],
    ["5.000,50", 500050],
    ["12,5", 1250],
    ["12.50", 1250],
    ["5000 FC", 500000],
    ["1.234.567", 123456700],
    ["12,505", "ambiguous"],
    ["12,5055", "too_many_decimals"],
  ],
  KES: [
    ["5000", 500000],
    ["5,000", 500000], // English usage: « , » groups
    ["5.000", "ambiguous"],
    ["1,234.56", 123456],
    ["1.234,56", 123456],
    ["1 234,56", 123456],
    ["1500,5", 150050],
    ["0.01", 1],
    ["KES 1,234.56", 123456], // as our own pages print it (Intl, en)
    ["KSh 5,000", 500000],
    ["5,000/=", 500000],
    ["1,000,000", 100000000],
    ["12.3456", "too_many_decimals"],
    ["5000 FCFA", "other_currency"],
    ["5000 F", "other_currency"],
  ],
  TZS: [
    ["5,000", 500000],
    ["TSh 5,000", 500000],
    ["5.000", "ambiguous"],
  ],
  ZMW: [
    ["5,000", 500000],
    ["K5,000.50", 500050],
    ["5.000", "ambiguous"],
  ],
};

describe("readAmount: a table of inputs per currency", () => {
  for (const [currency, rows] of Object.entries(table)) {
    it.each(rows)(`${currency} %j → %j`, (text, expected) => {
      const reading = readAmount(text, currency);
      expect(reading).toEqual(typeof expected === "number" ? { ok: true, minor: expected } : { ok: false, problem: expected });
      expect(parseAmount(text, currency)).toBe(typeof expected === "number" ? expected : null);
    });
  }
});

describe("amountExample", () => {
  it.each<[string, "fr" | "en", boolean, string]>([
    ["XAF", "fr", false, `5${NNBSP}000`],
    ["XAF", "en", false, "5,000"],
    ["XAF", "fr", true, `5${NNBSP}000`],
    ["KES", "en", true, "5,000.50"],
    ["CDF", "fr", true, `5${NNBSP}000,50`],
  ])("%s %s cents=%s → %j", (currency, lang, cents, text) => {
    expect(amountExample(currency, lang, cents)).toBe(text);
    expect(readAmount(text, currency).ok).toBe(true);
  });
});

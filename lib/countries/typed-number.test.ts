import { describe, expect, it } from "vitest";
import { countryCodes } from "./index";
import { parsePhone } from "./phones";
import { exampleNumber, maskNumber, readTypedNumber } from "./typed-number";

describe("a number as a cashier types it", () => {
  it.each([
    ["6 70 00 00 00", "CMR", { digits: "237670000000", complete: true, short: false, foreign: false }],
    ["670", "CMR", { digits: "237670", complete: false, short: true, foreign: false }],
    ["+237 6 70 00 00 00", "CMR", { digits: "237670000000", complete: true, short: false, foreign: false }],
    ["00237670000000", "CMR", { digits: "237670000000", complete: true, short: false, foreign: false }],
    ["237670000000", "CMR", { digits: "237670000000", complete: true, short: false, foreign: false }],
    ["+225 07 00 00 00 00", "CMR", { digits: "2250700000000", complete: false, short: false, foreign: true }],
    ["07 12 34 56 78", "CIV", { digits: "2250712345678", complete: true, short: false, foreign: false }],
    ["0712 123456", "KEN", { digits: "254712123456", complete: true, short: false, foreign: false }],
    ["06 123 4567", "COG", { digits: "242061234567", complete: true, short: false, foreign: false }],
    ["", "CMR", { digits: "", complete: false, short: true, foreign: false }],
  ] as const)("%s (%s)", (typed, country, expected) => {
    expect(readTypedNumber(typed, country)).toEqual(expected);
  });

  it("reads every country's example as libphonenumber does", () => {
    for (const country of countryCodes) {
      const typed = readTypedNumber(exampleNumber(country), country);
      expect([country, typed.digits, typed.complete]).toEqual([country, parsePhone(exampleNumber(country), country)?.digits, true]);
    }
  });

  it("masks all but the last two digits", () => {
    expect(maskNumber("237670000042", "CMR")).toBe("+237 •••••••42");
    expect(maskNumber("237670000042")).toBe("••••••••••42");
  });
});

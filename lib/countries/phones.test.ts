import { describe, expect, it } from "vitest";
import type { CountryIso3 } from "./index";
import { parsePhone } from "./phones";

const dialCodes: Partial<Record<CountryIso3, string>> = {
  CMR: "237", SEN: "221", CIV: "225", BFA: "226", TGO: "228", COG: "242", GAB: "241", COD: "243", KEN: "254", RWA: "250", TZA: "255", ZMB: "260",
};

describe("parsePhone", () => {
  it.each([
    // international form, with or without +, spaces, dashes, dots and brackets
    ["+237 6 70 00 00 00", "237670000000", "CMR"],
    ["237670000000", "237670000000", "CMR"],
    ["237-670-000-000", "237670000000", "CMR"],
    ["(+237) 670.00.00.00", "237670000000", "CMR"],
    ["00237 670 00 00 00", "237670000000", "CMR"], // the 00 international prefix
    ["+225 07 07 12 34 56", "2250707123456", "CIV"],
    ["+221 77 123 45 67", "221771234567", "SEN"],
    ["+229 01 97 12 34 56", "2290197123456", "BEN"],
    ["+226 70 12 34 56", "22670123456", "BFA"],
    ["+228 90 12 34 56", "22890123456", "TGO"],
    ["+242 06 612 3456", "242066123456", "COG"],
    ["+241 06 03 12 34", "24106031234", "GAB"],
    ["+243 81 234 5678", "243812345678", "COD"],
    ["+254 712 345 678", "254712345678", "KEN"],
    ["+250 788 123 456", "250788123456", "RWA"],
    ["+255 754 123 456", "255754123456", "TZA"],
    ["+260 97 1234567", "260971234567", "ZMB"],
  ])("%j → %s (%s)", (input, digits, country) => {
    expect(parsePhone(input)).toEqual({ digits, country });
  });

  it.each<[string, CountryIso3, string]>([
    ["6 70 00 00 00", "CMR", "237670000000"],
    ["670000000", "CMR", "237670000000"],
    ["+237 670 00 00 00", "CMR", "237670000000"],
    ["237670000000", "CMR", "237670000000"],
    ["00237 670 00 00 00", "CMR", "237670000000"],
    ["07 07 12 34 56", "CIV", "2250707123456"],
    ["77 123 45 67", "SEN", "221771234567"],
    ["0712 345 678", "KEN", "254712345678"],
    ["0788-123-456", "RWA", "250788123456"],
  ])("national form %j in %s → %s", (input, country, digits) => {
    expect(parsePhone(input, country)).toEqual({ digits, country });
  });

  it.each<[string, CountryIso3 | undefined]>([
    ["", undefined],
    ["abc", undefined],
    ["+237 12", undefined],
    ["+237 670 000 00", undefined], // one digit short
    ["+237 1 23 45 67 89", undefined], // no such Cameroonian number
    ["+23767000000a", undefined],
    ["+237 670 000 000 000 000", undefined], // too long
    ["+97 5", undefined],
    ["+221 77 123 45 67", "CMR"], // a Senegalese number given as Cameroonian
    ["6 70 00 00 00", "SEN"], // a Cameroonian national number is not Senegalese
  ])("%j (country %s) is not a valid number", (input, country) => {
    expect(parsePhone(input, country)).toBeNull();
  });

  // a mobile-money wallet lives on a mobile line: valid landlines are refused
  it.each<[string, CountryIso3]>([
    ["222234503", "CMR"],
    ["+237 2 22 23 45 03", "CMR"],
    ["338234503", "SEN"],
    ["+221 33 823 45 03", "SEN"],
    ["2721234503", "CIV"],
    ["+225 27 21 23 45 03", "CIV"],
    ["25 30 12 34", "BFA"],
    ["22 21 23 45", "TGO"],
    ["222 81 23 45", "COG"],
    ["01 12 34 56", "GAB"],
    ["012 345 6789", "COD"],
    ["020 2012345", "KEN"],
    ["252 123 456", "RWA"],
    ["022 212 3456", "TZA"],
    ["021 1234567", "ZMB"],
  ])("the landline %j of %s is refused", (input, country) => {
    expect(parsePhone(input, country)).toBeNull();
    expect(parsePhone(input.startsWith("+") ? input : `+${dialCodes[country]}${input.replace(/^0/, "")}`)).toBeNull();
  });

  it.each<[string, CountryIso3, string]>([
    ["670000000", "CMR", "237670000000"],
    ["690000000", "CMR", "237690000000"],
    ["771234567", "SEN", "221771234567"],
    ["70 123 45 67", "SEN", "221701234567"],
    ["0701234567", "CIV", "2250701234567"],
    ["70 12 34 56", "BFA", "22670123456"],
    ["90 12 34 56", "TGO", "22890123456"],
    ["06 123 4567", "COG", "242061234567"],
    ["099 123 4567", "COD", "243991234567"],
    ["0621 234 567", "TZA", "255621234567"],
  ])("the mobile number %j of %s is accepted", (input, country, digits) => {
    expect(parsePhone(input, country)).toEqual({ digits, country });
  });

  it.each([
    ["+33 6 12 34 56 78", "France"],
    ["+1 650 253 0000", "United States"],
    ["+44 7400 123456", "United Kingdom"],
    ["+234 803 123 4567", "Nigeria"],
    ["+27 82 123 4567", "South Africa"],
  ])("%j is valid in %s, which is not a supported country", (input) => {
    expect(parsePhone(input)).toBeNull();
  });
});

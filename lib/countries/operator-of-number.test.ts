import { describe, expect, it } from "vitest";
import { countries, type CountryIso3 } from "./index";
import { numberingTable, operatorMismatch, operatorOfNumber, payoutOperatorOf } from "./operator-of-number";
import { parsePhone } from "./phones";

// The numbering-plan table (operator-of-number.ts, each country's rows cited there): every prefix
// of it gives its operator, on a number that is a valid mobile number of its country.

const nationalLength: Record<CountryIso3, number> = { CMR: 9, CIV: 10, SEN: 9, BEN: 10, BFA: 8, TGO: 8, COG: 9, GAB: 8, COD: 9, KEN: 9, RWA: 9, TZA: 9, ZMB: 9 };
const callingCode: Record<CountryIso3, string> = { CMR: "237", CIV: "225", SEN: "221", BEN: "229", BFA: "226", TGO: "228", COG: "242", GAB: "241", COD: "243", KEN: "254", RWA: "250", TZA: "255", ZMB: "260" };
const numberOf = (country: CountryIso3, prefix: string) => callingCode[country] + prefix.padEnd(nationalLength[country], "1");

describe("the operator of a number, by its prefix", () => {
  it.each(numberingTable())("$country $prefix → $operator ($network)", ({ country, prefix, operator, network, certain }) => {
    const digits = numberOf(country, prefix);
    expect(parsePhone(`+${digits}`)).toEqual({ digits, country }); // a real mobile range of the country
    if (operator) expect(Object.keys(countries[country].operators)).toContain(operator);
    expect(operatorOfNumber(digits, country)).toEqual(operator ? { kind: "operator", operator, network, certain } : { kind: "unsupported", network, certain });
  });

  it.each<[string, CountryIso3, ReturnType<typeof operatorOfNumber>]>([
    ["2250707123456", "CIV", { kind: "operator", operator: "ORANGE_MONEY_CIV", network: "Orange", certain: false }], // portability: never certain
    ["2250505123456", "CIV", { kind: "operator", operator: "MTN_MOMO_CIV", network: "MTN", certain: false }],
    ["2250101123456", "CIV", { kind: "operator", operator: "MOOV_MONEY_CIV", network: "Moov", certain: false }],
    ["237670000000", "CMR", { kind: "operator", operator: "MTN_MOMO_CMR", network: "MTN", certain: true }],
    ["237690000000", "CMR", { kind: "operator", operator: "ORANGE_MONEY_CMR", network: "Orange", certain: true }],
    ["237655000000", "CMR", { kind: "operator", operator: "ORANGE_MONEY_CMR", network: "Orange", certain: false }], // unconfirmed split
    ["237620000000", "CMR", { kind: "unknown" }], // not in the table
    ["221771234567", "SEN", { kind: "operator", operator: "ORANGE_MONEY_SEN", network: "Orange", certain: false }],
    ["221701234567", "SEN", { kind: "unknown" }], // Expresso: not confirmed
    ["2290197123456", "BEN", { kind: "unknown" }], // no ranges after 01 were found
    ["255754123456", "TZA", { kind: "unsupported", network: "Vodacom", certain: false }],
    ["260951234567", "ZMB", { kind: "unsupported", network: "Zamtel", certain: true }],
    ["250788123456", "RWA", { kind: "operator", operator: "MTN_MOMO_RWA", network: "MTN", certain: true }],
    ["24177280150", "GAB", { kind: "operator", operator: "AIRTEL_MONEY_GAB", network: "Airtel", certain: true }],
    ["237670000000", "CIV", { kind: "unknown" }], // another country's number
  ])("%s (%s)", (digits, country, expected) => {
    expect(operatorOfNumber(digits, country)).toEqual(expected);
  });

  it("a payout's default operator: the number's, or none when it does not tell", () => {
    expect([payoutOperatorOf("2250707123456", "CIV"), payoutOperatorOf("255754123456", "TZA"), payoutOperatorOf("2290197123456", "BEN")]).toEqual(["ORANGE_MONEY_CIV", null, null]);
  });

  it.each<[string, string, CountryIso3, string | null]>([
    ["MTN_MOMO_CMR", "237670000000", "CMR", null],
    ["ORANGE_MONEY_CMR", "237670000000", "CMR", "The number is on MTN's network: its wallet is MTN_MOMO_CMR"],
    ["MTN_MOMO_CMR", "237655000000", "CMR", null], // unconfirmed range: never the reason to refuse
    ["MTN_MOMO_CIV", "2250707123456", "CIV", null], // portability: a ported number keeps its prefix
    ["WAVE_CIV", "2250707123456", "CIV", null], // Wave: a wallet on any number
    ["AIRTEL_MONEY_ZMB", "260951234567", "ZMB", "The number is on Zamtel's network, whose wallet Kola does not pay to: give a number of AIRTEL_MONEY_ZMB, MTN_MOMO_ZMB"],
    ["AIRTEL_MONEY_RWA", "250788123456", "RWA", "The number is on MTN's network: its wallet is MTN_MOMO_RWA"],
  ])("%s to %s (%s): %s", (operator, digits, country, expected) => {
    expect(operatorMismatch(operator, digits, country)).toBe(expected);
  });
});

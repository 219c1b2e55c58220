import { describe, expect, it } from "vitest";
import type { CountryIso3 } from "@/lib/countries";
import { inputEn } from "@/lib/i18n/input-en";
import { inputFr } from "@/lib/i18n/input-fr";
import { payoutNumberProblem } from "./number-check";

// The withdrawal dialog's check of the number against the chosen operator, in the merchant's words.

describe("payoutNumberProblem", () => {
  it.each<[string, string, CountryIso3, "fr" | "en", string | null]>([
    ["ORANGE_MONEY_CMR", "237670000000", "CMR", "fr", "Ce numéro est un numéro MTN : choisissez « MTN (Cameroun) » ou un numéro Orange."],
    ["ORANGE_MONEY_CMR", "237670000000", "CMR", "en", "This number is on the MTN network: choose “MTN (Cameroon)”, or give a number for Orange."],
    ["MTN_MOMO_CMR", "237690000000", "CMR", "fr", "Ce numéro est un numéro Orange : choisissez « Orange (Cameroun) » ou un numéro MTN."],
    ["MTN_MOMO_CMR", "237670000000", "CMR", "fr", null],
    ["ORANGE_MONEY_CMR", "237690000000", "CMR", "fr", null],
    ["MTN_MOMO_CMR", "237655000000", "CMR", "fr", null], // an unconfirmed range never refuses
    ["MTN_MOMO_CIV", "2250707123456", "CIV", "fr", null], // portability: a ported number keeps its prefix
    ["WAVE_SEN", "221771234567", "SEN", "fr", null], // Wave is on any number
    ["AIRTEL_MONEY_ZMB", "260951234567", "ZMB", "en", "This number is on the Zamtel network, which Kola does not pay to: give a number on the Airtel or MTN network."],
    ["AIRTEL_MONEY_RWA", "250788123456", "RWA", "en", "This number is on the MTN network: choose “MTN (Rwanda)”, or give a number for Airtel."],
  ])("%s on %s (%s, %s)", (operator, digits, country, lang, expected) => {
    expect(payoutNumberProblem(operator, digits, country, lang, (lang === "fr" ? inputFr : inputEn).payoutNumbers)).toBe(expected);
  });
});

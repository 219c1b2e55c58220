import { describe, expect, it } from "vitest";
import { plural, type Plural } from "./plural";

describe("plural", () => {
  const attempts = { fr: { one: "{n} tentative", other: "{n} tentatives" }, en: { one: "{n} attempt", other: "{n} attempts" } };
  const decimals: Plural = { zero: "sans décimale", one: "{n} décimale au plus", other: "{n} décimales au plus" };
  const cases: [string, () => string, string][] = [
    ["fr 0", () => plural("fr", attempts.fr, 0), "0 tentative"],
    ["fr 1", () => plural("fr", attempts.fr, 1), "1 tentative"],
    ["fr 2", () => plural("fr", attempts.fr, 2), "2 tentatives"],
    ["fr 1500 (French digits)", () => plural("fr", attempts.fr, 1500), "1\u202f500 tentatives"],
    ["en 0", () => plural("en", attempts.en, 0), "0 attempts"],
    ["en 1", () => plural("en", attempts.en, 1), "1 attempt"],
    ["en 2", () => plural("en", attempts.en, 2), "2 attempts"],
    ["a zero form", () => plural("fr", decimals, 0), "sans décimale"],
    ["other values", () => plural("fr", { one: "{n} question sur {max}", other: "{n} questions sur {max}" }, 3, { max: 20 }), "3 questions sur 20"],
  ];
  for (const [name, run, expected] of cases) it(`${name} → ${expected}`, () => expect(run()).toBe(expected));
});

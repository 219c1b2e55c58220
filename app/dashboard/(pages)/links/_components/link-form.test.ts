import { describe, expect, it } from "vitest";
import { parseAmountInput } from "@/lib/forms/amount-input";
import { createLinkSchema, toMajorText, updateLinkSchema } from "./link-form";

// The payment-link form: amounts typed in major units, sent in minor units, bounds of the currency.

const parse = (currency: string, amount: string) => createLinkSchema(currency).safeParse({ amount, shop_name: "B" });

describe("the amount of the link form", () => {
  const accepted: [string, string, number][] = [
    ["XAF", "5000", 5000],
    ["XAF", " 15 000 ", 15000], // spaces as a merchant types them
    ["XOF", "100", 100],
    ["KES", "12.50", 1250],
    ["KES", "12,5", 1250], // a French decimal comma
    ["KES", "0.01", 1],
    ["RWF", "700", 700],
    ["KES", "1,234.56", 123456], // read by lib/forms/amount-input, as the marketplace form reads it
    ["KES", "1 234,56", 123456],
    ["XAF", "10\u202f000", 10000],
    ["XAF", "5.000", 5000], // how five thousand is written here: francs have no cents
    ["XAF", "5,000", 5000],
    ["XAF", "5000 FCFA", 5000],
    ["XAF", "5000 F", 5000],
    ["KES", "5,000", 500000],
  ];
  for (const [currency, typed, minor] of accepted) {
    it(`${currency} "${typed}" is sent as ${minor}`, () => {
      const result = parse(currency, typed);
      expect(result.success && result.data.amount).toBe(minor);
    });
  }

  const refused: [string, string, string][] = [
    ["XAF", "", "too_small"],
    ["XAF", "99", "too_small"],
    ["XAF", "10000001", "too_big"],
    ["XAF", "12.5", "custom"], // no decimals in francs
    ["KES", "1.234", "custom"],
    ["KES", "10000000.01", "too_big"],
    ["XAF", "abc", "custom"],
  ];
  for (const [currency, typed, code] of refused) {
    it(`${currency} "${typed}" is refused (${code})`, () => {
      const result = parse(currency, typed);
      expect(result.success ? null : result.error.issues.map((i) => [i.path.join("."), i.code])).toEqual([["amount", code]]);
    });
  }

  it("reads every amount with the one parser the marketplace form uses", () => {
    for (const typed of ["5000", "12,5", "1,234.56", "1.234", "12.", "1e3", "-5", "abc"]) {
      const result = parse("KES", typed);
      expect([typed, result.success ? result.data.amount : null]).toEqual([typed, parseAmountInput(typed, "KES")]);
    }
  });

  it.each<[string, string, "fr" | "en", string]>([
    ["XAF", "cinq mille", "fr", "Écrivez le montant en chiffres, par exemple 5\u202f000."],
    ["XAF", "five", "en", "Write the amount in figures, for example 5,000."],
    ["XAF", "12,5", "fr", "Le franc CFA n’a pas de centimes : écrivez un nombre entier, par exemple 5\u202f000."],
    ["KES", "5.000", "en", "“5.000” can be read two ways: write 5,000 (or 5,000.50 with cents)."],
  ])("%s %j says how to write it (%s)", (currency, typed, lang, message) => {
    const result = createLinkSchema(currency, lang).safeParse({ amount: typed, shop_name: "B" });
    expect(result.success ? null : result.error.issues.map((i) => i.message)).toEqual([message]);
  });

  it("keeps the API's other rules (shop name, URLs) and its defaults", () => {
    expect(createLinkSchema("XAF").parse({ amount: "5000", shop_name: "  Awa " })).toEqual({
      amount: 5000,
      shop_name: "Awa",
      message: "",
      order_id: "",
      success_url: "",
      failure_url: "",
    });
    expect(updateLinkSchema("XAF").safeParse({ amount: "5000", success_url: "ftp://x" }).success).toBe(false);
  });

  it("shows a stored amount back in major units", () => {
    expect([toMajorText(5000, "XAF"), toMajorText(1250, "KES"), toMajorText(100, "TZS")]).toEqual(["5000", "12.50", "1.00"]);
  });
});

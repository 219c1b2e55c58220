import { describe, expect, it } from "vitest";
import { marketplaceFr } from "@/lib/i18n/marketplace-fr";
import { defaultFeeOf, dialCodeOf, formatAsTyped, linkFormSchema, phoneInfo } from "./link-form";

describe("phoneInfo: the seller's phone as it is typed", () => {
  it.each([
    ["+237 6 70 00 00 00", { state: "ok", country: "CMR", currency: "XAF", formatted: "+237 6 70 00 00 00" }],
    ["237670000000", { state: "ok", country: "CMR", currency: "XAF", formatted: "+237 6 70 00 00 00" }],
    ["00225 07 00 00 00 00", { state: "ok", country: "CIV", currency: "XOF", formatted: "+225 07 00 00 0000" }],
    ["+254 712 345 678", { state: "ok", country: "KEN", currency: "KES", formatted: "+254 712 345678" }],
    ["", { state: "empty" }],
    ["+237 ", { state: "empty" }],
    ["+237 6 70", { state: "bad" }],
    ["hello", { state: "bad" }],
    ["+33 6 12 34 56 78", { state: "unsupported" }],
  ])("%j", (text, info) => {
    expect(phoneInfo(text)).toEqual(info);
  });

  it("groups an international number as it is typed, leaves anything else alone", () => {
    expect(formatAsTyped("+237670000000")).toBe("+237 6 70 00 00 00");
    expect(formatAsTyped("670000000")).toBe("670000000");
  });

  it("starts the number with the merchant's own dialling code", () => {
    expect(dialCodeOf("CMR")).toBe("+237");
    expect(dialCodeOf("SEN")).toBe("+221");
  });
});

describe("linkFormSchema: the API's body from what the merchant typed", () => {
  const base = { shop_name: "Atelier Fatou", phone_number: "+237 6 70 00 00 00", message: "" };

  it("sends minor units (XAF has none) and no fee when it is left empty", () => {
    const parsed = linkFormSchema("XAF", marketplaceFr, "fr").parse({ ...base, amount: "10 000", fee: "" });
    expect(parsed).toEqual({ ...base, amount: 10000, fee: undefined });
  });

  it("reads decimals in a currency that has them (KES: cents)", () => {
    const parsed = linkFormSchema("KES", marketplaceFr, "fr").parse({ ...base, amount: "1500,50", fee: "15" });
    expect(parsed).toMatchObject({ amount: 150050, fee: 1500 });
  });

  it.each([
    [{ amount: "99" }, "amount", "Entrez un montant entre 100 FCFA et 10 000 000 FCFA."],
    [{ amount: "12,5" }, "amount", "Le franc CFA n’a pas de centimes : écrivez un nombre entier, par exemple 5 000."],
    [{ fee: "-1" }, "fee", "Entrez une commission positive, sans décimale."],
    [{ phone_number: "+237 6" }, "phone_number", "Numéro invalide : vérifiez l'indicatif du pays et le nombre de chiffres."],
    [{ phone_number: "+33 6 12 34 56 78" }, "phone_number", "Ce pays n'est pas pris en charge par Kola."],
  ])("%j → a message on %s", (change, field, message) => {
    const result = linkFormSchema("XAF", marketplaceFr, "fr").safeParse({ ...base, amount: "1000", fee: "", ...change });
    expect(result.success).toBe(false);
    const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " "); // Intl's narrow spaces
    expect(result.error!.issues.map((i) => [i.path.join("."), spaces(i.message)])).toEqual([[field, message]]);
  });
});

describe("defaultFeeOf: the commission shown while the price is typed", () => {
  it.each([
    ["10000", 5, "XAF", 500],
    ["10 001", 2.5, "XAF", 250],
    ["1500.50", 10, "KES", 15005],
    ["", 5, "XAF", null],
    ["abc", 5, "XAF", null],
  ] as const)("%j at %d percent in %s → %j", (text, percent, currency, fee) => {
    expect(defaultFeeOf(text, percent, currency)).toBe(fee);
  });
});

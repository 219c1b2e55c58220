import { describe, expect, it } from "vitest";
import type { FormBlock } from "@/lib/core/form-block-shape";
import type { ValidationItem } from "@/lib/core/errors";
import { countryName, pickLocale, t } from "./i18n";
import { intlLocale } from "@/lib/core/languages";
import { wordErrors } from "./wording";

describe("pickLocale", () => {
  it.each([
    ["", null, "fr"],
    ["", "en-US,en;q=0.9", "en"],
    ["", "fr-CM,fr;q=0.9,en;q=0.8", "fr"],
    ["", "en;q=0.5,fr;q=0.8", "fr"],
    ["", "de-DE,en;q=0.7,fr;q=0.3", "en"],
    ["", "de-DE,es", "fr"],
    ["", "en;q=0,fr;q=0.1", "fr"],
    ["", "EN-gb", "en"],
    ["", "en;q=abc", "fr"],
    ["?lang=en", "fr", "en"],
    ["?lang=fr", "en", "fr"],
    ["?lang=de", "en", "en"],
  ])("%s with Accept-Language %s → %s", (query, header, expected) => {
    expect(pickLocale(new URL(`http://kola.test/pay/x${query}`), header)).toBe(expected);
  });

  it("formats with a regional tag", () => {
    expect([intlLocale("fr"), intlLocale("en")]).toEqual(["fr-FR", "en-GB"]);
  });
});

describe("t", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("fr", "submit", { amount: "5 000 FCFA" })).toBe("Payer 5 000 FCFA");
    expect(t("en", "submit", { amount: "FCFA 5,000" })).toBe("Pay FCFA 5,000");
    expect(t("en", "submit")).toBe("Pay {amount}");
  });

  it("names the countries in each language", () => {
    expect([countryName("fr", "COD"), countryName("en", "COD"), countryName("fr", "CIV")]).toEqual(["RD Congo", "DR Congo", "Côte d'Ivoire"]);
  });
});

const blocks: FormBlock[] = [
  { fieldName: "size", fieldType: "text", required: true, fieldLabel: "Size", fieldDescription: "", fieldOptions: [] },
  { fieldName: "note", fieldType: "textarea", required: false, fieldLabel: "Note", fieldDescription: "", fieldOptions: [] },
  { fieldName: "mail", fieldType: "email", required: false, fieldLabel: "Mail", fieldDescription: "", fieldOptions: [] },
  { fieldName: "tel", fieldType: "phone", required: false, fieldLabel: "Tel", fieldDescription: "", fieldOptions: [] },
  { fieldName: "qty", fieldType: "number", required: true, fieldLabel: "Qty", fieldDescription: "", fieldOptions: [] },
  { fieldName: "day", fieldType: "date", required: false, fieldLabel: "Day", fieldDescription: "", fieldOptions: [] },
  { fieldName: "color", fieldType: "select", required: true, fieldLabel: "Color", fieldDescription: "", fieldOptions: [{ name: "Red", value: "Red" }] },
  { fieldName: "terms", fieldType: "checkbox", required: true, fieldLabel: "Terms", fieldDescription: "", fieldOptions: [] },
];

/** Typography made plain for comparing: no-break spaces as spaces, the typographic apostrophe as '. */
const plain = (words: Record<string, string>) =>
  Object.fromEntries(Object.entries(words).map(([k, v]) => [k, v.replace(/[\u00a0\u202f]/g, " ").replace(/\u2019/g, "'")]));

const item = (loc: (string | number)[], type: string, msg = "…"): ValidationItem => ({ loc: ["body", ...loc], type, msg });

describe("wordErrors", () => {
  // what startPayment and the checkout schema throw, and what a buyer reads
  it.each([
    [item(["country"], "enum"), "country", "Choisissez votre pays.", "Choose your country."],
    [item(["country"], "value_error"), "country", "On ne peut pas payer en XAF depuis ce pays. Choisissez un autre pays.", "XAF cannot be paid from this country. Choose another country."],
    [item(["operator"], "string_too_short"), "operator", "Choisissez votre opérateur mobile money.", "Choose your mobile money operator."],
    [item(["operator"], "missing"), "operator", "Choisissez votre opérateur mobile money.", "Choose your mobile money operator."],
    [item(["operator"], "value_error"), "operator", "Cet opérateur n'est pas proposé dans le pays choisi. Choisissez-en un autre.", "This operator is not available in the chosen country. Choose another one."],
    [item(["phone"], "string_too_short"), "phone", "Saisissez votre numéro mobile money.", "Enter your mobile money number."],
    [item(["phone"], "missing"), "phone", "Saisissez votre numéro mobile money.", "Enter your mobile money number."],
    [
      item(["phone"], "value_error"),
      "phone",
      "Ce numéro ne semble pas valide pour le pays choisi (Gabon). Exemple : 06 03 12 34.",
      "This does not look like a valid number for the chosen country (Gabon). Example: 06 03 12 34.",
    ],
    [
      item(["phone"], "string_too_long"),
      "phone",
      "Ce numéro ne semble pas valide pour le pays choisi (Gabon). Exemple : 06 03 12 34.",
      "This does not look like a valid number for the chosen country (Gabon). Example: 06 03 12 34.",
    ],
    [item(["full_name"], "missing"), "full_name", "Saisissez votre nom complet.", "Enter your full name."],
    [item(["full_name"], "string_too_long"), "full_name", "Votre nom est trop long (100 caractères au plus).", "Your name is too long (100 characters at most)."],
    [item(["full_name"], "value_error"), "full_name", "Saisissez votre nom sur une seule ligne, sans caractères spéciaux.", "Enter your name on one line, without special characters."],
    [item(["email"], "missing"), "email", "Saisissez votre adresse e-mail.", "Enter your email address."],
    [item(["email"], "value_error"), "email", "Cette adresse e-mail ne semble pas valide (exemple : nom@exemple.com).", "This email address does not look right (example: name@example.com)."],
    [item(["client_token"], "value_error"), "form", "Le formulaire a expiré. Vérifiez vos informations et appuyez de nouveau sur Payer.", "This form has expired. Check your details and tap Pay again."],
    [item(["answers", "size"], "missing"), "answers.size", "Ce champ est obligatoire.", "This field is required."],
    [item(["answers", "terms"], "missing"), "answers.terms", "Cochez cette case pour continuer.", "Tick this box to continue."],
    [item(["answers", "size"], "value_error"), "answers.size", "Ce texte est trop long.", "This text is too long."],
    [item(["answers", "note"], "string_too_long"), "answers.note", "Ce texte est trop long.", "This text is too long."],
    [item(["answers", "mail"], "value_error"), "answers.mail", "Cette adresse e-mail ne semble pas valide (exemple : nom@exemple.com).", "This email address does not look right (example: name@example.com)."],
    [item(["answers", "tel"], "value_error"), "answers.tel", "Ce numéro de téléphone ne semble pas valide.", "This phone number does not look right."],
    [item(["answers", "qty"], "value_error"), "answers.qty", "Saisissez un nombre, par exemple 12 ou 3,5.", "Enter a number, for example 12 or 3.5."],
    [item(["answers", "day"], "value_error"), "answers.day", "Saisissez une date valide.", "Enter a valid date."],
    [item(["answers", "color"], "value_error"), "answers.color", "Choisissez une des options proposées.", "Choose one of the options."],
    [item(["answers", "unknown"], "value_error"), "answers.unknown", "Vérifiez ce champ.", "Check this field."],
    [item(["something"], "value_error"), "something", "Vérifiez ce champ.", "Check this field."],
  ])("%j → %s", (problem, key, fr, en) => {
    const ctx = { currency: "XAF", country: "GAB", blocks };
    expect(plain(wordErrors([problem], "fr", ctx))).toEqual({ [key]: fr });
    expect(plain(wordErrors([problem], "en", ctx))).toEqual({ [key]: en });
  });

  it("writes French typography: no line starts with a colon, a number never breaks", () => {
    const words = wordErrors([item(["phone"], "value_error")], "fr", { currency: "XAF", country: "CMR" });
    expect(words.phone).toBe("Ce numéro ne semble pas valide pour le pays choisi (Cameroun). Exemple\u00a0: 6\u00a071\u00a023\u00a045\u00a067.");
    expect(t("fr", "failed.title")).toBe("Le paiement n\u2019a pas abouti");
  });

  it("keeps the first message of a field, and asks for the number when the country is unknown", () => {
    const words = wordErrors([item(["phone"], "value_error"), item(["phone"], "missing"), item(["country"], "enum")], "en", {
      currency: "XAF",
      country: "XXX",
    });
    expect(words).toEqual({ phone: "Enter your mobile money number.", country: "Choose your country." });
  });
});

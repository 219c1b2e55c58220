import { describe, expect, it } from "vitest";
import { formBlock } from "@/test/support/marketplace-bodies";
import { slugify, toFormBlocks } from "./form-blocks";
import type { BlockInput } from "./schemas";

describe("slugify", () => {
  it.each([
    ["Taille (EU)", "taille_eu"],
    ["Prénom", "prenom"],
    ["  Numéro de téléphone  ", "numero_de_telephone"],
    ["Côte d'Ivoire", "cote_d_ivoire"],
    ["Ça va ?", "ca_va"],
    ["E-mail", "e_mail"],
    ["ÂGE", "age"],
    ["Adresse  de   livraison", "adresse_de_livraison"],
    ["123 Go", "123_go"],
    ["snake_case_label", "snake_case_label"],
    ["__déjà__", "deja"],
    ["!!!", "field"],
    ["", "field"],
    ["Имя", "field"],
  ])("%j → %j", (label, slug) => {
    expect(slugify(label)).toBe(slug);
  });

  it("keeps at most 60 characters", () => {
    expect(slugify("a".repeat(100))).toBe("a".repeat(60));
  });

  it("never ends with an underscore when the cut falls between two words", () => {
    expect(slugify(`${"a".repeat(59)} bcd`)).toBe("a".repeat(59));
  });
});

describe("toFormBlocks", () => {
  const block = (label: string, extra: Partial<BlockInput> = {}): BlockInput => ({ type: "text", label, ...extra });

  it("fills the defaults: not required, empty description, no options", () => {
    expect(toFormBlocks([block("Taille")])).toEqual([formBlock("taille", "text", "Taille")]);
  });

  it("keeps type, required, trimmed label and description, and select options as {name, value}", () => {
    expect(
      toFormBlocks([
        { type: "select", label: "  Couleur ", required: true, description: " Choisissez ", options: [" Rouge ", "Bleu"] },
      ]),
    ).toEqual([formBlock("couleur", "select", "Couleur", { required: true, description: "Choisissez", options: ["Rouge", "Bleu"] })]);
  });

  it("drops options of blocks that are not select", () => {
    expect(toFormBlocks([block("Pointure", { type: "number", options: ["40", "41"] })])[0]!.fieldOptions).toEqual([]);
  });

  it.each([
    { labels: ["Taille", "Taille"], names: ["taille", "taille_2"] },
    { labels: ["Taille", "taille", "TAILLE!"], names: ["taille", "taille_2", "taille_3"] },
    { labels: ["Prénom", "Prenom"], names: ["prenom", "prenom_2"] },
    { labels: ["A 2", "A", "A"], names: ["a_2", "a", "a_3"] },
    { labels: ["!!", "??", "Field"], names: ["field", "field_2", "field_3"] },
    { labels: ["Nom", "Email", "Téléphone"], names: ["nom", "email", "telephone"] },
  ])("field names are unique within the marketplace: $labels → $names", ({ labels, names }) => {
    expect(toFormBlocks(labels.map((label) => block(label))).map((b) => b.fieldName)).toEqual(names);
  });
});

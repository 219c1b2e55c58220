import { describe, expect, it } from "vitest";
import type { BuilderBlock } from "@/lib/form-builder/operations";
import { marketplaceFr } from "@/lib/i18n/marketplace-fr";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { itemsOf, placeItems, settingsSchema } from "./settings-schema";

const block = (label: string, extra: Partial<BuilderBlock> = {}): BuilderBlock => ({
  id: label || "x",
  type: "text",
  label,
  required: false,
  description: "",
  options: [],
  ...extra,
});

const good = { name: "Marché Awa", color: "#7C3AED", fee: "2.5", is_active: true, blocks: [block("Taille")] };

function problems(values: Record<string, unknown>) {
  const result = settingsSchema(marketplaceFr).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

describe("settingsSchema: the API's rules, the merchant's words", () => {
  it("accepts what the API accepts", () => {
    expect(problems(good)).toEqual([]);
    expect(problems({ ...good, color: "#abc", fee: "0" })).toEqual([]);
  });

  it.each([
    [{ color: "teal" }, [["color", "Entrez une couleur au format #rgb ou #rrggbb, ex. : #0f766e."]]],
    [{ color: "" }, [["color", "Entrez une couleur au format #rgb ou #rrggbb, ex. : #0f766e."]]],
    [{ fee: "50.5" }, [["fee", "Entrez un pourcentage de 0 à 50, avec 2 décimales au plus (ex. : 2,5)."]]],
    [{ fee: "1.234" }, [["fee", "Entrez un pourcentage de 0 à 50, avec 2 décimales au plus (ex. : 2,5)."]]],
    [{ fee: "" }, [["fee", "Entrez un pourcentage de 0 à 50, avec 2 décimales au plus (ex. : 2,5)."]]],
    [
      { blocks: [block("Taille"), block(" "), block("Couleur", { type: "select", options: [{ id: "o", value: "" }] })] },
      [
        ["blocks.1.label", "Ce champ est obligatoire."],
        ["blocks.2.options.0", "Écrivez ce choix ou retirez-le."],
      ],
    ],
    [{ blocks: [block("Couleur", { type: "select" })] }, [["blocks.0.options", "Ajoutez au moins un choix."]]],
    [{ blocks: Array.from({ length: 21 }, (_, i) => block(`Q${i}`)) }, [["blocks", "20 questions au plus."]]],
  ])("%j", (change, expected) => {
    expect(problems({ ...good, ...change })).toEqual(expected);
  });
});

describe("the API's 422 items beside their inputs", () => {
  it("reads apiFetch's field errors back into items and places each once", () => {
    const error = new ApiRequestError(422, "VALIDATION", "Validation failed", {
      "form_blocks.blocks.1.label": { type: "string_too_long", msg: "String should have at most 100 characters" },
      "form_blocks.blocks.0.options.2": { type: "string_too_short", msg: "String should have at least 1 character" },
      color: { type: "value_error", msg: "Value error, must be a hex colour like #0f766e" },
      logo: { type: "value_error", msg: "Value error, no uploaded image with this id" },
      "": { type: "missing", msg: "Field required" },
    });
    const items = itemsOf(error);
    expect(items[0]).toEqual({
      loc: ["body", "form_blocks", "blocks", 1, "label"],
      msg: "String should have at most 100 characters",
      type: "string_too_long",
    });
    expect(placeItems(items, marketplaceFr)).toEqual([
      ["blocks.1.label", "100 caractères au plus."],
      ["blocks.0.options.2", "Écrivez ce choix ou retirez-le."],
      ["color", "Entrez une couleur au format #rgb ou #rrggbb, ex. : #0f766e."],
      ["logo", "Image introuvable : envoyez-la de nouveau."],
      [null, "Ce champ est obligatoire."],
    ]);
  });
});

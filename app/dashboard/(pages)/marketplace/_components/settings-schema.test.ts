import { describe, expect, it } from "vitest";
import type { BuilderBlock } from "@/lib/form-builder/edits";
import { marketplaceFr } from "@/lib/i18n/marketplace-fr";
import { sellersFr } from "@/lib/i18n/sellers-fr";
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

const good = { name: "Marché Awa", color: "#7C3AED", fee: "2.5", is_active: true, seller_payout_delay_days: "7", blocks: [block("Taille")] };

function problems(values: Record<string, unknown>) {
  const result = settingsSchema(marketplaceFr, sellersFr.settings.delayInvalid).safeParse(values);
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
    [{ seller_payout_delay_days: "31" }, [["seller_payout_delay_days", "Entrez un nombre entier de jours, de 0 à 30."]]],
    [{ seller_payout_delay_days: "2.5" }, [["seller_payout_delay_days", "Entrez un nombre entier de jours, de 0 à 30."]]],
    [{ seller_payout_delay_days: "" }, [["seller_payout_delay_days", "Entrez un nombre entier de jours, de 0 à 30."]]],
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
    // the limit the words use is ctx.max_length: the sentence says another number on purpose
    const label = {
      loc: ["body", "form_blocks", "blocks", 1, "label"],
      msg: "String should have at most 999 characters",
      type: "string_too_long",
      ctx: { max_length: 100 },
    };
    const error = new ApiRequestError(422, "VALIDATION", "Validation failed", {
      "form_blocks.blocks.1.label": label,
      "form_blocks.blocks.0.options.2": {
        loc: ["body", "form_blocks", "blocks", 0, "options", 2],
        msg: "String should have at least 1 character",
        type: "string_too_short",
        ctx: { min_length: 1 },
      },
      color: { loc: ["body", "color"], msg: "String should match pattern '^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$'", type: "string_pattern_mismatch", ctx: { pattern: "^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$" } },
      logo: { loc: ["body", "logo"], msg: "Value error, no uploaded image with this id", type: "value_error", ctx: { error: "no uploaded image with this id" } },
      "": { loc: ["body"], msg: "Field required", type: "missing" },
    });
    const items = itemsOf(error);
    expect(items[0]).toEqual(label);
    expect(placeItems(items, marketplaceFr)).toEqual([
      ["blocks.1.label", "100 caractères au plus."],
      ["blocks.0.options.2", "Écrivez ce choix ou retirez-le."],
      ["color", "Entrez une couleur au format #rgb ou #rrggbb, ex. : #0f766e."],
      ["logo", "Image introuvable : envoyez-la de nouveau."],
      [null, "Ce champ est obligatoire."],
    ]);
  });
});

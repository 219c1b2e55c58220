import { describe, expect, it } from "vitest";
import { validate } from "@/lib/core/validation";
import { ValidationError, type ValidationItem } from "@/lib/core/errors";
import { updateMarketplaceForm } from "@/lib/marketplaces/schemas";
import { errorsByKey, kindOf, targetKey, targetOf, validateBlocks, type ErrorKind } from "./errors";
import type { BuilderBlock } from "./edits";

function block(label: string, extra: Partial<BuilderBlock> = {}): BuilderBlock {
  return { id: label || "x", type: "text", label, required: false, description: "", options: [], ...extra };
}

describe("targetOf", () => {
  it.each([
    [["body", "name"], "name"],
    [["body", "color"], "color"],
    [["body", "fee"], "fee"],
    [["body", "is_active"], "is_active"],
    [["body", "logo"], "logo"],
    [["body", "favicon"], "favicon"],
    [["body", "form_blocks"], "blocks"],
    [["body", "form_blocks", "blocks"], "blocks"],
    [["body", "form_blocks", "blocks", 2, "label"], "block.2.label"],
    [["body", "form_blocks", "blocks", 0, "description"], "block.0.description"],
    [["body", "form_blocks", "blocks", 1, "options"], "block.1.options"],
    [["body", "form_blocks", "blocks", 1, "options", 3], "option.1.3"],
    [["body", "form_blocks", "blocks", 4], "block.4.label"],
    [["body", "form_blocks", "blocks", 4, "type"], "block.4.type"],
    [["body"], "form"],
    [["query", "limit"], "form"],
    [["body", "unknown"], "form"],
  ] as const)("%j → %s", (loc, key) => {
    expect(targetKey(targetOf(loc))).toBe(key);
  });
});

describe("validateBlocks", () => {
  it("accepts good blocks", () => {
    expect(validateBlocks([block("Taille", { type: "select", options: [{ id: "o", value: "M" }] }), block("Note")])).toEqual([]);
  });

  it("reports every problem at once, located like the API's 422 items", () => {
    const items = validateBlocks([
      block("Taille", { type: "select", options: [{ id: "o1", value: "S" }, { id: "o2", value: "  " }] }),
      block("   "),
      block("Note", { description: "x".repeat(301) }),
    ]);
    expect(items).toEqual([
      { loc: ["body", "form_blocks", "blocks", 0, "options", 1], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } },
      { loc: ["body", "form_blocks", "blocks", 1, "label"], msg: "String should have at least 1 character", type: "string_too_short", ctx: { min_length: 1 } },
      { loc: ["body", "form_blocks", "blocks", 2, "description"], msg: "String should have at most 300 characters", type: "string_too_long", ctx: { max_length: 300 } },
    ]);
    expect([...errorsByKey(items)]).toEqual([
      ["option.0.1", { kind: "required" }],
      ["block.1.label", { kind: "required" }],
      ["block.2.description", { kind: "tooLong", max: 300 }],
    ]);
  });

  it("says a select needs options", () => {
    const items = validateBlocks([block("Taille", { type: "select", options: [] })]);
    expect(items.map((i) => i.loc)).toEqual([["body", "form_blocks", "blocks", 0, "options"]]);
    expect(kindOf(items[0]!)).toEqual({ kind: "optionsRequired" });
  });

  it("says when there are more than 20 blocks", () => {
    const items = validateBlocks(Array.from({ length: 21 }, (_, i) => block(`B${i}`)));
    expect(items.map((i) => [targetKey(targetOf(i.loc)), kindOf(i)])).toEqual([["blocks", { kind: "tooMany", max: 20 }]]);
  });
});

describe("kindOf reads type and ctx, never the message", () => {
  const at = (...loc: (string | number)[]) => ["body", ...loc];
  it.each<[string, ValidationItem, ErrorKind]>([
    ["a label too long", { loc: at("form_blocks", "blocks", 0, "label"), msg: "…", type: "string_too_long", ctx: { max_length: 100 } }, { kind: "tooLong", max: 100 }],
    ["too many blocks", { loc: at("form_blocks", "blocks"), msg: "…", type: "too_long", ctx: { field_type: "List", max_length: 20, actual_length: 21 } }, { kind: "tooMany", max: 20 }],
    ["too few options", { loc: at("form_blocks", "blocks", 0, "options"), msg: "…", type: "too_short", ctx: { field_type: "List", min_length: 1, actual_length: 0 } }, { kind: "optionsRequired" }],
    ["options missing", { loc: at("form_blocks", "blocks", 0, "options"), msg: "…", type: "missing" }, { kind: "optionsRequired" }],
    ["a name too long", { loc: at("name"), msg: "String should have at most 5 characters", type: "string_too_long", ctx: { max_length: 80 } }, { kind: "tooLong", max: 80 }],
  ])("%s", (_, item, kind) => {
    expect(kindOf(item)).toEqual(kind);
  });
});

describe("kindOf the API's own items", () => {
  function itemsOf(fields: Record<string, string>) {
    try {
      validate(updateMarketplaceForm, fields, "body");
      return [];
    } catch (error) {
      return (error as ValidationError).items;
    }
  }

  it.each([
    [{ color: "teal" }, "color", { kind: "color" }],
    [{ fee: "60" }, "fee", { kind: "fee" }],
    [{ fee: "1.234" }, "fee", { kind: "fee" }],
    [{ name: "x".repeat(81) }, "name", { kind: "tooLong", max: 80 }],
    [{ logo: "http://example.com/a.png" }, "logo", { kind: "image" }],
    [{ form_blocks: "{" }, "blocks", { kind: "invalid" }],
  ])("%j → %s", (fields, key, kind) => {
    const items = itemsOf(fields);
    expect(items).toHaveLength(1);
    expect(targetKey(targetOf(items[0]!.loc))).toBe(key);
    expect(kindOf(items[0]!)).toEqual(kind);
  });
});

import { describe, expect, it } from "vitest";
import { formBlocksInput } from "@/lib/marketplaces/schemas";
import { toFormBlocks } from "@/lib/marketplaces/form-blocks";
import { presentFormBlocks } from "@/lib/marketplaces/present";
import {
  addBlock,
  addOption,
  createBlock,
  duplicateBlock,
  fromResponse,
  MAX_BLOCKS,
  moveBlock,
  moveBlockOnto,
  moveOption,
  removeBlock,
  removeOption,
  restoreBlock,
  sameBlocks,
  setOptions,
  toggleRequired,
  toRequestBody,
  toRequestJson,
  updateBlock,
  updateOption,
  type BuilderBlock,
} from "./edits";

/** Predictable ids: id1, id2, … */
function ids() {
  let n = 0;
  return () => `id${++n}`;
}

function block(id: string, label: string, extra: Partial<BuilderBlock> = {}): BuilderBlock {
  return { id, type: "text", label, required: false, description: "", options: [], ...extra };
}

const three = [block("a", "Taille"), block("b", "Couleur"), block("c", "Adresse")];
const labels = (blocks: BuilderBlock[]) => blocks.map((b) => b.label);

describe("createBlock", () => {
  it("makes an empty optional block of the type", () => {
    expect(createBlock("email", ids())).toEqual({ id: "id1", type: "email", label: "", required: false, description: "", options: [] });
  });

  it("gives a select one empty option to fill in", () => {
    expect(createBlock("select", ids(), "Taille")).toEqual({
      id: "id1",
      type: "select",
      label: "Taille",
      required: false,
      description: "",
      options: [{ id: "id2", value: "" }],
    });
  });
});

describe("addBlock", () => {
  it.each([
    [undefined, ["Taille", "Couleur", "Adresse", "New"]],
    [0, ["New", "Taille", "Couleur", "Adresse"]],
    [1, ["Taille", "New", "Couleur", "Adresse"]],
    [3, ["Taille", "Couleur", "Adresse", "New"]],
    [99, ["Taille", "Couleur", "Adresse", "New"]],
    [-5, ["New", "Taille", "Couleur", "Adresse"]],
  ])("at %s", (index, expected) => {
    expect(labels(addBlock(three, block("n", "New"), index))).toEqual(expected);
  });

  it("stops at the API's limit of 20 blocks", () => {
    const full = Array.from({ length: MAX_BLOCKS }, (_, i) => block(`k${i}`, `B${i}`));
    expect(addBlock(full, block("n", "New"))).toEqual(full);
  });

  it("leaves the original list as it was", () => {
    const before = structuredClone(three);
    addBlock(three, block("n", "New"));
    expect(three).toEqual(before);
  });
});

describe("updateBlock", () => {
  it("changes only the named block's fields", () => {
    const next = updateBlock(three, "b", { label: "Couleur préférée", required: true, description: "Pour l'emballage" });
    expect(next).toEqual([
      three[0],
      { id: "b", type: "text", label: "Couleur préférée", required: true, description: "Pour l'emballage", options: [] },
      three[2],
    ]);
    expect(next[0]).toBe(three[0]); // untouched blocks keep their identity (cheap re-renders)
  });

  it("gives a block turned into a select one empty option", () => {
    expect(updateBlock(three, "a", { type: "select" }, ids())[0]).toEqual(block("a", "Taille", { type: "select", options: [{ id: "id1", value: "" }] }));
  });

  it("keeps a select's options when its type changes, so switching back restores them", () => {
    const select = [block("a", "Taille", { type: "select", options: [{ id: "o1", value: "S" }, { id: "o2", value: "M" }] })];
    const asText = updateBlock(select, "a", { type: "text" });
    expect(asText[0]!.options).toEqual(select[0]!.options);
    expect(toRequestBody(asText).blocks[0]).toEqual({ type: "text", label: "Taille", required: false });
    expect(updateBlock(asText, "a", { type: "select" })).toEqual(select);
  });

  it("ignores an unknown id", () => {
    expect(updateBlock(three, "zz", { label: "X" })).toEqual(three);
  });
});

describe("removeBlock, toggleRequired, duplicateBlock", () => {
  it("removes one block", () => {
    expect(labels(removeBlock(three, "b"))).toEqual(["Taille", "Adresse"]);
    expect(removeBlock(three, "zz")).toEqual(three);
  });

  it("toggles required back and forth", () => {
    const once = toggleRequired(three, "c");
    expect(once.map((b) => b.required)).toEqual([false, false, true]);
    expect(toggleRequired(once, "c")).toEqual(three);
  });

  it("duplicates a block right after it, with new ids for it and its options", () => {
    const list = [block("a", "Taille", { type: "select", options: [{ id: "o1", value: "S" }] }), block("b", "Couleur")];
    expect(duplicateBlock(list, "a", ids())).toEqual([
      list[0],
      block("id1", "Taille", { type: "select", options: [{ id: "id2", value: "S" }] }),
      list[1],
    ]);
  });
});

describe("restoreBlock (undo a deletion)", () => {
  it.each<[string, BuilderBlock[], number, number, string[]]>([
    ["back at its place", removeBlock(three, "b"), 1, 1, ["Taille", "Couleur", "Adresse"]],
    ["the first one back first", removeBlock(three, "a"), 0, 0, ["Taille", "Couleur", "Adresse"]],
    ["the last one back last", removeBlock(three, "c"), 2, 2, ["Taille", "Couleur", "Adresse"]],
    ["a place past the end (others were deleted since): at the end", [three[0]!], 1, 2, ["Taille", "Couleur"]],
    ["already there (undone twice): unchanged", three, 1, 1, ["Taille", "Couleur", "Adresse"]],
  ])("%s", (_name, list, which, index, expected) => {
    expect(labels(restoreBlock(list, three[which]!, index))).toEqual(expected);
  });

  it("keeps changes made since the deletion", () => {
    const edited = updateBlock(removeBlock(three, "b"), "c", { label: "Adresse de livraison" });
    expect(labels(restoreBlock(edited, three[1]!, 1))).toEqual(["Taille", "Couleur", "Adresse de livraison"]);
  });

  it("a full list stays full", () => {
    const full = Array.from({ length: MAX_BLOCKS }, (_, i) => block(`f${i}`, `Q${i}`));
    expect(restoreBlock(full, three[1]!, 0)).toEqual(full);
  });
});

describe("moveBlock", () => {
  it.each([
    [0, 2, ["Couleur", "Adresse", "Taille"]],
    [2, 0, ["Adresse", "Taille", "Couleur"]],
    [0, 1, ["Couleur", "Taille", "Adresse"]],
    [1, 1, ["Taille", "Couleur", "Adresse"]],
    [-1, 1, ["Taille", "Couleur", "Adresse"]],
    [0, 3, ["Taille", "Couleur", "Adresse"]],
  ])("from %i to %i", (from, to, expected) => {
    expect(labels(moveBlock(three, from, to))).toEqual(expected);
  });

  it("keeps every block's id (sortable ids never change)", () => {
    expect(moveBlock(three, 0, 2).map((b) => b.id)).toEqual(["b", "c", "a"]);
  });

  it("moves by ids, as a drag ends: the active block takes the place of the one it is over", () => {
    expect(labels(moveBlockOnto(three, "a", "c"))).toEqual(["Couleur", "Adresse", "Taille"]);
    expect(labels(moveBlockOnto(three, "c", "b"))).toEqual(["Taille", "Adresse", "Couleur"]);
    expect(moveBlockOnto(three, "a", null)).toEqual(three);
    expect(moveBlockOnto(three, "a", "zz")).toEqual(three);
    expect(moveBlockOnto(three, "a", "a")).toEqual(three);
  });
});

describe("options", () => {
  const select = [block("s", "Taille", { type: "select", options: [{ id: "o1", value: "S" }] }), block("t", "Note")];

  it("adds, edits, reorders and removes options of one block", () => {
    const makeId = ids();
    let next = addOption(select, "s", "M", makeId);
    next = addOption(next, "s", "", makeId);
    next = updateOption(next, "s", "id2", "L");
    expect(next[0]!.options).toEqual([
      { id: "o1", value: "S" },
      { id: "id1", value: "M" },
      { id: "id2", value: "L" },
    ]);
    next = moveOption(next, "s", 2, 0);
    expect(next[0]!.options.map((o) => o.value)).toEqual(["L", "S", "M"]);
    next = removeOption(next, "s", "o1");
    expect(next[0]!.options).toEqual([
      { id: "id2", value: "L" },
      { id: "id1", value: "M" },
    ]);
    expect(next[1]).toBe(select[1]);
  });

  it("replaces all options at once", () => {
    expect(setOptions(select, "s", ["XS", "S", "M"], ids())[0]!.options).toEqual([
      { id: "id1", value: "XS" },
      { id: "id2", value: "S" },
      { id: "id3", value: "M" },
    ]);
  });
});

describe("toRequestJson / fromResponse", () => {
  const built: BuilderBlock[] = [
    block("a", " Taille ", { type: "select", required: true, options: [{ id: "o1", value: "S" }, { id: "o2", value: " M " }] }),
    block("b", "Message au vendeur", { type: "textarea", description: "  Facultatif  " }),
    block("c", "J'accepte les conditions", { type: "checkbox", required: true }),
  ];

  it("writes the form_blocks text the API takes", () => {
    expect(JSON.parse(toRequestJson(built))).toEqual({
      blocks: [
        { type: "select", label: "Taille", required: true, options: ["S", "M"] },
        { type: "textarea", label: "Message au vendeur", required: false, description: "Facultatif" },
        { type: "checkbox", label: "J'accepte les conditions", required: true },
      ],
    });
    expect(toRequestJson([])).toBe('{"blocks":[]}');
  });

  it("is accepted by the API's own schema", () => {
    expect(formBlocksInput.safeParse(toRequestBody(built)).success).toBe(true);
  });

  it("reads back what the API answers, in order, as the same blocks", () => {
    const response = presentFormBlocks(toFormBlocks(toRequestBody(built).blocks)); // what the API stores and returns
    const read = fromResponse(response, ids());
    expect(read.map((b) => b.type)).toEqual(["select", "textarea", "checkbox"]);
    expect(read[0]).toEqual({
      id: "id1",
      type: "select",
      label: "Taille",
      required: true,
      description: "",
      options: [
        { id: "id2", value: "S" },
        { id: "id3", value: "M" },
      ],
    });
    expect(sameBlocks(read, built)).toBe(true);
    expect(sameBlocks(moveBlock(read, 0, 1), built)).toBe(false);
  });
});

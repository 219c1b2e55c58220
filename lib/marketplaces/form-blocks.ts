import type { FormBlock } from "@/lib/core/form-block-shape";
import type { BlockInput } from "./schemas";

/** A field name from a label: lower-case ASCII words joined by `_` ("Taille (EU)" → "taille_eu"). */
export function slugify(label: string): string {
  const slug = label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+/, "")
    .slice(0, 60)
    .replace(/_+$/, ""); // after the cut, which may fall between two words
  return slug || "field";
}

/** The stored (and returned) form blocks of a marketplace: field names unique within it. */
export function toFormBlocks(blocks: BlockInput[]): FormBlock[] {
  const taken = new Set<string>();
  return blocks.map((block) => {
    const base = slugify(block.label);
    let fieldName = base;
    for (let n = 2; taken.has(fieldName); n++) fieldName = `${base}_${n}`;
    taken.add(fieldName);
    return {
      fieldName,
      fieldType: block.type,
      required: block.required ?? false,
      fieldLabel: block.label.trim(),
      fieldDescription: block.description?.trim() ?? "",
      fieldOptions: block.type === "select" ? (block.options ?? []).map((o) => ({ name: o.trim(), value: o.trim() })) : [],
    };
  });
}

import type { ValidationItem } from "@/lib/core/errors";
import { toItem } from "@/lib/core/validation";
import { formBlocksInput } from "@/lib/marketplaces/schemas";
import { toRequestBody, type BuilderBlock } from "./edits";

// The API answers a bad marketplace with FastAPI-style 422 items (`loc` like
// ["body","form_blocks","blocks",2,"label"]). These helpers check the builder's blocks with the
// API's own schema, in the same words, and say which input of the settings form an item is about.

/** Where an error shows in the settings form. */
export type ErrorTarget =
  | { field: "name" | "color" | "fee" | "is_active" | "logo" | "favicon" }
  /** the builder as a whole (too many blocks, unreadable JSON) */
  | { field: "blocks" }
  | { field: "block"; index: number; part: "type" | "label" | "description" | "options" | "required" }
  | { field: "option"; index: number; option: number }
  | { field: "form" };

const TOP_FIELDS = new Set(["name", "color", "fee", "is_active", "logo", "favicon"]);
const BLOCK_PARTS = new Set(["type", "label", "description", "options", "required"]);

export function targetOf(loc: readonly (string | number)[]): ErrorTarget {
  const [where, field, ...rest] = loc;
  if (where !== "body" || field === undefined) return { field: "form" };
  if (typeof field === "string" && TOP_FIELDS.has(field)) return { field } as ErrorTarget;
  if (field !== "form_blocks") return { field: "form" };
  const [blocks, index, part, option] = rest;
  if (blocks !== "blocks" || typeof index !== "number") return { field: "blocks" };
  if (part === "options" && typeof option === "number") return { field: "option", index, option };
  if (typeof part === "string" && BLOCK_PARTS.has(part)) return { field: "block", index, part } as ErrorTarget;
  return { field: "block", index, part: "label" };
}

/** The key of an error target, to find the messages of one input: `name`, `block.2.label`, `option.2.0`. */
export function targetKey(target: ErrorTarget): string {
  switch (target.field) {
    case "block":
      return `block.${target.index}.${target.part}`;
    case "option":
      return `option.${target.index}.${target.option}`;
    default:
      return target.field;
  }
}

/** The builder's blocks checked as the API will check them, as the API's 422 items would say it. */
export function validateBlocks(blocks: readonly BuilderBlock[]): ValidationItem[] {
  const result = formBlocksInput.safeParse(toRequestBody(blocks), { reportInput: true });
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const item = toItem(issue, "body");
    return { ...item, loc: ["body", "form_blocks", ...item.loc.slice(1)] };
  });
}

/** What went wrong, as a merchant reads it; the UI turns a kind into a sentence in its language. */
export type ErrorKind =
  | { kind: "required" }
  | { kind: "tooLong"; max: number }
  | { kind: "tooShort"; min: number }
  | { kind: "tooMany"; max: number }
  | { kind: "optionsRequired" }
  | { kind: "color" }
  | { kind: "fee" }
  | { kind: "image" }
  | { kind: "invalid" };

/** What an item means, from its `type`, its `ctx` (the limit) and where it is; never from `msg`. */
export function kindOf(item: ValidationItem): ErrorKind {
  const ctx = item.ctx ?? {};
  const last = item.loc[item.loc.length - 1];
  switch (item.type) {
    case "missing":
      return last === "options" ? { kind: "optionsRequired" } : { kind: "required" };
    case "string_too_short":
      return { kind: "required" };
    case "string_too_long":
      return { kind: "tooLong", max: Number(ctx.max_length) };
    case "too_short":
      return last === "options" ? { kind: "optionsRequired" } : { kind: "tooShort", min: Number(ctx.min_length) };
    case "too_long":
      return { kind: "tooMany", max: Number(ctx.max_length) };
  }
  if (last === "color") return { kind: "color" };
  if (last === "fee") return { kind: "fee" };
  if (last === "logo" || last === "favicon") return { kind: "image" };
  return { kind: "invalid" };
}

/** Items grouped by the key of the input they belong to (first item of each input wins). */
export function errorsByKey(items: readonly ValidationItem[]): Map<string, ErrorKind> {
  const map = new Map<string, ErrorKind>();
  for (const item of items) {
    const key = targetKey(targetOf(item.loc));
    if (!map.has(key)) map.set(key, kindOf(item));
  }
  return map;
}

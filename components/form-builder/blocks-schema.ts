import { z } from "zod";
import { kindOf, targetOf, validateBlocks, type ErrorKind } from "@/lib/form-builder/errors";
import type { BuilderBlock } from "@/lib/form-builder/edits";
import { fill } from "@/lib/core/fill";
import type { MarketplaceWords } from "@/lib/i18n";
import type { ValidationItem } from "@/lib/core/errors";

// The questions of a form builder as a react-hook-form field: checked with the API's own block
// schema (lib/marketplaces/schemas.ts, which payment pages reuse), each problem on the input it is
// about, in the merchant's words. Shared by the marketplace's settings and the payment-page form.

function kindMessage(kind: ErrorKind, words: MarketplaceWords): string {
  const e = words.errors;
  switch (kind.kind) {
    case "required":
      return e.required;
    case "tooLong":
      return fill(e.tooLong, { n: kind.max });
    case "tooShort":
      return e.required;
    case "tooMany":
      return fill(e.tooMany, { n: kind.max });
    case "optionsRequired":
      return e.optionsRequired;
    case "color":
      return words.color.invalid;
    case "fee":
      return words.settings.feeInvalid;
    case "image":
      return e.image;
    default:
      return e.invalid;
  }
}

/** One 422 item (the API's, or the same check made here) in the merchant's words. */
export function itemMessage(item: ValidationItem, words: MarketplaceWords): string {
  const kind = kindOf(item);
  // an empty choice gets its own words: "write this choice or remove it"
  if (targetOf(item.loc).field === "option" && kind.kind === "required") return words.errors.optionRequired;
  return kindMessage(kind, words);
}

/** The blocks checked as the API checks them; each problem on the input it is about (`2.label`, `1.options.0`). */
export function blocksSchema(words: MarketplaceWords) {
  return z.array(z.custom<BuilderBlock>()).superRefine((blocks, ctx) => {
    for (const item of validateBlocks(blocks)) {
      ctx.addIssue({ code: "custom", path: item.loc.slice(3), message: itemMessage(item, words) });
    }
  });
}

/**
 * The message of one builder input from react-hook-form's errors of the blocks field: `""` is the
 * list itself (too many questions), on the field or its `root` (react-hook-form's get() stops at
 * arrays, and the blocks' errors are one: the path is walked here).
 */
export function blockErrorOf(errors: unknown, path: string): string | undefined {
  const at = errors as { root?: unknown } | undefined;
  const found: unknown = path === "" ? (at?.root ?? at) : path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
  const message = (found as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

import { z } from "zod";
import { blocksSchema, itemMessage } from "@/components/form-builder/blocks-schema";
import { targetOf, type ErrorTarget } from "@/lib/form-builder/errors";
import type { MarketplaceWords } from "@/lib/i18n";
import { createMarketplaceForm } from "@/lib/marketplaces/schemas";
import type { ApiRequestError, ValidationItem } from "@/lib/query/api-fetch";

// The settings form, derived from the API's multipart schema (lib/marketplaces/schemas.ts): the
// same rules for name, colour and fee, the blocks checked by the API's formBlocksInput; only the
// messages are the merchant's (fr/en). Where the API takes empty text as "unchanged", the form
// asks for a value.

const api = createMarketplaceForm.shape;

/** "2,5" → "2.5": French keyboards write decimals with a comma; the API reads a dot. */
export const commaToDot = (value: string) => value.replace(",", ".");

/** A rule of the API's schema, with our message when it fails (or when the text is empty). */
function sameAsApi(schema: z.ZodType, message: string) {
  return z.string().superRefine((value, ctx) => {
    if (value.trim() === "" || !schema.safeParse(value).success) ctx.addIssue({ code: "custom", message });
  });
}

export function identitySchema(words: MarketplaceWords) {
  return z.object({
    name: api.name,
    color: sameAsApi(api.color, words.color.invalid),
    fee: sameAsApi(api.fee, words.settings.feeInvalid),
  });
}

/** `delayInvalid`: the sellers' words for a payout hold out of 0–30 days (lib/i18n/sellers-*.ts). */
export function settingsSchema(words: MarketplaceWords, delayInvalid: string) {
  return identitySchema(words).extend({
    is_active: z.boolean(),
    seller_payout_delay_days: sameAsApi(api.seller_payout_delay_days, delayInvalid),
    blocks: blocksSchema(words),
  });
}

export type IdentityValues = z.input<ReturnType<typeof identitySchema>>;
export type SettingsValues = z.input<ReturnType<typeof settingsSchema>>;

/** The RHF path of an error target: `name`, `blocks.2.label`, `blocks.1.options.0`, `blocks`. */
function formPathOf(target: ErrorTarget): string | null {
  switch (target.field) {
    case "block":
      return `blocks.${target.index}.${target.part === "type" || target.part === "required" ? "label" : target.part}`;
    case "option":
      return `blocks.${target.index}.options.${target.option}`;
    case "form":
      return null;
    default:
      return target.field;
  }
}

/** The 422 items of an API error, one per input (apiFetch keeps the first of each). */
export function itemsOf(error: ApiRequestError): ValidationItem[] {
  return Object.values(error.fieldErrors);
}

/** Each 422 item as [form path, or null for the form itself; message in the merchant's words], one per input. */
export function placeItems(items: ValidationItem[], words: MarketplaceWords): [string | null, string][] {
  const seen = new Set<string | null>();
  const placed: [string | null, string][] = [];
  for (const item of items) {
    const path = formPathOf(targetOf(item.loc));
    if (seen.has(path)) continue;
    seen.add(path);
    placed.push([path, itemMessage(item, words)]);
  }
  return placed;
}

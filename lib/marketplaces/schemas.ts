import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { parseJsonText } from "@/lib/core/json-text";
import { ValidationError } from "@/lib/core/errors";
import { boolean, optional } from "@/lib/core/lenient";
import { defineOperations, keyErrors } from "@/lib/core/operation";
import { blockTypes, formBlock, type BlockType, type FormBlock } from "@/lib/core/form-block-shape";
import { UUID_ANY_CASE_SOURCE, isUuid } from "@/lib/core/uuid";

// Marketplace: interface §2.4 and §4.3, DESIGN §4. Requests are multipart text parts.

export { blockTypes, formBlock, type BlockType, type FormBlock };

export const blockInput = z
  .object({
    type: z.enum(blockTypes),
    label: z.string().trim().min(1).max(100),
    required: optional(boolean(), false),
    description: optional(z.string().trim().max(300), ""),
    options: optional(z.array(z.string().trim().min(1).max(100)).min(1).max(50)),
  })
  .superRefine((block, ctx) => {
    // a select block needs its options: reported as the field missing
    if (block.type === "select" && !block.options) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "Field required", params: { type: "missing" } });
    }
  })
  // the rule above for the reference
  .meta({ if: { properties: { type: { const: "select" } } }, then: { required: ["options"] } });
export type BlockInput = z.input<typeof blockInput>;

export const formBlocksInput = z.object({ blocks: z.array(blockInput).max(20) });

// Rules written as patterns carry themselves into the OpenAPI document; empty text is "unchanged".
const HEX_COLOR = /^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$/;
/** 0 to 50 with at most 2 decimals ("05", "12.5", "50.00"). */
const DELAY_DAYS = /^(30|[12]?\d)?$/;
const FEE = /^(50(\.0{1,2})?|[0-4]?\d(\.\d{1,2})?)?$/;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const imageRef = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === "" || v === "none" || isHttpsUrl(v) || isUuid(v), {
    message: "must be an https URL, the id of an uploaded file, or none",
  })
  // the rule above for the reference (test/api/openapi.test.ts tries both on the same values)
  .meta({
    pattern: `^(https://[^\\s/?#]+[^\\s]*|${UUID_ANY_CASE_SOURCE}|none)?$`,
    description: "An absolute https URL (at most 2048 characters), the id of a file uploaded before, or `none` to remove it (empty text leaves it unchanged)",
  });

/** `form_blocks` arrives as JSON text: `{"blocks": [{"type", "label", "required", …}]}`; empty text = unchanged. */
const formBlocksText = z
  .string()
  .transform((text, ctx) => {
    if (text.trim() === "") return undefined;
    try {
      return parseJsonText(text); // nesting bounded before zod walks it
    } catch (error) {
      // the decoder's words (ctx.error) as parseJsonText reported them
      const decoder = error instanceof ValidationError ? error.items[0]?.ctx : undefined;
      ctx.addIssue({ code: "custom", message: "JSON decode error", params: { type: "json_invalid", ctx: decoder } });
      return z.NEVER;
    }
  })
  .pipe(formBlocksInput.optional())
  // what the text holds, for the reference: JSON Schema's own words for a JSON document in a string
  .meta({ contentMediaType: "application/json", contentSchema: formBlocksContentSchema() })
  .describe('JSON text: {"blocks": [{"type", "label", "required", "description"?, "options"?}]}, at most 20 blocks (empty text: unchanged)');

function formBlocksContentSchema(): Record<string, unknown> {
  const schema: Record<string, unknown> = { ...z.toJSONSchema(formBlocksInput, { io: "input", unrepresentable: "any" }) };
  delete schema.$schema;
  return schema;
}

const textParts = {
  name: singleLine(80, { min: 0 }).describe("1–80 characters, one line; empty text leaves it unchanged"),
  color: z
    .string()
    .trim()
    .regex(HEX_COLOR, { message: "must be a hex colour like #0f766e" })
    .describe("#rgb or #rrggbb, stored as lower-case #rrggbb; default #0f766e"),
  fee: z
    .string()
    .trim()
    .regex(FEE, { message: "must be a number from 0 to 50 with at most 2 decimals" })
    .describe("Commission in percent, decimal text from 0 to 50 with at most 2 decimals (a dot, not a comma)"),
  logo: imageRef,
  favicon: imageRef,
  form_blocks: formBlocksText,
  is_active: boolean().describe("The on/off switch: `true` or `false` (also 1/0, yes/no, on/off)"),
  seller_payout_delay_days: z
    .string()
    .trim()
    .regex(DELAY_DAYS, { message: "must be a whole number of days from 0 to 30" })
    .describe(
      "Days a sale's seller share is held before it is paid out, 0–30 (default 0: at once); a refund meanwhile takes it back from the seller (`seller_share` reverse). Applies to sales that succeed after the change; empty text leaves it unchanged",
    ),
};

export const updateMarketplaceForm = z.object({
  name: textParts.name.optional(),
  color: textParts.color.optional(),
  fee: textParts.fee.optional(),
  logo: textParts.logo.optional(),
  favicon: textParts.favicon.optional(),
  form_blocks: textParts.form_blocks.optional(),
  is_active: textParts.is_active.optional(),
  seller_payout_delay_days: textParts.seller_payout_delay_days.optional(),
});
export const createMarketplaceForm = updateMarketplaceForm.extend({
  name: singleLine(80).describe("1–80 characters, one line"),
});
export type MarketplaceForm = z.output<typeof updateMarketplaceForm>;

export const marketplaceFiles = {
  "logo.0": "Logo image: PNG, JPEG, WebP or GIF, at most 2 MB (checked by its bytes)",
  "favicon.0": "Favicon image: PNG, JPEG, WebP, GIF or ICO, at most 512 KB (checked by its bytes)",
};

export const fileObject = z
  .object({
    url: z.string(),
    id: z.uuid().nullable(),
    entityType: z.string(),
    contentType: z.string(),
    fileName: z.string(),
    fileType: z.string(),
    fileKey: z.string(),
    fileSize: z.int(),
  })
  .meta({ id: "File" });


export const marketplace = z
  .object({
    id: z.uuid(),
    fee: z.number(),
    is_active: z.boolean(),
    api_key_id: z.uuid().nullable(),
    created_at: z.iso.datetime(),
    name: z.string(),
    color: z.string(),
    logo: fileObject.nullable(),
    favicon: z.string(),
    form_blocks: z.array(formBlock),
    seller_payout_delay_days: z.int().describe("Days a sale's seller share is held before it is paid out (0: at once)"),
  })
  .meta({ id: "Marketplace" });

const uploadErrors = ["FILE_TOO_LARGE", "UNSUPPORTED_FILE_TYPE", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"] as const;

export const marketplaceOperations = defineOperations("Marketplace", {
  create: {
    method: "POST",
    path: "/v1/api/marketplace",
    summary: "Create your marketplace",
    description: "One marketplace per account and mode. Multipart: text parts and the `logo.0` / `favicon.0` files.",
    auth: "key",
    body: createMarketplaceForm,
    example: {
      name: "Marché Akwa",
      color: "#0f766e",
      fee: "5",
      form_blocks: JSON.stringify({
        blocks: [
          { type: "text", label: "Adresse de livraison", required: true },
          { type: "select", label: "Taille", required: false, options: ["S", "M", "L"] },
        ],
      }),
    },
    bodyKind: "multipart",
    files: marketplaceFiles,
    response: marketplace,
    errors: [...keyErrors, "MARKETPLACE_ALREADY_EXISTS", ...uploadErrors],
  },
  update: {
    method: "PATCH",
    path: "/v1/api/marketplace/",
    summary: "Update your marketplace",
    description:
      "Changes only the parts sent; empty text for `name`, `color` or `form_blocks` leaves them as they are. `is_active` switches the storefront on or off.",
    auth: "key",
    body: updateMarketplaceForm,
    example: { color: "#1d4ed8", fee: "7.5", seller_payout_delay_days: "7" },
    bodyKind: "multipart",
    files: marketplaceFiles,
    response: marketplace,
    errors: [...keyErrors, "MARKETPLACE_NOT_FOUND", ...uploadErrors],
  },
  get: {
    method: "GET",
    path: "/v1/api/marketplace",
    summary: "Get your marketplace",
    auth: "key",
    response: marketplace,
    errors: [...keyErrors, "MARKETPLACE_NOT_FOUND"],
  },
});

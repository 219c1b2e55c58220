import { z } from "zod";
import { parseJsonText } from "@/lib/http/json-text";
import { defineOperation } from "@/lib/http/operation";
import { blockTypes, formBlock, type BlockType, type FormBlock } from "./form-block";

// Marketplace: interface §2.4 and §4.3, DESIGN §4. Requests are multipart text parts.

export { blockTypes, formBlock, type BlockType, type FormBlock };

export const blockInput = z
  .object({
    type: z.enum(blockTypes),
    label: z.string().trim().min(1).max(100),
    required: z.boolean().default(false),
    description: z.string().trim().max(300).default(""),
    options: z.array(z.string().trim().min(1).max(100)).min(1).max(50).optional(),
  })
  .superRefine((block, ctx) => {
    if (block.type === "select" && !block.options) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "options are required for a select block" });
    }
  });
export type BlockInput = z.input<typeof blockInput>;

export const formBlocksInput = z.object({ blocks: z.array(blockInput).max(20) });

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FEE = /^\d{1,2}(\.\d{1,2})?$/;

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
  .refine((v) => v === "" || isHttpsUrl(v) || UUID.test(v), { message: "must be an https URL or the id of an uploaded file" })
  .describe("An absolute https URL, or the id of a file uploaded before");

/** `form_blocks` arrives as JSON text: `{"blocks": [{"type", "label", "required", …}]}`; empty text = unchanged. */
const formBlocksText = z
  .string()
  .transform((text, ctx) => {
    if (text.trim() === "") return undefined;
    try {
      return parseJsonText(text); // nesting bounded before zod walks it
    } catch {
      ctx.addIssue({ code: "custom", message: "JSON decode error", params: { type: "json_invalid" } });
      return z.NEVER;
    }
  })
  .pipe(formBlocksInput.optional())
  .describe('JSON text: {"blocks": [{"type", "label", "required", "description"?, "options"?}]}, at most 20 blocks');

const textParts = {
  name: z.string().trim().max(80).describe("1–80 characters; empty text leaves it unchanged"),
  color: z
    .string()
    .trim()
    .refine((v) => v === "" || HEX_COLOR.test(v), { message: "must be a hex colour like #0f766e" })
    .describe("#rgb or #rrggbb; default #0f766e"),
  fee: z
    .string()
    .trim()
    .refine((v) => v === "" || (FEE.test(v) && Number(v) <= 50), {
      message: "must be a number from 0 to 50 with at most 2 decimals",
    })
    .describe("Commission in percent, 0–50, at most 2 decimals"),
  logo: imageRef,
  favicon: imageRef,
  form_blocks: formBlocksText,
  is_active: z.enum(["true", "false"]).describe("The on/off switch"),
};

export const updateMarketplaceForm = z.object({
  name: textParts.name.optional(),
  color: textParts.color.optional(),
  fee: textParts.fee.optional(),
  logo: textParts.logo.optional(),
  favicon: textParts.favicon.optional(),
  form_blocks: textParts.form_blocks.optional(),
  is_active: textParts.is_active.optional(),
});
export const createMarketplaceForm = updateMarketplaceForm.extend({
  name: z.string().trim().min(1).max(80).describe("1–80 characters"),
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
  })
  .meta({ id: "Marketplace" });

const tag = "Marketplace";
const keyErrors = ["NO_API_KEY_PROVIDED", "API_KEY_NOT_FOUND"] as const;
const uploadErrors = ["FILE_TOO_LARGE", "UNSUPPORTED_FILE_TYPE", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE"] as const;

export const marketplaceOperations = {
  create: defineOperation({
    method: "POST",
    path: "/v1/api/marketplace",
    tag,
    summary: "Create your marketplace",
    description: "One marketplace per account and mode. Multipart: text parts and the `logo.0` / `favicon.0` files.",
    auth: "key",
    body: createMarketplaceForm,
    bodyKind: "multipart",
    files: marketplaceFiles,
    response: marketplace,
    errors: [...keyErrors, "MARKETPLACE_ALREADY_EXISTS", ...uploadErrors],
  }),
  update: defineOperation({
    method: "PATCH",
    path: "/v1/api/marketplace/",
    tag,
    summary: "Update your marketplace",
    description:
      "Changes only the parts sent; empty text for `name`, `color` or `form_blocks` leaves them as they are. `is_active` switches the storefront on or off.",
    auth: "key",
    body: updateMarketplaceForm,
    bodyKind: "multipart",
    files: marketplaceFiles,
    response: marketplace,
    errors: [...keyErrors, "MARKETPLACE_NOT_FOUND", ...uploadErrors],
  }),
  get: defineOperation({
    method: "GET",
    path: "/v1/api/marketplace",
    tag,
    summary: "Get your marketplace",
    auth: "key",
    response: marketplace,
    errors: [...keyErrors, "MARKETPLACE_NOT_FOUND"],
  }),
};

import type { z } from "zod";
import { findFilesById } from "@/lib/files/queries";
import { fileUrl, presentFile } from "@/lib/files/store-upload";
import type { MarketplaceRow } from "./queries";
import type { FormBlock } from "@/lib/core/form-block-shape";
import type { formBlock, marketplace } from "./schemas";

/** The logo and favicon as URLs (what marketplace links copy and checkout pages show). */
export async function brandingUrls(row: MarketplaceRow) {
  const files = await findFilesById([row.logoFileId, row.faviconFileId].filter((id): id is string => Boolean(id)));
  const logo = row.logoFileId ? files.get(row.logoFileId) : undefined;
  const favicon = row.faviconFileId ? files.get(row.faviconFileId) : undefined;
  return {
    logoFile: logo,
    logoUrl: logo ? fileUrl(logo.fileKey) : row.logoUrl,
    faviconUrl: favicon ? fileUrl(favicon.fileKey) : row.faviconUrl,
  };
}

/**
 * The marketplace of the interface (§2.4). `logo` is the file object; a logo given as an https URL
 * has no stored file, so its object carries only `url` (id null, other fields empty).
 */
export async function presentMarketplace(row: MarketplaceRow): Promise<z.output<typeof marketplace>> {
  const { logoFile, logoUrl, faviconUrl } = await brandingUrls(row);
  const logo = logoFile
    ? presentFile(logoFile)
    : logoUrl
      ? { url: logoUrl, id: null, entityType: "marketplace_logo", contentType: "", fileName: "", fileType: "", fileKey: "", fileSize: 0 }
      : null;
  return {
    id: row.id,
    fee: Number(row.fee),
    is_active: row.isActive,
    api_key_id: row.apiKeyId,
    created_at: row.createdAt.toISOString(),
    name: row.name,
    color: row.color,
    logo,
    favicon: faviconUrl,
    form_blocks: presentFormBlocks(row.formBlocks),
    seller_payout_delay_days: row.sellerPayoutDelayDays,
  };
}

/** Form blocks in the interface's key order (jsonb keeps keys in its own order). */
export function presentFormBlocks(blocks: FormBlock[]): z.output<typeof formBlock>[] {
  return blocks.map((b) => ({
    fieldName: b.fieldName,
    fieldType: b.fieldType as z.output<typeof formBlock>["fieldType"],
    required: b.required,
    fieldLabel: b.fieldLabel,
    fieldDescription: b.fieldDescription,
    fieldOptions: b.fieldOptions.map((o) => ({ name: o.name, value: o.value })),
  }));
}

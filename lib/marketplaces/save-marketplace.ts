import { and, eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { apiKeys, marketplaces } from "@/lib/db/schema";
import { findOwnFile } from "@/lib/files/queries";
import { deleteUnreferencedFiles } from "@/lib/files/delete-files";
import { assertStorageQuota, checkUpload, saveUpload, uploadRules, type CheckedUpload, type UploadRule } from "@/lib/files/store-upload";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import { toFormBlocks } from "./form-blocks";
import { findMarketplace, getMarketplaceOrThrow } from "./queries";
import type { MarketplaceForm } from "./schemas";

export const DEFAULT_COLOR = "#0f766e";

/** Creates the caller's marketplace (one per account and mode). */
export async function createMarketplace(auth: Auth, form: MarketplaceForm & { name: string }, files: Record<string, File>) {
  if (await findMarketplace(auth)) throw new ApiError("MARKETPLACE_ALREADY_EXISTS");
  const { changes, uploaded } = await resolveChanges(auth, form, files);
  const db = await getDb();
  const apiKeyId = auth.apiKeyId ?? (await firstKeyId(auth));
  const [row] = await withUploads(uploaded, () =>
    db
      .insert(marketplaces)
      .values({ accountId: auth.accountId, mode: auth.mode, apiKeyId, name: form.name, color: DEFAULT_COLOR, ...changes })
      .onConflictDoNothing()
      .returning(),
  );
  if (!row) {
    await deleteUnreferencedFiles(uploaded);
    throw new ApiError("MARKETPLACE_ALREADY_EXISTS");
  }
  return row;
}

/** Changes only the parts sent; empty text for name, color, form_blocks, logo or favicon changes nothing. */
export async function updateMarketplace(auth: Auth, form: MarketplaceForm, files: Record<string, File>) {
  const current = await getMarketplaceOrThrow(auth);
  const { changes, uploaded } = await resolveChanges(auth, form, files);
  if (Object.keys(changes).length === 0) return current;
  const db = await getDb();
  const { row, replaced } = await withUploads(uploaded, () =>
    db.transaction(async (tx) => {
      // the files in place at the moment of the change (a concurrent update may have changed them)
      const [before] = await tx
        .select({ logoFileId: marketplaces.logoFileId, faviconFileId: marketplaces.faviconFileId })
        .from(marketplaces)
        .where(and(ownedBy(marketplaces, auth), eq(marketplaces.id, current.id)))
        .for("update");
      const [row] = await tx
        .update(marketplaces)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(ownedBy(marketplaces, auth), eq(marketplaces.id, current.id)))
        .returning();
      const replaced = [before?.logoFileId, before?.faviconFileId].filter(
        (id): id is string => Boolean(id) && id !== row?.logoFileId && id !== row?.faviconFileId,
      );
      return { row, replaced };
    }),
  );
  // after the commit: a replaced logo or favicon goes, unless a marketplace link still shows it
  await deleteUnreferencedFiles(replaced);
  return row ?? current;
}

/** Runs the write that uses new uploads; if it fails, the uploads (referenced by nothing) are deleted. */
async function withUploads<T>(uploaded: string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await deleteUnreferencedFiles(uploaded).catch(() => {});
    throw error;
  }
}

type Changes = Partial<Omit<typeof marketplaces.$inferInsert, "id" | "accountId" | "mode">>;

/** The columns to change, and the ids of the files this request stored (to delete if the write fails). */
async function resolveChanges(auth: Auth, form: MarketplaceForm, files: Record<string, File>) {
  const changes: Changes = {};
  if (form.name) changes.name = form.name;
  if (form.color) changes.color = normalizeColor(form.color);
  if (form.fee !== undefined && form.fee !== "") changes.fee = Number(form.fee).toFixed(2);
  if (form.is_active !== undefined) changes.isActive = form.is_active;
  if (form.seller_payout_delay_days) changes.sellerPayoutDelayDays = Number(form.seller_payout_delay_days);
  if (form.form_blocks) changes.formBlocks = toFormBlocks(form.form_blocks.blocks);
  // Check references and every upload before storing any, so a bad request leaves no file behind.
  const logo = await resolveImage(auth, "logo", form.logo);
  const favicon = await resolveImage(auth, "favicon", form.favicon);
  const logoUpload = files["logo.0"] && (await checkUpload(files["logo.0"], uploadRules.logo));
  const faviconUpload = files["favicon.0"] && (await checkUpload(files["favicon.0"], uploadRules.favicon));
  await assertStorageQuota(auth, [logoUpload, faviconUpload].filter((u): u is CheckedUpload => Boolean(u)));
  const logoFile = logoUpload ? await saveUpload(auth, logoUpload) : undefined;
  const faviconFile = faviconUpload ? await saveUpload(auth, faviconUpload) : undefined;
  if (logoFile) Object.assign(changes, { logoFileId: logoFile.id, logoUrl: "" });
  else if (logo) Object.assign(changes, { logoFileId: logo.fileId, logoUrl: logo.url });
  if (faviconFile) Object.assign(changes, { faviconFileId: faviconFile.id, faviconUrl: "" });
  else if (favicon) Object.assign(changes, { faviconFileId: favicon.fileId, faviconUrl: favicon.url });
  return { changes, uploaded: [logoFile?.id, faviconFile?.id].filter((id): id is string => Boolean(id)) };
}

/**
 * `logo`/`favicon` text: `none` (remove it; a file no link shows any more is deleted), an https URL (kept in its canonical form: the schema also lets through
 * `HTTPS://…` or `https:host/…`), or the id of an image this account uploaded in this mode.
 */
async function resolveImage(auth: Auth, part: "logo" | "favicon", value: string | undefined) {
  if (!value) return undefined;
  if (value === "none") return { fileId: null, url: "" };
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url?.protocol === "https:") return { fileId: null, url: url.href };
  const file = await findOwnFile(auth, value);
  const rule: UploadRule = uploadRules[part];
  if (!file || !rule.types.includes(file.fileType)) {
    throw new ValidationError([valueError(["body", part], "no uploaded image with this id")]);
  }
  return { fileId: file.id, url: "" };
}

/** `#ABC` → `#aabbcc`. */
export function normalizeColor(color: string): string {
  const hex = color.trim().toLowerCase().slice(1);
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

async function firstKeyId(auth: Auth): Promise<string | null> {
  const db = await getDb();
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(ownedBy(apiKeys, auth))
    .orderBy(apiKeys.createdAt)
    .limit(1);
  return key?.id ?? null;
}

import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Auth } from "@/lib/core/auth";
import { publicBaseUrl } from "@/lib/runtime/config";
import { getDb } from "@/lib/db/client";
import { files } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { writeObject } from "./storage";

export type FileRow = typeof files.$inferSelect;

/** What a part may hold: its type is decided from the bytes, never from the name or the client. */
export type UploadRule = { entityType: string; maxBytes: number; types: readonly string[] };

export const uploadRules = {
  logo: { entityType: "marketplace_logo", maxBytes: 2 * 1024 * 1024, types: ["png", "jpg", "webp", "gif"] },
  favicon: { entityType: "marketplace_favicon", maxBytes: 512 * 1024, types: ["png", "jpg", "webp", "gif", "ico"] },
} as const satisfies Record<string, UploadRule>;

/** An upload whose size and type were checked, not stored yet. */
export type CheckedUpload = { bytes: Uint8Array; ext: string; mime: string; fileName: string; entityType: string };

/**
 * Checks an uploaded file by its bytes (PNG, JPEG, WebP, GIF, ICO; never SVG) without storing it,
 * so a request with several files can refuse any of them before writing one.
 */
export async function checkUpload(file: File, rule: UploadRule): Promise<CheckedUpload> {
  if (file.size > rule.maxBytes) {
    throw new ApiError("FILE_TOO_LARGE", `The file is larger than ${Math.round(rule.maxBytes / 1024)} KB`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !rule.types.includes(detected.ext)) {
    throw new ApiError(
      "UNSUPPORTED_FILE_TYPE",
      `Unsupported file type: send ${rule.types.map((t) => t.toUpperCase()).join(", ")}`,
    );
  }
  return {
    bytes,
    ext: detected.ext,
    mime: detected.mime,
    fileName: cleanFileName(file.name, detected.ext),
    entityType: rule.entityType,
  };
}

/** What one account may keep stored, all modes together (replaced logos and favicons are deleted). */
export const ACCOUNT_STORAGE_BYTES = 20 * 1024 * 1024;

/** Refuses uploads that would take the account past its storage quota (413 FILE_TOO_LARGE). */
export async function assertStorageQuota(auth: Auth, uploads: CheckedUpload[]): Promise<void> {
  const adding = uploads.reduce((sum, u) => sum + u.bytes.byteLength, 0);
  if (adding === 0) return;
  const db = await getDb();
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${files.fileSize}), 0)` })
    .from(files)
    .where(eq(files.accountId, auth.accountId));
  const used = Number(row!.used);
  if (used + adding > ACCOUNT_STORAGE_BYTES) {
    throw new ApiError(
      "FILE_TOO_LARGE",
      `This account stores ${size(used)} of files and may store ${size(ACCOUNT_STORAGE_BYTES)}: this upload (${size(adding)}) does not fit. Replacing a logo or favicon frees the old one.`,
    );
  }
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Stores a checked upload under a key of ours and records it. */
export async function saveUpload(auth: Auth, upload: CheckedUpload): Promise<FileRow> {
  const key = `${randomUUID()}.${upload.ext}`;
  await writeObject(key, upload.bytes, upload.mime);
  const db = await getDb();
  const [row] = await db
    .insert(files)
    .values({
      accountId: auth.accountId,
      mode: auth.mode,
      entityType: upload.entityType,
      contentType: upload.mime,
      fileName: upload.fileName,
      fileType: upload.ext,
      fileKey: key,
      fileSize: upload.bytes.byteLength,
    })
    .returning();
  return row!;
}

/** The client's file name, kept for display only: no path, no control characters, our extension. */
function cleanFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[\p{Cc}"<>]/gu, "")
    .replace(/\.[^.]*$/, "")
    .slice(0, 100);
  return `${base || "file"}.${ext}`;
}

export function fileUrl(key: string): string {
  return `${publicBaseUrl()}/files/${key}`;
}

/** The file object of the interface (§2.4). */
export function presentFile(row: FileRow) {
  return {
    url: fileUrl(row.fileKey),
    id: row.id,
    entityType: row.entityType,
    contentType: row.contentType,
    fileName: row.fileName,
    fileType: row.fileType,
    fileKey: row.fileKey,
    fileSize: row.fileSize,
  };
}

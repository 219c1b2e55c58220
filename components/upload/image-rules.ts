// What the API accepts for the marketplace's logo and favicon (lib/files/store-upload.ts checks
// the bytes; here only the name and the browser's MIME type, for a quick message before sending).

import type { Lang } from "@/lib/core/languages";

export type ImageKind = "logo" | "favicon";

export type ImageRule = { maxBytes: number; extensions: readonly string[]; mimes: readonly string[]; label: string };

export const imageRules: Record<ImageKind, ImageRule> = {
  logo: {
    maxBytes: 2 * 1024 * 1024,
    extensions: ["png", "jpg", "jpeg", "webp", "gif"],
    mimes: ["image/png", "image/jpeg", "image/webp", "image/gif"],
    label: "PNG, JPEG, WebP, GIF",
  },
  favicon: {
    maxBytes: 512 * 1024,
    extensions: ["png", "jpg", "jpeg", "webp", "gif", "ico"],
    mimes: ["image/png", "image/jpeg", "image/webp", "image/gif", "image/x-icon", "image/vnd.microsoft.icon"],
    label: "PNG, JPEG, WebP, GIF, ICO",
  },
};

export type PreCheck = { ok: true } | { ok: false; reason: "svg" | "type" | "size" };

/** A quick look at a chosen file; the server decides from its bytes anyway. */
export function preCheck(file: { name: string; type: string; size: number }, rule: ImageRule): PreCheck {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  const mime = file.type.toLowerCase();
  if (ext === "svg" || mime === "image/svg+xml") return { ok: false, reason: "svg" };
  if (!rule.extensions.includes(ext) && !rule.mimes.includes(mime)) return { ok: false, reason: "type" };
  if (file.size > rule.maxBytes) return { ok: false, reason: "size" };
  return { ok: true };
}

/** 1 536 000 → "1,5 Mo" / "1.5 MB"; 40 960 → "40 Ko" / "40 KB". */
export function formatBytes(bytes: number, lang: Lang): string {
  const [unit, value] = bytes >= 1024 * 1024 ? (["MB", bytes / 1024 / 1024] as const) : (["KB", Math.max(1, bytes / 1024)] as const);
  const number = new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 1 }).format(value);
  return `${number} ${lang === "fr" ? (unit === "MB" ? "Mo" : "Ko") : unit}`;
}

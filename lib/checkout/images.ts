import { publicBaseUrl } from "@/lib/runtime/config";

export type ImageSource = { src: string; origin: string | null };

/**
 * Where a marketplace image is loaded from. Our own uploads (`{PUBLIC_BASE_URL}/files/…`) become
 * paths, so they are 'self' whatever host the buyer reached us by; an external https URL keeps
 * its origin, which the page's CSP then allows for images. Anything else is not shown.
 */
export function imageSource(url: string, base = publicBaseUrl()): ImageSource | null {
  if (!url) return null;
  if (url.startsWith(`${base}/files/`)) return { src: url.slice(base.length), origin: null };
  if (url.startsWith("/files/")) return { src: url, origin: null };
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" ? { src: parsed.href, origin: parsed.origin } : null;
  } catch {
    return null;
  }
}

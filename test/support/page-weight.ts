// The checkout's weight budget: everything a first visit downloads — the HTML and every
// stylesheet, script, font and image it references from our origin — at most 60 KB compressed,
// at most 25 KB of it JavaScript. KB = 1000 bytes (the stricter reading). Used by the budget test
// (in-process, test/checkout/page-weight.test.ts) and by `npm run bench:checkout` (over HTTP).

export const BUDGET = { total: 60_000, js: 25_000 } as const;

export type ResourceKind = "html" | "css" | "js" | "font" | "img" | "other";
export type Resource = { url: string; kind: ResourceKind; bytes: number; encoding?: string };

/** The URLs a page makes the browser fetch at once: stylesheets, icons, preloads, scripts, images. */
export function referencedUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<(?:link|script|img|source)\b[^>]*>/gi)) {
    const rel = /\brel="([^"]*)"/i.exec(tag)?.[1]?.toLowerCase() ?? "";
    const src = /\b(?:src|href)="([^"]*)"/i.exec(tag)?.[1];
    if (!src) continue;
    if (tag.toLowerCase().startsWith("<link") && !/(stylesheet|icon|preload|modulepreload)/.test(rel)) continue;
    urls.push(src.replace(/&amp;/g, "&"));
  }
  return [...new Set(urls)];
}

export function kindOf(url: string, contentType = ""): ResourceKind {
  const type = contentType.toLowerCase();
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  if (type.includes("html")) return "html";
  if (type.includes("css") || path.endsWith(".css")) return "css";
  if (type.includes("javascript") || /\.m?js$/.test(path)) return "js";
  if (type.startsWith("font/") || /\.(woff2?|ttf|otf)$/.test(path)) return "font";
  if (type.startsWith("image/") || /\.(png|jpe?g|gif|webp|svg|ico|avif)$/.test(path)) return "img";
  return "other";
}

export type Summary = { byKind: Record<ResourceKind, number>; total: number; js: number; overBudget: string[] };

export function summarize(resources: Resource[]): Summary {
  const byKind: Record<ResourceKind, number> = { html: 0, css: 0, js: 0, font: 0, img: 0, other: 0 };
  for (const r of resources) byKind[r.kind] += r.bytes;
  const total = resources.reduce((sum, r) => sum + r.bytes, 0);
  const overBudget: string[] = [];
  if (total > BUDGET.total) overBudget.push(`total ${total} B > ${BUDGET.total} B`);
  if (byKind.js > BUDGET.js) overBudget.push(`JavaScript ${byKind.js} B > ${BUDGET.js} B`);
  return { byKind, total, js: byKind.js, overBudget };
}

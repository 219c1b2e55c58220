import { requestIdOf } from "@/lib/http/request-id";
import { referencePage, referencePageCsp } from "@/lib/api/reference-page";
import { LANG_COOKIE } from "@/lib/core/languages";

/** ?lang= first (the page's switch), then the dashboard's cookie, then the browser's first language. */
function docsLang(req: Request): "fr" | "en" {
  const asked = new URL(req.url).searchParams.get("lang");
  if (asked === "fr" || asked === "en") return asked;
  const cookie = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=(fr|en)\\b`).exec(req.headers.get("cookie") ?? "");
  if (cookie) return cookie[1] as "fr" | "en";
  return /^\s*en\b/i.test(req.headers.get("accept-language") ?? "") ? "en" : "fr";
}

// GET /docs — the API reference, rendered in the browser by Scalar from /v1/openapi.json
export async function GET(req: Request): Promise<Response> {
  return new Response(referencePage(docsLang(req)), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": referencePageCsp,
      "x-frame-options": "DENY", // its policy has frame-ancestors 'none' too
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-cache",
      "x-request-id": requestIdOf(req),
    },
  });
}

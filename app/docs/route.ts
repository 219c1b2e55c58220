import { requestIdOf } from "@/lib/http/request-id";
import { referencePage, referencePageCsp } from "@/lib/api/reference-page";

// GET /docs — the API reference, rendered in the browser by Scalar from /v1/openapi.json
export async function GET(req: Request): Promise<Response> {
  return new Response(referencePage(), {
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

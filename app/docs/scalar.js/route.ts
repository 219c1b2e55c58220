import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { requestIdOf } from "@/lib/http/request-id";
import { scalarBundlePath, scalarVersion } from "@/lib/api/reference-page";

// GET /docs/scalar.js — Scalar's browser bundle from node_modules, so /docs needs no CDN
export async function GET(req: Request): Promise<Response> {
  // /docs asks for ?v=<version>: that URL never changes content, so browsers may keep it for good
  const versioned = new URL(req.url).searchParams.get("v") === scalarVersion();
  const body = Readable.toWeb(createReadStream(scalarBundlePath())) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": versioned ? "public, max-age=31536000, immutable" : "no-cache",
      "x-content-type-options": "nosniff",
      "x-request-id": requestIdOf(req),
    },
  });
}

import { z } from "zod";
import { findFileByKey } from "@/lib/files/queries";
import { isStorageKey, readObject } from "@/lib/files/storage";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { route } from "@/lib/api/route";

const getFile = defineOperation({
  method: "GET",
  path: "/files/{key}",
  tag: "Files",
  summary: "An uploaded file (marketplace logo or favicon)",
  auth: "none",
  params: z.object({ key: z.string() }),
  response: z.string().meta({ format: "binary" }),
  errors: ["FILE_NOT_FOUND"],
});

// GET /files/{key} — an uploaded image, with the type decided at upload and never sniffed again
export const GET = route(getFile, async ({ params }) => {
  const row = isStorageKey(params.key) ? await findFileByKey(params.key) : undefined;
  const bytes = row && (await readObject(row.fileKey));
  if (!row || !bytes) throw new ApiError("FILE_NOT_FOUND");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": row.contentType,
      "content-length": String(bytes.byteLength),
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
    },
  });
});

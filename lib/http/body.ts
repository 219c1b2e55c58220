import { ApiError, ValidationError } from "./errors";
import { jsonInvalid } from "./validation";

/** Reads at most `max` bytes of the request body; a larger body is 413 before it is all read. */
export async function readBody(req: Request, max: number): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > max) throw new ApiError("FILE_TOO_LARGE", `The request body is larger than ${max} bytes`);
  if (!req.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new ApiError("FILE_TOO_LARGE", `The request body is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A JSON body, or the FastAPI 422 for a missing or malformed one. */
export function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) throw new ValidationError([{ loc: ["body"], msg: "Field required", type: "missing" }]);
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw jsonInvalid(error);
  }
}

export type Multipart = { fields: Record<string, unknown>; files: Record<string, File> };

/** A multipart (or urlencoded) form: text parts as strings, the expected file parts as files. */
export async function parseForm(raw: Buffer, contentType: string, fileParts: string[]): Promise<Multipart> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) return { fields, files };
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ValidationError([{ loc: ["body"], msg: "Invalid multipart form data", type: "value_error" }]);
  }
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (fileParts.includes(name)) {
      if (value.size > 0 || value.name) files[name] = value;
    } else fields[name] = { file: value.name }; // a file where text belongs: string_type
  }
  return { fields, files };
}

import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { parseJsonText } from "@/lib/core/json-text";
import { readIncomingBody } from "./node-request";
import { item, jsonInvalid, valueError } from "@/lib/core/validation";

/** Reads at most `max` bytes of the request body; a larger body is 413 before it is all read. */
export async function readBody(req: Request, max: number): Promise<Buffer> {
  const tooLarge = () => new ApiError("FILE_TOO_LARGE", `The request body is larger than ${max} bytes`);
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > max) throw tooLarge();
  const fromNode = readIncomingBody(req, max, tooLarge); // the /v1 dispatcher's requests (./node-request.ts)
  if (fromNode) return fromNode;
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
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 bytes as text, or null when they are not valid UTF-8 (never U+FFFD in their place). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** The character position of the first invalid UTF-8 sequence (only called once the bytes are known bad). */
function invalidUtf8At(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let chars = 0;
  try {
    for (let i = 0; i < bytes.length; i++) chars += decoder.decode(bytes.subarray(i, i + 1), { stream: true }).length;
    decoder.decode();
  } catch {
    // the sequence that failed starts after the characters decoded so far
  }
  return chars;
}

/** A JSON body, or the FastAPI 422 for a missing, malformed, not UTF-8 or too deeply nested one. */
export function parseJson(raw: Uint8Array): unknown {
  if (raw.length === 0) throw new ValidationError([item(["body"], "missing")]);
  const text = decodeUtf8(raw);
  if (text === null) throw jsonInvalid(new Error(`invalid UTF-8 at position ${invalidUtf8At(raw)}`));
  return parseJsonText(text);
}

const notUnicode = (name: string): ValidationItem => item(["body", name], "string_unicode");

/**
 * A urlencoded body as URLSearchParams parses it (`+` is a space, a stray `%` stays as it is),
 * except that text which is not UTF-8, raw or percent-encoded, is refused instead of becoming U+FFFD.
 */
export function parseUrlEncoded(raw: Uint8Array): URLSearchParams {
  const form = new URLSearchParams();
  const bad: ValidationItem[] = [];
  const body = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  for (let start = 0; start < body.length; ) {
    const amp = body.indexOf(0x26, start); // '&' never occurs inside a UTF-8 sequence
    const pair = body.subarray(start, amp === -1 ? body.length : amp);
    start = amp === -1 ? body.length : amp + 1;
    if (pair.length === 0) continue;
    const eq = pair.indexOf(0x3d);
    const [rawName, rawValue] = eq === -1 ? [pair, pair.subarray(pair.length)] : [pair.subarray(0, eq), pair.subarray(eq + 1)];
    const name = percentDecode(decodeUtf8(rawName));
    const value = percentDecode(decodeUtf8(rawValue));
    if (name === null) bad.push(notUnicode(rawName.toString("latin1")));
    else if (value === null) bad.push(notUnicode(name));
    else form.append(name, value);
  }
  if (bad.length) throw new ValidationError(bad);
  return form;
}

function percentDecode(encoded: string | null): string | null {
  if (encoded === null) return null;
  const plain = encoded.replaceAll("+", " ");
  if (!plain.includes("%")) return plain;
  const bytes: number[] = [];
  for (let i = 0; i < plain.length; i++) {
    const hex = plain[i] === "%" ? plain.slice(i + 1, i + 3) : "";
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(plain[i]!, "utf8")); // plain may hold non-ASCII already
  }
  return decodeUtf8(Uint8Array.from(bytes));
}

export type FormEntries = { text: [string, string][]; files: [string, File][] };

/** The entries of a multipart or urlencoded body, in order; a text part that is not UTF-8 is a 422. */
export async function readFormEntries(raw: Uint8Array, contentType: string): Promise<FormEntries> {
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return { text: [...parseUrlEncoded(raw)], files: [] };
  const entries: FormEntries = { text: [], files: [] };
  if (!/^multipart\/form-data/i.test(contentType)) return entries;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ValidationError([valueError(["body"], "invalid multipart form data")]);
  }
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") entries.text.push([name, value]);
    else entries.files.push([name, value]);
  }
  // the parser decodes text parts leniently: a U+FFFD sends us back to the part's own bytes
  if (entries.text.some(([, value]) => value.includes("\uFFFD"))) {
    const bad = textPartsNotUtf8(raw, contentType);
    if (bad.length) throw new ValidationError(bad.map(notUnicode));
  }
  return entries;
}

/** The names of the multipart text parts (no filename) whose bytes are not UTF-8. */
function textPartsNotUtf8(raw: Uint8Array, contentType: string): string[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return [];
  const body = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`, "latin1");
  const names: string[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const headEnd = part.indexOf("\r\n\r\n");
    if (headEnd !== -1) {
      const head = part.subarray(0, headEnd).toString("latin1");
      const name = /\bname="([^"]*)"/i.exec(head)?.[1];
      const content = part.subarray(headEnd + 4, Math.max(headEnd + 4, part.length - 2)); // minus the CRLF before the delimiter
      if (name !== undefined && !/\bfilename\*?=/i.test(head) && decodeUtf8(content) === null) {
        names.push(decodeUtf8(Buffer.from(name, "latin1")) ?? name);
      }
    }
    start = next;
  }
  return names;
}

export type Multipart = { fields: Record<string, unknown>; files: Record<string, File> };

/** A multipart (or urlencoded) form: text parts as strings, the expected file parts as files. */
export async function parseForm(raw: Uint8Array, contentType: string, fileParts: string[]): Promise<Multipart> {
  const fields: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  const entries = await readFormEntries(raw, contentType);
  for (const [name, value] of entries.text) fields[name] = value;
  for (const [name, value] of entries.files) {
    if (fileParts.includes(name)) {
      if (value.size > 0 || value.name) files[name] = value;
    } else fields[name] = { file: value.name }; // a file where text belongs: string_type
  }
  return { fields, files };
}

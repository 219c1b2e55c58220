import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll } from "vitest";

// Image fixtures for upload tests: real, decodable files built or known byte for byte, and a
// throwaway DATA_DIR so uploads never land in the repository.

/** Points DATA_DIR (uploads live in DATA_DIR/uploads) at a fresh temp folder for this test file. */
export function tempDataDir(): { dir: () => string; uploads: () => string } {
  let dir = "";
  const previous = process.env.DATA_DIR;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-test-"));
    process.env.DATA_DIR = dir;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, uploads: () => path.join(dir, "uploads") };
}

/** The names in DATA_DIR/uploads (empty when the folder does not exist yet). */
export function storedKeys(uploadsDir: string): string[] {
  return fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : [];
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A valid RGB PNG. `noise` fills it with random pixels, which do not compress: the file is then
 * about width × height × 3 bytes (how the size tests get a real image of a chosen size).
 */
export function png(width = 1, height = 1, { noise = false } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = noise ? randomBytes(width * 3) : Buffer.alloc(width * 3, 0x66);
    rows.push(Buffer.from([0]), row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows), { level: noise ? 0 : 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 1×1 baseline JPEG (encoded by libjpeg; decodes to one teal pixel). */
export const jpeg = (): Buffer =>
  Buffer.from(
    "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCHAPQr/9k=",
    "base64",
  );

/** A 1×1 GIF89a. */
export const gif = (): Buffer => Buffer.from("R0lGODlhAQABAIAAAExpcQ92biH5BAUAAAAALAAAAAABAAEAAAICTAEAOw==", "base64");

/** A 1×1 lossy WebP (VP8). */
export const webp = (): Buffer =>
  Buffer.from("UklGRjYAAABXRUJQVlA4ICoAAACQAQCdASoBAAEAAUAmJaACdLoAA5gA/vDEC5FIsZW/+jD/8MP/ww/vCAA=", "base64");

/** A 16×16 ICO holding one PNG image (as browsers and Windows read them). */
export function ico(): Buffer {
  const image = png(16, 16);
  const dir = Buffer.alloc(6 + 16);
  dir.writeUInt16LE(0, 0); // reserved
  dir.writeUInt16LE(1, 2); // type: icon
  dir.writeUInt16LE(1, 4); // one image
  dir.writeUInt8(16, 6); // width
  dir.writeUInt8(16, 7); // height
  dir.writeUInt16LE(1, 10); // colour planes
  dir.writeUInt16LE(32, 12); // bits per pixel
  dir.writeUInt32LE(image.length, 14);
  dir.writeUInt32LE(dir.length, 18); // image offset
  return Buffer.concat([dir, image]);
}

/** An SVG that would run a script if it were ever served as image/svg+xml. */
export const svgWithScript = (): Buffer =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(document.cookie)</script></svg>',
  );

export function file(bytes: Buffer, name: string, type = "application/octet-stream"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

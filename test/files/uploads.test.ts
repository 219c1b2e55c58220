import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as files from "@/app/files/[key]/route";
import * as mpGateways from "@/app/v1/api/marketplace/gateway/route";
import * as mp from "@/app/v1/api/marketplace/route";
import { getDb } from "@/lib/db/client";
import { files as filesTable } from "@/lib/db/schema";
import { call, newAccount } from "@/test/support/api";
import { file, gif, ico, jpeg, png, storedKeys, svgWithScript, webp } from "@/test/support/files";
import { objectStoresUnderTest } from "@/test/support/object-stores";

// Every case runs twice: uploads on the local disk (DATA_DIR/uploads), then in a real
// S3-compatible server started for this file (S3_* settings), each store looked into directly.
const { stores, localUploads } = objectStoresUnderTest();

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const LOGO_TYPES = "Unsupported file type: send PNG, JPG, WEBP, GIF";
const FAVICON_TYPES = "Unsupported file type: send PNG, JPG, WEBP, GIF, ICO";
const unsupported = (message: string) => ({ detail: { message, type: "UNSUPPORTED_FILE_TYPE" } });
const tooLarge = (message: string) => ({ detail: { message, type: "FILE_TOO_LARGE" } });

type FileObject = {
  url: string;
  id: string;
  entityType: string;
  contentType: string;
  fileName: string;
  fileType: string;
  fileKey: string;
  fileSize: number;
};
type Marketplace = { logo: FileObject | null; favicon: string; [k: string]: unknown };

function form(parts: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) data.append(name, value);
  return data;
}
const create = (key: string, parts: Record<string, string | File>) =>
  call(mp.POST, "POST", "/v1/api/marketplace", { key, form: form(parts) });
const update = (key: string, parts: Record<string, string | File>) =>
  call(mp.PATCH, "PATCH", "/v1/api/marketplace/", { key, form: form(parts) });
const read = (key: string) => call(mp.GET, "GET", "/v1/api/marketplace", { key });
const download = (key: string) => call(files.GET, "GET", `/files/${key}`);

/** GET /files/{key} with the raw bytes (call() would decode the body as text). */
async function downloadBytes(key: string) {
  const res = await files.GET(new Request(`http://kola.test/files/${key}`), { params: Promise.resolve({ key }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function fileRows(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(filesTable);
  return row!.n;
}

/** A marketplace of a fresh account (no files). */
async function marketplace() {
  const account = await newAccount();
  expect((await create(account.key, { name: "Boutique" })).status).toBe(200);
  return account;
}

describe.each(stores)("uploads in the $name store", (store) => {
  store.use();

  describe("accepted images", () => {
    let key: string;
    beforeAll(async () => {
      ({ key } = await marketplace());
    });

    it.each([
      { name: "PNG", bytes: png(3, 2), fileName: "logo.png", type: "image/png", contentType: "image/png", ext: "png" },
      { name: "JPEG", bytes: jpeg(), fileName: "photo.jpeg", type: "image/jpeg", contentType: "image/jpeg", ext: "jpg" },
      { name: "GIF", bytes: gif(), fileName: "anim.gif", type: "image/gif", contentType: "image/gif", ext: "gif" },
      { name: "WebP", bytes: webp(), fileName: "logo.webp", type: "image/webp", contentType: "image/webp", ext: "webp" },
      // the client's name and type are not believed: the bytes decide
      { name: "PNG sent as JPEG", bytes: png(), fileName: "logo.jpg", type: "image/jpeg", contentType: "image/png", ext: "png" },
      { name: "JPEG without a type", bytes: jpeg(), fileName: "logo", type: "", contentType: "image/jpeg", ext: "jpg" },
    ])("logo: $name → the file object, stored and served", async ({ bytes, fileName, type, contentType, ext }) => {
      const res = await update(key, { "logo.0": file(bytes, fileName, type) });
      expect(res.status).toBe(200);
      const logo = (res.body as Marketplace).logo!;
      const fileKey = logo.fileKey;
      expect(fileKey).toMatch(new RegExp(`^${UUID}\\.${ext}$`));
      expect(logo).toEqual({
        url: `http://kola.test/files/${fileKey}`,
        id: expect.stringMatching(new RegExp(`^${UUID}$`)),
        entityType: "marketplace_logo",
        contentType,
        fileName: `${fileName.replace(/\.[^.]*$/, "")}.${ext}`,
        fileType: ext,
        fileKey,
        fileSize: bytes.length,
      });
      expect((await read(key)).body).toEqual(res.body);

      // in the store, byte for byte
      expect(await store.bytes(fileKey)).toEqual(bytes);

      // served with the stored type, never sniffed, cached for long
      const served = await downloadBytes(fileKey);
      expect(served.status).toBe(200);
      expect(served.bytes).toEqual(bytes);
      expect(served.headers.get("content-type")).toBe(contentType);
      expect(served.headers.get("content-length")).toBe(String(bytes.length));
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    });

    it.each([
      { name: "ICO", bytes: ico(), fileName: "favicon.ico", contentType: "image/x-icon", ext: "ico" },
      { name: "PNG", bytes: png(16, 16), fileName: "favicon.png", contentType: "image/png", ext: "png" },
      { name: "GIF", bytes: gif(), fileName: "favicon.gif", contentType: "image/gif", ext: "gif" },
    ])("favicon: $name → its URL; the file is stored and served", async ({ bytes, fileName, contentType, ext }) => {
      const before = (await read(key)).body as Marketplace;
      const res = await update(key, { "favicon.0": file(bytes, fileName, "application/octet-stream") });
      expect(res.status).toBe(200);
      const favicon = (res.body as Marketplace).favicon;
      expect(favicon).toMatch(new RegExp(`^http://kola\\.test/files/${UUID}\\.${ext}$`));
      expect(res.body).toEqual({ ...before, favicon });

      const fileKey = favicon.split("/").pop()!;
      const db = await getDb();
      const [row] = await db.select().from(filesTable).where(eq(filesTable.fileKey, fileKey));
      expect(row).toMatchObject({ entityType: "marketplace_favicon", contentType, fileType: ext, fileName, fileSize: bytes.length });
      expect(await store.bytes(fileKey)).toEqual(bytes);

      const served = await downloadBytes(fileKey);
      expect(served.status).toBe(200);
      expect(served.bytes).toEqual(bytes);
      expect(served.headers.get("content-type")).toBe(contentType);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("logo and favicon in the create request", async () => {
      const { key } = await newAccount();
      const res = await create(key, {
        name: "Boutique",
        "logo.0": file(png(), "logo.png", "image/png"),
        "favicon.0": file(ico(), "favicon.ico", "image/vnd.microsoft.icon"),
      });
      expect(res.status).toBe(200);
      const body = res.body as Marketplace;
      expect(body.logo).toEqual({
        url: `http://kola.test/files/${body.logo!.fileKey}`,
        id: expect.stringMatching(new RegExp(`^${UUID}$`)),
        entityType: "marketplace_logo",
        contentType: "image/png",
        fileName: "logo.png",
        fileType: "png",
        fileKey: expect.stringMatching(new RegExp(`^${UUID}\\.png$`)),
        fileSize: png().length,
      });
      expect(body.favicon).toMatch(new RegExp(`^http://kola\\.test/files/${UUID}\\.ico$`));
    });

    it.each([
      { part: "logo.0", size: 2 * 1024 * 1024 },
      { part: "favicon.0", size: 512 * 1024 },
    ])("$part of exactly the limit ($size bytes) is accepted", async ({ part, size }) => {
      const bytes = Buffer.concat([png(), Buffer.alloc(size - png().length)]);
      const res = await update(key, { [part]: file(bytes, "edge.png", "image/png") });
      expect(res.status).toBe(200);
      const url = part === "logo.0" ? (res.body as Marketplace).logo!.url : (res.body as Marketplace).favicon;
      expect((await store.bytes(url.split("/").pop()!))!.length).toBe(size);
    });

    it("a file part wins over the text part of the same name", async () => {
      const res = await update(key, { logo: "https://cdn.example.com/logo.png", "logo.0": file(gif(), "l.gif") });
      expect(res.status).toBe(200);
      const logo = (res.body as Marketplace).logo!;
      expect(logo).toEqual({
        url: `http://kola.test/files/${logo.fileKey}`,
        id: expect.stringMatching(new RegExp(`^${UUID}$`)),
        entityType: "marketplace_logo",
        contentType: "image/gif",
        fileName: "l.gif",
        fileType: "gif",
        fileKey: expect.stringMatching(new RegExp(`^${UUID}\\.gif$`)),
        fileSize: gif().length,
      });
    });

    it("an empty file part is no file: nothing changes", async () => {
      const before = (await read(key)).body;
      const res = await update(key, { "logo.0": new File([], "") });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(before);
    });

    it.each([
      ["../../etc/passwd.png", "passwd.png"],
      ["C:\\Users\\awa\\Desktop\\mon logo.PNG", "mon logo.png"],
      ["logo.final.jpg", "logo.final.png"],
      ['"><img src=x>.png', "img src=x.png"],
      [".png", "file.png"],
      [`${"a".repeat(150)}.png`, `${"a".repeat(100)}.png`],
    ])("file name %j is kept as %j (no path, our extension)", async (given, kept) => {
      const res = await update(key, { "logo.0": file(png(), given, "image/png") });
      expect(res.status).toBe(200);
      expect((res.body as Marketplace).logo!.fileName).toBe(kept);
    });
  });

  describe("refused uploads", () => {
    let key: string;
    let current: unknown;
    beforeAll(async () => {
      ({ key } = await marketplace());
      current = (await update(key, { "logo.0": file(png(), "logo.png", "image/png") })).body;
    });

    const twoMb = 2 * 1024 * 1024;
    it.each([
      { name: "an SVG with a script as logo", parts: () => ({ "logo.0": file(svgWithScript(), "logo.svg", "image/svg+xml") }), status: 415, body: unsupported(LOGO_TYPES) },
      { name: "an SVG as favicon", parts: () => ({ "favicon.0": file(svgWithScript(), "favicon.svg", "image/svg+xml") }), status: 415, body: unsupported(FAVICON_TYPES) },
      {
        name: "an SVG without an XML declaration",
        parts: () => ({ "logo.0": file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "l.png", "image/png") }),
        status: 415,
        body: unsupported(LOGO_TYPES),
      },
      {
        name: "a text file named logo.png sent as image/png",
        parts: () => ({ "logo.0": file(Buffer.from("this is not a picture\n"), "logo.png", "image/png") }),
        status: 415,
        body: unsupported(LOGO_TYPES),
      },
      {
        name: "HTML named logo.gif",
        parts: () => ({ "logo.0": file(Buffer.from("<!doctype html><script>alert(1)</script>"), "logo.gif", "image/gif") }),
        status: 415,
        body: unsupported(LOGO_TYPES),
      },
      { name: "an ICO as logo", parts: () => ({ "logo.0": file(ico(), "logo.ico", "image/x-icon") }), status: 415, body: unsupported(LOGO_TYPES) },
      {
        name: "a PDF as favicon",
        parts: () => ({ "favicon.0": file(Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"), "f.ico", "image/x-icon") }),
        status: 415,
        body: unsupported(FAVICON_TYPES),
      },
      { name: "a truncated PNG signature", parts: () => ({ "logo.0": file(png().subarray(0, 4), "l.png", "image/png") }), status: 415, body: unsupported(LOGO_TYPES) },
      {
        name: "a logo over 2 MB (a real PNG, body under 3 MB)",
        parts: () => ({ "logo.0": file(png(860, 860, { noise: true }), "big.png", "image/png") }),
        status: 413,
        body: tooLarge("The file is larger than 2048 KB"),
      },
      {
        name: "a logo of 2 MB and one byte",
        parts: () => ({ "logo.0": file(Buffer.concat([png(), Buffer.alloc(twoMb + 1 - png().length)]), "big.png", "image/png") }),
        status: 413,
        body: tooLarge("The file is larger than 2048 KB"),
      },
      {
        name: "a favicon over 512 KB",
        parts: () => ({ "favicon.0": file(png(430, 430, { noise: true }), "big.png", "image/png") }),
        status: 413,
        body: tooLarge("The file is larger than 512 KB"),
      },
      {
        name: "a multipart body over 3 MB",
        parts: () => ({ "logo.0": file(png(1100, 1100, { noise: true }), "huge.png", "image/png") }),
        status: 413,
        body: tooLarge("The request body is larger than 3145728 bytes"),
      },
      {
        name: "a good logo with a bad favicon",
        parts: () => ({ "logo.0": file(png(4, 4), "logo.png", "image/png"), "favicon.0": file(svgWithScript(), "f.svg", "image/svg+xml") }),
        status: 415,
        body: unsupported(FAVICON_TYPES),
      },
      {
        name: "a good favicon with an oversized logo",
        parts: () => ({
          "favicon.0": file(ico(), "f.ico", "image/x-icon"),
          "logo.0": file(png(860, 860, { noise: true }), "big.png", "image/png"),
        }),
        status: 413,
        body: tooLarge("The file is larger than 2048 KB"),
      },
      {
        name: "a good logo with an invalid text part",
        parts: () => ({ "logo.0": file(png(4, 4), "logo.png", "image/png"), color: "teal" }),
        status: 422,
        body: { detail: [{ loc: ["body", "color"], msg: "String should match pattern '^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$'", type: "string_pattern_mismatch", ctx: { pattern: "^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$" } }] },
      },
      {
        name: "a good logo with a favicon id of no file",
        parts: () => ({ "logo.0": file(png(4, 4), "logo.png", "image/png"), favicon: "00000000-0000-4000-8000-000000000000" }),
        status: 422,
        body: { detail: [{ loc: ["body", "favicon"], msg: "Value error, no uploaded image with this id", type: "value_error", ctx: { error: "no uploaded image with this id" } }] },
      },
    ])("$name → $status, nothing stored, nothing changed", async ({ parts, status, body }) => {
      const keysBefore = await store.keys();
      const rowsBefore = await fileRows();
      const res = await update(key, parts());
      expect(res.status).toBe(status);
      expect(res.body).toEqual(body);
      expect(await store.keys()).toEqual(keysBefore);
      expect(await fileRows()).toBe(rowsBefore);
      expect((await read(key)).body).toEqual(current);
    });

    it("a refused create leaves no marketplace and no file", async () => {
      const { key } = await newAccount();
      const keysBefore = await store.keys();
      const rowsBefore = await fileRows();
      const res = await create(key, { name: "Boutique", "logo.0": file(Buffer.from("not a picture"), "logo.gif", "image/gif") });
      expect(res.status).toBe(415);
      expect(res.body).toEqual(unsupported(LOGO_TYPES));
      expect((await read(key)).status).toBe(404);
      expect(await store.keys()).toEqual(keysBefore);
      expect(await fileRows()).toBe(rowsBefore);
    });

    it("a second create with a logo → 409 and no file", async () => {
      const keysBefore = await store.keys();
      const rowsBefore = await fileRows();
      const res = await create(key, { name: "Encore", "logo.0": file(png(), "logo.png", "image/png") });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        detail: { message: "A marketplace already exists for this account and mode", type: "MARKETPLACE_ALREADY_EXISTS" },
      });
      expect(await store.keys()).toEqual(keysBefore);
      expect(await fileRows()).toBe(rowsBefore);
    });

    it("an ICO uploaded as favicon cannot become the logo by its id → 422", async () => {
      const res = await update(key, { "favicon.0": file(ico(), "favicon.ico", "image/x-icon") });
      const fileKey = (res.body as Marketplace).favicon.split("/").pop()!;
      const db = await getDb();
      const [row] = await db.select().from(filesTable).where(eq(filesTable.fileKey, fileKey));
      const refused = await update(key, { logo: row!.id });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        detail: [{ loc: ["body", "logo"], msg: "Value error, no uploaded image with this id", type: "value_error", ctx: { error: "no uploaded image with this id" } }],
      });
      // as favicon it is fine
      const before = (await read(key)).body as Marketplace;
      expect((await update(key, { favicon: row!.id })).body).toEqual({ ...before, favicon: `http://kola.test/files/${fileKey}` });
    });
  });

  describe("GET /files/{key}", () => {
    const NOT_FOUND = { detail: { message: "File not found", type: "FILE_NOT_FOUND" } };

    it.each([
      ["an unknown key", "00000000-0000-4000-8000-000000000000.png"],
      ["a key of another shape", "logo.png"],
      ["an encoded path outside the folder", "..%2F..%2Fpackage.json"],
    ])("%s → 404 FILE_NOT_FOUND", async (_, key) => {
      const res = await download(key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it("a file whose bytes are gone from the store → 404", async () => {
      const { key } = await marketplace();
      const res = await update(key, { "logo.0": file(png(), "logo.png", "image/png") });
      const fileKey = (res.body as Marketplace).logo!.fileKey;
      expect((await downloadBytes(fileKey)).status).toBe(200);
      await store.drop(fileKey);
      const gone = await download(fileKey);
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual(NOT_FOUND);
    });

    it("needs no api-key (checkout pages show the logo to buyers)", async () => {
      const { key } = await marketplace();
      const res = await update(key, { "logo.0": file(jpeg(), "logo.jpg", "image/jpeg") });
      const logo = (res.body as Marketplace).logo!;
      expect(logo.url).toBe(`http://kola.test/files/${logo.fileKey}`);
      const served = await downloadBytes(logo.fileKey);
      expect(served.status).toBe(200);
      expect(served.bytes).toEqual(jpeg());
    });
  });

  describe("GET /files/{key} with a key that is not one of ours", () => {
    it.each(["x".repeat(200), "..%2F..%2Fetc%2Fpasswd", "not-a-key.png"])("%s → 404", async (key) => {
      const res = await call(files.GET, "GET", `/files/${key}`);
      expect([res.status, res.body]).toEqual([404, { detail: { message: "File not found", type: "FILE_NOT_FOUND" } }]);
    });
  });

  describe("replaced logos and favicons are deleted", () => {
    async function rowOf(fileKey: string) {
      const db = await getDb();
      const [row] = await db.select().from(filesTable).where(eq(filesTable.fileKey, fileKey));
      return row;
    }
    /** Whether a file is still kept: [its row, its bytes on disk]. */
    const kept = async (fileKey: string) => [Boolean(await rowOf(fileKey)), (await store.bytes(fileKey)) !== null];
    const keyOfUrl = (url: string) => url.split("/").pop()!;

    type Parts = Record<string, string | File>;
    it.each<{ name: string; first: Parts; then: Parts }>([
      { name: "logo replaced by another upload", first: { "logo.0": file(png(), "a.png", "image/png") }, then: { "logo.0": file(gif(), "b.gif") } },
      { name: "logo replaced by an https URL", first: { "logo.0": file(png(), "a.png", "image/png") }, then: { logo: "https://cdn.example.com/l.png" } },
      { name: "favicon replaced by another upload", first: { "favicon.0": file(ico(), "f.ico") }, then: { "favicon.0": file(png(16, 16), "f.png") } },
      { name: "favicon replaced by an https URL", first: { "favicon.0": file(ico(), "f.ico") }, then: { favicon: "https://cdn.example.com/f.ico" } },
    ])("$name: the old file's row and bytes are gone, the new one is served", async ({ first, then }) => {
      const { key } = await marketplace();
      const before = (await update(key, first)).body as Marketplace;
      const oldKey = "logo.0" in first ? before.logo!.fileKey : keyOfUrl(before.favicon);
      expect(await kept(oldKey)).toEqual([true, true]);

      const after = await update(key, then);
      expect(after.status).toBe(200);
      expect(await kept(oldKey)).toEqual([false, false]);
      expect((await download(oldKey)).status).toBe(404);
      const body = after.body as Marketplace;
      const newKey = "logo.0" in then ? body.logo!.fileKey : "favicon.0" in then ? keyOfUrl(body.favicon) : null;
      if (newKey) expect((await downloadBytes(newKey)).status).toBe(200);
    });

    it("a file still used by the marketplace in another role is kept (logo reused as favicon)", async () => {
      const { key } = await marketplace();
      const logo = ((await update(key, { "logo.0": file(png(), "a.png", "image/png") })).body as Marketplace).logo!;
      expect((await update(key, { favicon: logo.id })).status).toBe(200);
      expect((await update(key, { favicon: "https://cdn.example.com/f.ico" })).status).toBe(200);
      expect(await kept(logo.fileKey)).toEqual([true, true]);
    });

    it("a logo a marketplace link copied is kept while the link shows it; unchanged marketplaces keep theirs", async () => {
      const { key } = await marketplace();
      const logo = ((await update(key, { "logo.0": file(png(), "a.png", "image/png") })).body as Marketplace).logo!;
      const link = await call(mpGateways.POST, "POST", "/v1/api/marketplace/gateway", {
        key,
        json: { amount: 5000, shop_name: "Vendeur", phone_number: "+237 6 70 00 00 00" },
      });
      expect([link.status, (link.body as { marketplace_logo: string }).marketplace_logo]).toEqual([200, logo.url]);

      expect((await update(key, { "logo.0": file(gif(), "b.gif") })).status).toBe(200);
      expect(await kept(logo.fileKey)).toEqual([true, true]); // the link's checkout page still shows it
      expect((await downloadBytes(logo.fileKey)).status).toBe(200);
    });
  });

  describe("storage quota per account", () => {
    /** Fills an account's storage up to `bytes` with a recorded file (its size is what counts). */
    async function fill(accountId: string, mode: "test" | "live", bytes: number) {
      const db = await getDb();
      await db.insert(filesTable).values({
        accountId,
        mode,
        entityType: "marketplace_logo",
        contentType: "image/png",
        fileName: "big.png",
        fileType: "png",
        fileKey: `${randomUUID()}.png`,
        fileSize: bytes,
      });
    }
    const QUOTA = 20 * 1024 * 1024;
    const FULL = (used: string, adding: string) =>
      tooLarge(
        `This account stores ${used} of files and may store 20.0 MB: this upload (${adding}) does not fit. Replacing a logo or favicon frees the old one.`,
      );

    it("an upload that would pass 20 MB → 413 FILE_TOO_LARGE, nothing stored, the marketplace unchanged", async () => {
      const account = await marketplace();
      await fill(account.accountId, "test", QUOTA - 10);
      const before = (await read(account.key)).body;
      const rowsBefore = await fileRows();
      const bytes = png(2, 2);
      const res = await update(account.key, { name: "Renamed", "logo.0": file(bytes, "a.png", "image/png") });
      expect([res.status, res.body]).toEqual([413, FULL("20.0 MB", "1 KB")]);
      expect(await fileRows()).toBe(rowsBefore);
      expect((await read(account.key)).body).toEqual(before);
    });

    it("counts every mode of the account together, and text parts still go through", async () => {
      const account = await marketplace();
      await fill(account.accountId, "live", QUOTA - 10);
      const res = await update(account.key, { "favicon.0": file(ico(), "f.ico") });
      expect([res.status, res.body]).toEqual([413, FULL("20.0 MB", "1 KB")]);
      expect((await update(account.key, { name: "Still editable" })).status).toBe(200);
    });

    it("an upload that fits exactly is taken; another account's files do not count", async () => {
      const account = await marketplace();
      const neighbour = await newAccount();
      await fill(neighbour.accountId, "test", QUOTA);
      const bytes = png(2, 2);
      await fill(account.accountId, "test", QUOTA - bytes.length);
      const res = await update(account.key, { "logo.0": file(bytes, "a.png", "image/png") });
      expect(res.status).toBe(200);
    });
  });
});

describe("with S3_* set, nothing lands on this machine's disk", () => {
  const s3 = stores.find((s) => s.name === "s3")!;
  s3.use();

  it("a logo uploaded, served, replaced: all in the bucket, none in DATA_DIR/uploads", async () => {
    const { key } = await marketplace();
    const local = storedKeys(localUploads());
    const first = ((await update(key, { "logo.0": file(png(), "a.png", "image/png") })).body as Marketplace).logo!;
    expect((await downloadBytes(first.fileKey)).bytes).toEqual(png());
    const second = ((await update(key, { "logo.0": file(gif(), "b.gif") })).body as Marketplace).logo!;
    expect((await downloadBytes(second.fileKey)).bytes).toEqual(gif());
    expect(await s3.keys()).toEqual(expect.arrayContaining([second.fileKey]));
    expect(storedKeys(localUploads())).toEqual(local);
  });
});

describe("an object store that does not answer", () => {
  const INTERNAL = { detail: { message: "Internal server error", type: "INTERNAL_ERROR" } };
  let account: Awaited<ReturnType<typeof marketplace>>;
  let kept: FileObject;
  const s3 = stores.find((s) => s.name === "s3")!;
  s3.use();
  beforeAll(async () => {
    account = await marketplace();
    kept = ((await update(account.key, { "logo.0": file(png(), "a.png", "image/png") })).body as Marketplace).logo!;
    // nothing listens on port 9 of the loopback (discard): connections are refused at once
    process.env.S3_ENDPOINT = "http://127.0.0.1:9";
  });

  it("an upload → 500, no file recorded, the marketplace unchanged", async () => {
    const before = (await read(account.key)).body;
    const rowsBefore = await fileRows();
    const res = await update(account.key, { name: "Renamed", "logo.0": file(gif(), "b.gif") });
    expect([res.status, res.body]).toEqual([500, INTERNAL]);
    expect(await fileRows()).toBe(rowsBefore);
    expect((await read(account.key)).body).toEqual(before);
  });

  it("a stored file cannot be read → 500, not a 404 a cache would keep", async () => {
    const res = await download(kept.fileKey);
    expect([res.status, res.body]).toEqual([500, INTERNAL]);
  });
});

import { describe, expect, it } from "vitest";
import { formatBytes, imageRules, preCheck } from "./image-rules";

describe("preCheck: a quick look before sending (the server decides from the bytes)", () => {
  const MB = 1024 * 1024;
  it.each([
    [{ name: "logo.png", type: "image/png", size: 40_000 }, "logo", { ok: true }],
    [{ name: "LOGO.JPEG", type: "", size: 40_000 }, "logo", { ok: true }],
    [{ name: "photo", type: "image/webp", size: 40_000 }, "logo", { ok: true }],
    [{ name: "logo.png", type: "image/png", size: 2 * MB }, "logo", { ok: true }],
    [{ name: "logo.png", type: "image/png", size: 2 * MB + 1 }, "logo", { ok: false, reason: "size" }],
    [{ name: "logo.svg", type: "image/svg+xml", size: 300 }, "logo", { ok: false, reason: "svg" }],
    [{ name: "logo", type: "image/svg+xml", size: 300 }, "logo", { ok: false, reason: "svg" }],
    [{ name: "favicon.ico", type: "image/x-icon", size: 4_000 }, "logo", { ok: false, reason: "type" }],
    [{ name: "favicon.ico", type: "image/vnd.microsoft.icon", size: 4_000 }, "favicon", { ok: true }],
    [{ name: "favicon.png", type: "image/png", size: 512 * 1024 + 1 }, "favicon", { ok: false, reason: "size" }],
    [{ name: "notes.pdf", type: "application/pdf", size: 4_000 }, "favicon", { ok: false, reason: "type" }],
  ] as const)("%j as %s", (file, kind, expected) => {
    expect(preCheck(file, imageRules[kind])).toEqual(expected);
  });
});

describe("formatBytes", () => {
  it.each([
    [2 * 1024 * 1024, "fr", "2 Mo"],
    [512 * 1024, "fr", "512 Ko"],
    [1_536_000, "fr", "1,5 Mo"],
    [1_536_000, "en", "1.5 MB"],
    [300, "en", "1 KB"],
  ] as const)("%i in %s → %s", (bytes, lang, text) => {
    expect(formatBytes(bytes, lang)).toBe(text);
  });
});

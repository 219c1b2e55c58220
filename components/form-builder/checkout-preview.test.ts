import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PAGE_COLORS } from "@/lib/checkout/theme";

// The form builder's preview draws the checkout with the checkout's own words and colours
// (lib/checkout/i18n.ts, lib/checkout/theme.ts). It runs in the browser: those modules must stay
// free of server code, and the page's palette must be the one checkout.css declares.

const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

// modules with no imports of their own (enums and shapes the browser may import)
const DEPENDENCY_FREE = ["@/lib/core/languages", "@/lib/core/fill"];

describe("the checkout preview's sources", () => {
  it.each(["lib/checkout/i18n.ts", "lib/checkout/theme.ts"])("%s imports nothing but types and dependency-free modules (browser-safe)", (path) => {
    const imports = [...source(path).matchAll(/^import\s+(type\s+)?.*?from\s+"([^"]+)";$/gms)];
    const values = imports.filter(([, typeOnly]) => !typeOnly).map(([, , from]) => from);
    expect(values.filter((from) => !DEPENDENCY_FREE.includes(from!))).toEqual([]);
  });

  it("uses the palette checkout.css declares in :root", () => {
    const root = /:root\{([^}]*)\}/.exec(source("lib/checkout/assets/checkout.css"))![1]!;
    const declared = Object.fromEntries(root.split(";").map((d) => d.split(":")).filter(([, v]) => v).map(([k, v]) => [k!.slice(2), v]));
    expect(Object.fromEntries(Object.keys(PAGE_COLORS).map((name) => [name, declared[name]]))).toEqual(PAGE_COLORS);
  });
});

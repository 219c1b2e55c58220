import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBlock, type BuilderBlock } from "@/lib/form-builder/edits";
import { previewPage, type PreviewInput } from "./preview-page";

// The marketplace editor's preview is the buyers' own renderer run in the browser: its import path
// must hold no server code, and what the merchant typed must come out escaped as for buyers.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The files and packages a module loads at run time (`import type` left out: the bundler drops it). */
function runtimeClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(path.join(ROOT, file), "utf8");
    for (const [, typeOnly, from] of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)";$/gms)) {
      if (typeOnly) continue;
      const base = from!.startsWith("@/") ? from!.slice(2) : from!.startsWith(".") ? path.join(path.dirname(file), from!) : null;
      if (base === null) {
        packages.add(from!);
        continue;
      }
      const found = [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((candidate) => existsSync(path.join(ROOT, candidate)));
      if (!found) throw new Error(`${file}: cannot find ${from}`);
      visit(found);
    }
  };
  visit(entry);
  return { files: [...files].sort(), packages: [...packages].sort() };
}

describe("the preview's import path", () => {
  const { files, packages } = runtimeClosure("components/form-builder/preview-page.ts");

  it("goes through the buyers' renderer", () => {
    expect(files).toEqual(expect.arrayContaining(["lib/checkout/views/form-page.ts", "lib/checkout/views/frame.ts", "lib/checkout/html.ts"]));
  });

  it("loads no server module and no Node built-in (browser-safe)", () => {
    const server = files.filter((file) => /^lib\/(db|runtime|http|server|accounts|providers|payments|files|mail|jobs)\//.test(file));
    expect(server).toEqual([]);
    expect(files.filter((file) => ["lib/checkout/checkout.ts", "lib/checkout/assets.ts", "lib/checkout/images.ts", "lib/checkout/form-input.ts"].includes(file))).toEqual([]);
    // libphonenumber writes the phone example and calling code; zod shapes the form blocks
    expect(packages.filter((name) => !name.startsWith("libphonenumber-js") && name !== "zod")).toEqual([]);
  });
});

const FILES = { stylesheet: "/pay/assets/checkout.0123456789.css", icon: "/pay/assets/icon.0123456789.svg" };

function block(patch: Partial<BuilderBlock> & Pick<BuilderBlock, "type">): BuilderBlock {
  return { ...createBlock(patch.type, () => "id"), ...patch };
}

const input = (patch: Partial<PreviewInput> = {}): PreviewInput => ({
  locale: "fr",
  name: "Marché Awa",
  color: "#7c3aed",
  logoUrl: null,
  fee: "5",
  currency: "XAF",
  blocks: [],
  seller: "Boutique Awa",
  files: FILES,
  ...patch,
});

describe("previewPage", () => {
  it("is a whole checkout document with the checkout's stylesheet and the marketplace's theme, and no script", () => {
    const page = previewPage(input());
    expect(page.startsWith('<!doctype html><html lang="fr">')).toBe(true);
    expect(page).toContain('<link rel="stylesheet" href="/pay/assets/checkout.0123456789.css"><link rel="stylesheet" href="/pay/assets/theme.7c3aed.css">');
    expect(page).not.toContain("<script");
    expect(page).toContain('<span class="mark" aria-hidden="true">M</span><span class="name">Marché Awa</span>');
    expect(page).toMatch(/<p class="seller">[^<]*Boutique Awa<\/p>/);
    expect(page).toMatch(/<p class="amount">10.500.FCFA<\/p>/);
    expect(page).toMatch(/<button type="submit" class="btn">Payer 10.500.FCFA<\/button>/);
  });

  it("asks the questions in the builder's order, with the buyers' markup", () => {
    const page = previewPage(
      input({
        blocks: [
          block({ type: "checkbox", label: "Emballage cadeau", required: true, description: "Offert" }),
          block({ type: "select", label: "Couleur", options: [{ id: "a", value: "Rouge" }, { id: "b", value: "Bleu" }] }),
          block({ type: "text", label: "" }),
        ],
      }),
    );
    const labels = [...page.matchAll(/<label for="a-([^"]+)">([^<]*)/g)].map(([, id, text]) => [id, text!.trim()]);
    expect(labels).toEqual([
      ["emballage_cadeau", "Emballage cadeau"],
      ["couleur", "Couleur"],
      ["field", "…"], // a question without its label yet
    ]);
    expect(page).toContain('<option value="Rouge">Rouge</option><option value="Bleu">Bleu</option>');
    expect(page).toContain('<p class="hint" id="a-emballage_cadeau-hint">Offert</p>');
  });

  it("escapes every word the merchant typed, as for buyers", () => {
    const hostile = `<img src=x onerror="alert(1)">'&`;
    const page = previewPage(
      input({
        name: hostile,
        logoUrl: `https://cdn.example/logo.png" onload="alert(1)`,
        color: `red"><script>alert(1)</script>`,
        blocks: [block({ type: "select", label: hostile, description: hostile, options: [{ id: "a", value: hostile }] })],
      }),
    );
    expect(page).not.toContain("<img src=x");
    expect(page).not.toContain("<script");
    expect(page).not.toContain('" onload=');
    const escaped = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;";
    expect(page).toContain(`<span class="name">${escaped}</span>`);
    expect(page).toContain(`<p class="hint" id="a-img_src_x_onerror_alert_1-hint">${escaped}</p>`);
    expect(page).toContain(`<option value="${escaped}">${escaped}</option>`);
    expect(page).toContain('<img class="logo" src="https://cdn.example/logo.png&quot; onload=&quot;alert(1)" alt="" height="40">');
    expect(page).toContain('href="/pay/assets/theme.0f766e.css"'); // an unreadable colour: the default theme
  });
});

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setting } from "@/lib/runtime/config";
import { themeCss, themeFor } from "./theme";

// The checkout's own static files: one stylesheet, a script (and the stall page's), one icon, hand-written and kept in
// lib/checkout/assets/. They are served by app/pay/assets/[file]/route.ts under names that carry
// a hash of their content (checkout.3f9a0c1b2d.css), so browsers may keep them for a year and a
// new version is a new URL. public/ would serve them with `max-age=0` and unhashed names.

const ASSETS = {
  "checkout.css": "text/css; charset=utf-8",
  "checkout.js": "text/javascript; charset=utf-8",
  "stall.js": "text/javascript; charset=utf-8",
  "icon.svg": "image/svg+xml",
} as const;
type AssetName = keyof typeof ASSETS;

type Loaded = { body: Buffer; hash: string };
const cache = new Map<AssetName, Loaded>();

function load(name: AssetName): Loaded {
  const cached = setting("NODE_ENV") === "production" ? cache.get(name) : undefined;
  if (cached) return cached;
  const body = readFileSync(path.join(process.cwd(), "lib", "checkout", "assets", name));
  const loaded = { body, hash: createHash("sha256").update(body).digest("hex").slice(0, 10) };
  cache.set(name, loaded);
  return loaded;
}

/** The URL a page links to: `/pay/assets/checkout.<hash>.css`. */
export function assetUrl(name: AssetName): string {
  const dot = name.lastIndexOf(".");
  return `/pay/assets/${name.slice(0, dot)}.${load(name).hash}${name.slice(dot)}`;
}

export type Asset = { body: Buffer | string; contentType: string; immutable: boolean };

/**
 * The file behind an asset URL's last segment. A name with an older hash still gets the current
 * file, but without the long cache (a page from before a deploy keeps working).
 */
export function findAsset(file: string): Asset | null {
  const theme = /^theme\.([0-9a-f]{6})\.css$/.exec(file);
  if (theme) return { body: themeCss(themeFor(`#${theme[1]}`)), contentType: ASSETS["checkout.css"], immutable: true };
  const m = /^([a-z]+)\.([0-9a-f]{10})\.(css|js|svg)$/.exec(file);
  const name = m ? `${m[1]}.${m[3]}` : "";
  if (!m || !Object.hasOwn(ASSETS, name)) return null;
  const { body, hash } = load(name as AssetName);
  return { body, contentType: ASSETS[name as AssetName], immutable: hash === m[2] };
}

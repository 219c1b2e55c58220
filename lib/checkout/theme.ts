// A marketplace's colour on its checkout page (DESIGN §4, §7), made readable whatever the merchant
// picked: the button text is white when that reaches the WCAG AA ratio for normal text (4.5:1),
// else whichever of white and black contrasts more (one of them always reaches 4.58:1); the colour
// used as text on the page (white cards on a light grey ground) is darkened until it reaches 4.5:1
// on that grey, so on white too.

export const DEFAULT_BRAND = "#0f766e";
const DARK_TEXT = "#000000";
const AA = 4.5;
const PAGE_GROUND = "#f5f5f4"; // checkout.css --bg

export type Theme = { brand: string; onBrand: string; ink: string; soft: string };

type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` (any case) → `#rrggbb`, or null. */
export function normalizeHex(value: string): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(hex: string, other: string, weight: number): string {
  const a = toRgb(hex);
  const b = toRgb(other);
  return toHex([0, 1, 2].map((i) => a[i]! * (1 - weight) + b[i]! * weight) as Rgb);
}

export function themeFor(color: string): Theme {
  const brand = normalizeHex(color) ?? DEFAULT_BRAND;
  const white = contrastRatio(brand, "#ffffff");
  const onBrand = white >= AA || white >= contrastRatio(brand, DARK_TEXT) ? "#ffffff" : DARK_TEXT;
  let ink = brand;
  for (let w = 0.1; contrastRatio(ink, PAGE_GROUND) < AA && w <= 1; w += 0.1) ink = mix(brand, "#000000", w);
  return { brand, onBrand, ink, soft: mix(brand, "#ffffff", 0.9) };
}

/** The small stylesheet that gives a page its theme (served from our origin: CSP style-src 'self'). */
export function themeCss(theme: Theme): string {
  return `:root{--brand:${theme.brand};--on-brand:${theme.onBrand};--ink:${theme.ink};--soft:${theme.soft}}\n`;
}

/**
 * The address of a colour's theme stylesheet, served by findAsset (lib/checkout/assets.ts); its
 * content is a function of the URL, so it never changes.
 */
export function themeUrl(color: string): string {
  return `/pay/assets/theme.${themeFor(color).brand.slice(1)}.css`;
}

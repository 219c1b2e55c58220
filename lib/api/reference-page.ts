import { readFileSync } from "node:fs";
import path from "node:path";

// The /docs page: Scalar's browser bundle, served from our own origin (no CDN), reading
// /v1/openapi.json. A strict CSP keeps the page to 'self'; Scalar injects its styles at run time,
// hence 'unsafe-inline' for styles only. No 'unsafe-eval': the one eval Chrome reports is zod's
// `new Function("")` feature probe inside Scalar, which catches the refusal and works without it.

const packageDir = () => path.join(process.cwd(), "node_modules/@scalar/api-reference");

export const scalarBundlePath = () => path.join(packageDir(), "dist/browser/standalone.js");

let version: string | undefined;
/** Versions the bundle's URL, so it can be cached for good and still change on upgrade. */
export function scalarVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(packageDir(), "package.json"), "utf8")) as { version: string }).version;
  return version;
}

export const referencePageCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

// https://guides.scalar.com/scalar/scalar-api-references/configuration
const configuration = {
  url: "/v1/openapi.json",
  metaData: { title: "Kola API reference" },
  withDefaultFonts: false, // fonts.scalar.com is another origin
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  documentDownloadType: "json",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
};

/**
 * The page's own words (the reference itself, Scalar's, stays in English): a way back to the
 * dashboard and, in French, what the page is, in the merchant's language.
 */
const chrome = {
  fr: {
    back: "← Retour au tableau de bord",
    home: "Kola",
    intro: "La référence de l'API Kola (en français pour les pages de paiement, factures, demandes de paiement et clients ; le reste en anglais) : pour brancher votre site ou votre application. Vos clés API et vos adresses de notification sont dans Développeurs.",
    other: "English",
    otherLang: "en",
  },
  en: {
    back: "← Back to the dashboard",
    home: "Kola",
    intro: "The Kola API reference: to connect your website or app. Your API keys and notification addresses are under Developers.",
    other: "Français",
    otherLang: "fr",
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function header(lang: "fr" | "en"): string {
  const w = chrome[lang];
  const link = "color:#115e59;text-decoration:underline;text-underline-offset:2px;font-weight:500";
  return `<header lang="${lang}" style="display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:10px 16px;border-bottom:1px solid #e7e5e4;background:#fafaf9;font:14px/1.4 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c1917">
<a href="/dashboard" style="${link}">${escapeHtml(w.back)}</a>
<p style="margin:0;flex:1 1 20rem;color:#44403c">${escapeHtml(w.intro)}</p>
<a href="/docs?lang=${w.otherLang}" lang="${w.otherLang}" hreflang="${w.otherLang}" style="${link}">${escapeHtml(w.other)}</a>
</header>`;
}

export function referencePage(lang: "fr" | "en" = "en"): string {
  // the document in the page's language where it is written in French (payment pages, invoices, requests, customers)
  const attribute = JSON.stringify({ ...configuration, url: `/v1/openapi.json?lang=${lang}` }).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // The empty #api-reference script carries the configuration: no inline code for the CSP to allow.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kola API reference</title>
<link rel="icon" href="data:,">
</head>
<body style="margin:0">
${header(lang)}
<script id="api-reference" data-configuration="${attribute}"></script>
<script src="/docs/scalar.js?v=${encodeURIComponent(scalarVersion())}"></script>
</body>
</html>
`;
}

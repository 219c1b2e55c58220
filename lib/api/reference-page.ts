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

export function referencePage(): string {
  const attribute = JSON.stringify(configuration).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // The empty #api-reference script carries the configuration: no inline code for the CSP to allow.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kola API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<script id="api-reference" data-configuration="${attribute}"></script>
<script src="/docs/scalar.js?v=${encodeURIComponent(scalarVersion())}"></script>
</body>
</html>
`;
}

// Settings read from the environment (README lists them all).
// Every link in an answer starts with it: worked out again only when the setting changes.
let base: { raw: string; url: string } | undefined;

export function publicBaseUrl(): string {
  const raw = process.env.PUBLIC_BASE_URL || `http://localhost:${process.env.PORT || 3000}`;
  if (base?.raw !== raw) base = { raw, url: raw.replace(/\/+$/, "") };
  return base.url;
}

export function dataDir(): string {
  return process.env.DATA_DIR || "./.data";
}

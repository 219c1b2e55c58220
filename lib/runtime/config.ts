// Settings read from the environment (README lists them all).
export function publicBaseUrl(): string {
  const url = process.env.PUBLIC_BASE_URL || `http://localhost:${process.env.PORT || 3000}`;
  return url.replace(/\/+$/, "");
}

export function dataDir(): string {
  return process.env.DATA_DIR || "./.data";
}

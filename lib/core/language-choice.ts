import type { Lang } from "./languages";

// Which language a request is answered in (DESIGN §7: French first, English too). Pure and
// dependency-free: the dashboard's server pages, the auth pages and the buyers' pages all ask it.
//
//   1. the merchant's choice: the `kola_lang` cookie, set when they switch language and at sign-in
//      from their login's language (lib/accounts/sessions.ts) — once set, it wins;
//   2. otherwise the browser's Accept-Language (RFC 9110 §12.5.4): the supported language with the
//      highest q-value (fr-CM, en-KE count as fr, en; q=0 means "not this one"; on a tie the one
//      listed first; `*` and unsupported tags are passed over);
//   3. otherwise French.

const supported: ReadonlySet<string> = new Set(["fr", "en"]);

/** The supported language the browser prefers by its Accept-Language header; null when it names none. */
export function langOfAcceptLanguage(header: string | null | undefined): Lang | null {
  let best: { lang: Lang; q: number } | undefined;
  for (const part of (header ?? "").split(",").slice(0, 50)) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = range.trim().split("-")[0] ?? "";
    if (!supported.has(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { lang: primary as Lang, q };
  }
  return best?.lang ?? null;
}

/** The language of a request: the cookie's when it names one, then the browser's, then French. */
export function chooseLang(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Lang {
  if (cookie === "fr" || cookie === "en") return cookie;
  return langOfAcceptLanguage(acceptLanguage) ?? "fr";
}

import { isRetryLater } from "@/lib/db/availability";
import { formatReceiptCode, normalizeReceiptCode } from "@/lib/core/receipt-code";
import { addressSubject, clientAddress } from "@/lib/http/client-address";
import { hit, RateLimitedError, type Limit } from "@/lib/http/rate-limit";
import { checkoutHeaders, checkoutRoute } from "@/lib/checkout/respond";
import { isLocale, pickLocale, type Locale } from "@/lib/checkout/i18n";
import type { Html } from "@/lib/checkout/html";
import { findReceipt } from "./find-receipt";
import { renderLookup, renderReceiptCheck, renderTrouble, renderUnknown, wordsOf } from "./views";

// GET /r and /r/{code}: anyone (a seller before handing the goods over) checks a buyer's receipt
// code. The page says what the code proves and nothing more; it is neither cached, indexed nor
// named in a Referer, and an address may try only so many codes: 50 random bits cannot be guessed
// at 20 tries a minute, and a scraper gets nothing from a code it has not been shown.

export const receiptLookupLimits = {
  minute: { name: "receipt-minute", max: 20, windowMs: 60_000 },
  day: { name: "receipt-day", max: 200, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

/** The checkout's headers (CSP, no framing, no caching), and no Referer, no search engine. */
function receiptHeaders(): Record<string, string> {
  return { ...checkoutHeaders(), "referrer-policy": "no-referrer", "x-robots-tag": "noindex", "cache-control": "no-store" };
}

function send({ page }: { page: Html }, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(`<!doctype html>${page.value}`, { status, headers: { ...receiptHeaders(), "content-type": "text/html; charset=utf-8", ...extra } });
}

function localeOf(req: Request): { url: URL; locale: Locale; otherLangHref: string } {
  const url = new URL(req.url);
  const locale = pickLocale(url, req.headers.get("accept-language"));
  return { url, locale, otherLangHref: `${url.pathname}?lang=${locale === "fr" ? "en" : "fr"}` };
}

/** The page of an unexpected error: "try again in a moment" (503 with Retry-After while the database is away). */
function troublePage(req: Request, error: unknown): Response {
  const { locale, otherLangHref } = localeOf(req);
  if (isRetryLater(error)) {
    return send(renderTrouble({ locale, otherLangHref, kind: "outage" }), 503, { "retry-after": error.headers?.["retry-after"] ?? "1" });
  }
  return send(renderTrouble({ locale, otherLangHref, kind: "error" }), 500);
}

/** A path segment as typed (`k7p2m%209xq4d`), decoded when it can be. */
function typedOf(segment: string): string {
  try {
    return decodeURIComponent(segment).slice(0, 40);
  } catch {
    return segment.slice(0, 40);
  }
}

/** GET /r: the form; with `?code=`, to the code's page (303), or the form again saying what is wrong. */
export const showLookup = checkoutRoute<Record<string, string>>(async (req) => {
  const { url, locale, otherLangHref } = localeOf(req);
  const typed = url.searchParams.get("code");
  if (typed === null) return send(renderLookup({ locale, otherLangHref }));
  const code = normalizeReceiptCode(typed);
  if (!code) return send(renderLookup({ locale, otherLangHref, typed: typed.slice(0, 40), error: wordsOf(locale).malformed }), 422);
  const lang = url.searchParams.get("lang");
  const location = `/r/${formatReceiptCode(code)}${isLocale(lang) ? `?lang=${lang}` : ""}`;
  return new Response(null, { status: 303, headers: { ...receiptHeaders(), location } });
}, troublePage);

/** GET /r/{code}: what the code proves, or that no payment has it (404); 429 past the address's limits. */
export const showReceipt = checkoutRoute<{ code: string }>(async (req, { code: segment }) => {
  const { locale } = localeOf(req);
  const typed = typedOf(segment);
  // the address as typed, at most its 40 first characters (a long junk path is not echoed)
  const otherLangHref = `/r/${encodeURIComponent(typed)}?lang=${locale === "fr" ? "en" : "fr"}`;
  const subject = addressSubject(clientAddress(req));
  try {
    await hit(receiptLookupLimits.minute, subject);
    await hit(receiptLookupLimits.day, subject);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return send(renderTrouble({ locale, otherLangHref, kind: "limited", retryAfter: error.retryAfter }), 429, { "retry-after": String(error.retryAfter) });
  }
  const code = normalizeReceiptCode(typed);
  // a code nobody was given costs the same lookup as one that exists; one that cannot be a code, none
  const receipt = code ? await findReceipt(code) : null;
  if (!code || !receipt) return send(renderUnknown({ locale, otherLangHref, typed: code ? formatReceiptCode(code) : typed, malformed: !code }), 404);
  return send(renderReceiptCheck({ locale, otherLangHref, code: formatReceiptCode(code), receipt }));
}, troublePage);

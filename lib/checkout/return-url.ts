import type { DepositStatus } from "@/lib/core/deposit-statuses";

export type ReturnParams = { order_id: string; gateway_id: string; track_id: string; status: DepositStatus };

/**
 * The merchant's success_url or failure_url with `order_id`, `gateway_id`, `track_id` and `status`
 * appended as query parameters (DESIGN §7). The merchant's own query string is kept byte for byte
 * (only appended to) and a fragment stays last. Returns null for anything but an absolute http(s)
 * URL that can travel in a Location header, so a bad stored value (a CR/LF or a space from before
 * the API refused them) shows the receipt instead of failing after the buyer has paid.
 */
export function buildReturnUrl(base: string, params: ReturnParams): string | null {
  if (/[\s\p{Cc}]/u.test(base)) return null; // the URL parser would drop them silently
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const hashAt = base.indexOf("#");
  const head = hashAt === -1 ? base : base.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : base.slice(hashAt);
  const added = new URLSearchParams([
    ["order_id", params.order_id],
    ["gateway_id", params.gateway_id],
    ["track_id", params.track_id],
    ["status", params.status],
  ]).toString();
  const joiner = !head.includes("?") ? "?" : head.endsWith("?") || head.endsWith("&") ? "" : "&";
  const url = `${head}${joiner}${added}${fragment}`;
  // a header holds bytes: non-ASCII (an accented path, an IDN host) goes percent-encoded / punycode
  return PRINTABLE_ASCII.test(url) ? url : asciiHref(url);
}

const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

function asciiHref(url: string): string | null {
  try {
    const href = new URL(url).href;
    return PRINTABLE_ASCII.test(href) ? href : null;
  } catch {
    return null;
  }
}

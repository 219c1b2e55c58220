import type { DepositStatus } from "@/lib/db/schema";

export type ReturnParams = { order_id: string; gateway_id: string; track_id: string; status: DepositStatus };

/**
 * The merchant's success_url or failure_url with `order_id`, `gateway_id`, `track_id` and `status`
 * appended as query parameters (DESIGN §7). The merchant's own query string is kept byte for byte
 * (only appended to) and a fragment stays last. Returns null for anything but an absolute http(s)
 * URL, so a bad stored value shows the receipt instead of redirecting somewhere odd.
 */
export function buildReturnUrl(base: string, params: ReturnParams): string | null {
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
  return `${head}${joiner}${added}${fragment}`;
}

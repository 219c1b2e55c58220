import type { CallbackRequest } from "./types";
import { setting } from "@/lib/runtime/config";

export type { CallbackEvent, CallbackRequest } from "./types";

/** The request as a signature covers it: the Host it came to, and PUBLIC_BASE_URL's behind a proxy. */
export function callbackRequest(req: Request, raw: string): CallbackRequest {
  const url = new URL(req.url);
  const publicUrl = setting("PUBLIC_BASE_URL");
  return {
    method: req.method,
    authority: req.headers.get("host") ?? url.host,
    altAuthority: publicUrl ? new URL(publicUrl).host : undefined,
    path: url.pathname,
    headers: req.headers,
    raw,
  };
}

/** The callback is not from the provider (unsigned, badly signed, stale): 401, nothing changes. */
export class CallbackRefused extends Error {}

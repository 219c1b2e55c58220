import { ApiError, type ErrorType } from "@/lib/core/errors";
import type { ProviderError, ProviderErrorKind } from "./provider-error";
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

const REFUSALS: Partial<Record<ProviderErrorKind, ErrorType>> = {
  bad_signature: "INVALID_SIGNATURE", // not from the provider: nothing changes
  bad_callback: "INVALID_CALLBACK", // unreadable, or no final outcome
  unreachable: "PROVIDER_UNAVAILABLE", // its confirmation could not be had: it will call again
};

/**
 * What a provider hears when its callback parser failed (deposits and money out alike): the error
 * table's answer, with the parser's own words when it gave some. Null: not a refusal of the
 * callback (an unexpected error, answered as one).
 */
export function callbackRefusal(error: ProviderError): ApiError | null {
  const type = REFUSALS[error.kind];
  return type ? new ApiError(type, error.answer, undefined, { "cache-control": "no-store" }) : null;
}

import type { Settlement } from "../settle-deposit";

/** A provider callback as the route received it: the raw body and what a signature may cover. */
export type CallbackRequest = {
  method: string;
  /** the Host the request came to, and PUBLIC_BASE_URL's (behind a proxy the two differ) */
  authority: string;
  altAuthority?: string;
  path: string;
  headers: Headers;
  raw: string;
};

/** The request as a signature covers it: the Host it came to, and PUBLIC_BASE_URL's behind a proxy. */
export function callbackRequest(req: Request, raw: string): CallbackRequest {
  const url = new URL(req.url);
  const publicUrl = process.env.PUBLIC_BASE_URL;
  return {
    method: req.method,
    authority: req.headers.get("host") ?? url.host,
    altAuthority: publicUrl ? new URL(publicUrl).host : undefined,
    path: url.pathname,
    headers: req.headers,
    raw,
  };
}

/** What a verified callback says, in Kola's words; the handler checks it against the deposit. */
export type CallbackEvent = {
  /** the same report twice has the same id: the second is a no-op */
  eventId: string;
  find: { depositId?: string; trackId?: string };
  /** null while the provider is still working on it */
  outcome: Settlement | null;
  /** what the provider says was collected, in our minor units (null: unreadable) */
  amountMinor: number | null;
  currency: string;
  /** our reference as the provider repeats it (the track_id), when it does */
  reference?: string;
  /** kept in the provider log */
  body: unknown;
};

/** The callback is not from the provider (unsigned, badly signed, stale): 401, nothing changes. */
export class CallbackRefused extends Error {}

// Why a webhook attempt got no usable answer. Attempts store the sentence the delivery log has
// always shown (the API's `error`); `error_code` names its kind so that a reader, the dashboard
// first, words it in its own language instead of parsing English. The sentences post.ts writes
// come from this table, so the two cannot drift (attempt-errors.test.ts walks them all).

export const attemptErrorCodes = [
  "timeout",
  "connection_refused",
  "connection_reset",
  "dns_failed",
  "host_unreachable",
  "redirect",
  "https_required",
  "private_address",
  "invalid_url",
  "other",
] as const;
export type AttemptErrorCode = (typeof attemptErrorCodes)[number];

/** The fixed sentences; a timeout and a refused address carry their details after these prefixes. */
export const attemptErrorText = {
  connection_refused: "connection refused",
  connection_reset: "connection reset",
  dns_failed: "could not resolve the host",
  host_unreachable: "host unreachable",
  redirect: "redirect not followed",
  https_required: "refused: https is required",
  invalid_url: "not a valid URL",
  not_http: "not an http(s) URL",
} as const;
const TIMEOUT = "timed out after ";
const REFUSED = "refused: ";

export const timeoutText = (seconds: number) => `${TIMEOUT}${seconds} s`;
export const refusedText = (why: string) => `${REFUSED}${why}`;

/** The kind of a stored attempt error (null: the attempt had none). */
export function attemptErrorCode(error: string | null): AttemptErrorCode | null {
  if (error === null) return null;
  if (error === attemptErrorText.not_http) return "invalid_url";
  for (const [code, text] of Object.entries(attemptErrorText)) if (error === text) return code as AttemptErrorCode;
  if (error.startsWith(TIMEOUT)) return "timeout";
  if (error.startsWith(REFUSED)) return "private_address";
  if (error.startsWith("could not resolve")) return "dns_failed";
  return "other";
}

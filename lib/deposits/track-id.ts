import { z } from "zod";

// The one home of the track_id rule: every endpoint, form, page and provider
// adapter reads a track_id through this module. It imports nothing but zod, so the browser may too.

/** What newTrackId() makes: `TRK` + 20 base32 characters (upper case). */
export const TRACK_ID_PATTERN = /^TRK[A-Z2-7]{20}$/;

/** A track_id as typed or read back on the phone: spaces around dropped, upper-cased. */
export function normalizeTrackId(text: string): string {
  return text.trim().toUpperCase();
}

/** Whether a text, once normalized, is a track_id that newTrackId() could have made. */
export function isTrackId(text: string): boolean {
  return TRACK_ID_PATTERN.test(normalizeTrackId(text));
}

/**
 * A track_id in a request (path, query or body): trimmed and upper-cased, so one typed in lower
 * case or pasted with spaces finds the same deposit. Not held to the pattern: an unknown one is
 * `DEPOSIT_NOT_FOUND` (404), as the interface document says, not a validation error.
 */
export const trackId = z
  .string()
  .trim()
  .toUpperCase()
  .min(1)
  .max(64)
  .describe("A deposit's track_id, e.g. TRKAGJWMI4SRI4VAJHIOTEI (case-insensitive; spaces around are ignored)");

/** A list's track_id filter: the same reading; empty means no filter. */
export const trackIdFilter = z.string().trim().toUpperCase().max(64);

/** A track_id as the documentation shows one. */
export const TRACK_ID_EXAMPLE = "TRKAGJWMI4SRI4VAJHIOTEI";

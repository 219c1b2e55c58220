import { z } from "zod";

// Dependency-free (the dashboard's forms import the schemas that use it).
//
// A name (a business, a shop, a seller, a buyer, a member, an API key, a webhook) is one line of
// text: it goes into mail subjects and bodies, CSV cells and page titles. A line break or another
// control character inside one could forge a line of a mail ("Voir le paiement : https://evil…"
// above Kola's own link), so it is refused (422), not cleaned. White space around the name is
// trimmed as before; a line break there is only white space and goes with it.

/** Control characters (C0, DEL, C1), line and paragraph separators, bidirectional embeddings, overrides and isolates. */
const CONTROL = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
/** What String.prototype.trim removes (ECMAScript's WhiteSpace and LineTerminator). */
const TRIMMED = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";

const controlCharacter = new RegExp(`[${CONTROL}]`);

/** Whether `text` holds a character a name may not (see CONTROL). */
export function hasControlCharacter(text: string): boolean {
  return controlCharacter.test(text);
}

export const SINGLE_LINE_ERROR = "must be one line, without control characters";

/**
 * The rule above as the reference states it, for validators and fuzzers: after white space at
 * either end, no control character, and (`required`) at least one character that is not white space.
 * Written with explicit \u ranges (no \s, no \p{…}): JavaScript, Python and Go read them alike.
 */
export function singleLinePattern(required: boolean): string {
  const text = `[^${CONTROL}${TRIMMED}](?:[^${CONTROL}]*[^${CONTROL}${TRIMMED}])?`;
  return `^[${TRIMMED}]*${required ? text : `(?:${text})?`}[${TRIMMED}]*$`;
}

/**
 * A name field: trimmed, one line, 1 (or `min: 0`) to `max` characters. The length bound holds
 * before trimming too, so a document's `maxLength` and the server agree on padded names.
 */
export function singleLine(max: number, { min = 1 }: { min?: 0 | 1 } = {}) {
  return z
    .string()
    .max(max)
    .trim()
    .refine((value) => !hasControlCharacter(value), { message: SINGLE_LINE_ERROR, params: { type: "value_error", ctx: { error: SINGLE_LINE_ERROR } } })
    .min(min)
    .meta({ pattern: singleLinePattern(min === 1) });
}

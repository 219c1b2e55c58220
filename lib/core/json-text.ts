import { jsonInvalid } from "./validation";

// JSON text from a client, parsed with its nesting bounded. Free of server code: the dashboard
// imports the marketplace schemas that use it.

/**
 * How deep arrays and objects may nest in a request's JSON. Our deepest body is 3 levels
 * (form_blocks → blocks → options); the bound keeps every recursive walk after JSON.parse
 * (zod, the NUL check) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

/** The position where nesting first goes deeper than `max`, or -1: a linear scan, strings skipped. */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** JSON text (a body, or a multipart part like form_blocks), nesting bounded; a ValidationError at `loc` otherwise. */
export function parseJsonText(text: string, loc: (string | number)[] = ["body"]): unknown {
  const deep = tooDeepAt(text);
  if (deep !== -1) throw jsonInvalid(new Error(`nested too deeply at position ${deep}`), loc);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw jsonInvalid(error, loc);
  }
}


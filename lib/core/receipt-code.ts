// A successful payment's public receipt code: 10 characters of Crockford's base32 (no I, L, O, U:
// nothing to misread aloud or on a cracked screen), 50 random bits, shown as two groups of five
// (`K7P2M-9XQ4D`). `/r/{code}` says what it proves. Browser-safe: the dashboard formats codes too.

export const RECEIPT_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const RECEIPT_CODE_LENGTH = 10;

/** A formatted code, as the API and the webhooks write it (the OpenAPI pattern): the alphabet above, as ranges. */
export const RECEIPT_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** `K7P2M9XQ4D` → `K7P2M-9XQ4D`. */
export function formatReceiptCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A code as a person may type it (any case, spaces or dashes, O for 0, I and L for 1) → its stored
 * form, or null when it cannot be one.
 */
export function normalizeReceiptCode(typed: string): string | null {
  if (typed.length > 40) return null;
  const code = typed
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (code.length !== RECEIPT_CODE_LENGTH) return null;
  for (const char of code) if (!RECEIPT_ALPHABET.includes(char)) return null;
  return code;
}

import { randomInt } from "node:crypto";
import { RECEIPT_ALPHABET } from "@/lib/core/receipt-code";

/**
 * `length` characters of Crockford's base32 (no I, L, O, U: nothing to misread aloud or on a cracked
 * screen) from the system's CSPRNG: 5 bits each. Receipt codes, stall codes, pay-link codes.
 */
export function randomCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  return code;
}

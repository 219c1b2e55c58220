import { randomInt } from "node:crypto";
import { RECEIPT_ALPHABET, RECEIPT_CODE_LENGTH } from "@/lib/core/receipt-code";

/** A new receipt code (lib/core/receipt-code.ts): 50 bits from the system's CSPRNG. */
export function newReceiptCode(): string {
  let code = "";
  for (let i = 0; i < RECEIPT_CODE_LENGTH; i++) code += RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  return code;
}

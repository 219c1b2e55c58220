import { formatReceiptCode, RECEIPT_CODE_LENGTH } from "@/lib/core/receipt-code";
import { randomCode } from "@/lib/runtime/random-code";
import { publicBaseUrl } from "@/lib/runtime/config";

/** A new receipt code (lib/core/receipt-code.ts): 50 bits from the system's CSPRNG. */
export function newReceiptCode(): string {
  return randomCode(RECEIPT_CODE_LENGTH);
}

/** Where anyone checks a receipt code (stored form): `{PUBLIC_BASE_URL}/r/K7P2M-9XQ4D` (app/r/[code]). */
export function receiptCheckUrl(code: string): string {
  return `${publicBaseUrl()}/r/${formatReceiptCode(code)}`;
}

import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { formatReceiptCode, RECEIPT_CODE_PATTERN } from "@/lib/core/receipt-code";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";

/** A settled success's receipt code as the API and the events write it (`K7P2M-9XQ4D`). */
export async function receiptCodeOf(depositId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ code: deposits.receiptCode }).from(deposits).where(eq(deposits.id, depositId));
  expect(row?.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  const code = formatReceiptCode(row!.code!);
  expect(code).toMatch(RECEIPT_CODE_PATTERN);
  return code;
}

import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError } from "@/lib/core/errors";
import { isCountry } from "@/lib/countries";
import { maskNumber } from "@/lib/countries/typed-number";
import { inTransaction, getDb } from "@/lib/db/client";
import { accounts, payoutNumbers } from "@/lib/db/schema";
import { parseDestination } from "./create-withdrawal";
import { PAYOUT_NUMBER_LIMIT, type PayoutNumberItem, type PayoutNumberView, type SavePayoutNumberBody } from "./payout-number-schemas";

// Saved payout numbers (payout-number-schemas.ts): every query scoped by the caller's account and mode.

type Row = typeof payoutNumbers.$inferSelect;

const scope = (auth: Pick<Auth, "accountId" | "mode">) => and(eq(payoutNumbers.accountId, auth.accountId), eq(payoutNumbers.mode, auth.mode));

function item(row: Row): PayoutNumberItem {
  return {
    id: row.id,
    label: row.label,
    country: row.country as PayoutNumberItem["country"],
    operator: row.operator,
    phone_number_masked: maskNumber(row.phoneNumber, isCountry(row.country) ? row.country : undefined),
    created_at: row.createdAt.toISOString(),
  };
}

const view = (row: Row): PayoutNumberView => ({ ...item(row), phone_number: row.phoneNumber });

/** GET /v1/payout-numbers: the account's numbers in the caller's mode, the oldest first, masked. */
export async function listPayoutNumbers(auth: Auth): Promise<PayoutNumberItem[]> {
  const db = await getDb();
  const rows = await db.select().from(payoutNumbers).where(scope(auth)).orderBy(asc(payoutNumbers.createdAt), asc(payoutNumbers.id));
  return rows.map(item);
}

/** GET /v1/payout-numbers/{id}: one number, whole; PAYOUT_NUMBER_NOT_FOUND outside the caller's account and mode. */
export async function getPayoutNumber(auth: Auth, id: string): Promise<PayoutNumberView> {
  const db = await getDb();
  const [row] = await db.select().from(payoutNumbers).where(and(scope(auth), eq(payoutNumbers.id, id)));
  if (!row) throw new ApiError("PAYOUT_NUMBER_NOT_FOUND");
  return view(row);
}

/**
 * POST /v1/payout-numbers: checked as a withdrawal's destination (parseDestination: the operator of
 * the number's country, the number's own where its prefix tells it; 422 otherwise). The same
 * number and operator saved again is the same row (its label replaced when one is given). The
 * account's row lock orders concurrent saves, so the limit holds.
 */
export async function savePayoutNumber(auth: Auth, body: SavePayoutNumberBody): Promise<PayoutNumberView> {
  const destination = parseDestination({ operator: body.operator, phone_number: body.phone_number });
  return inTransaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, auth.accountId)).for("update");
    const [existing] = await tx
      .select()
      .from(payoutNumbers)
      .where(and(scope(auth), eq(payoutNumbers.operator, destination.operator), eq(payoutNumbers.phoneNumber, destination.phoneNumber)));
    if (existing) {
      if (body.label === undefined || body.label === existing.label) return view(existing);
      const [updated] = await tx.update(payoutNumbers).set({ label: body.label }).where(and(scope(auth), eq(payoutNumbers.id, existing.id))).returning();
      return view(updated!);
    }
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(payoutNumbers).where(scope(auth));
    if (n >= PAYOUT_NUMBER_LIMIT) throw new ApiError("PAYOUT_NUMBER_LIMIT_REACHED");
    const [row] = await tx
      .insert(payoutNumbers)
      .values({
        accountId: auth.accountId,
        mode: auth.mode,
        label: body.label ?? "",
        country: destination.country,
        operator: destination.operator,
        phoneNumber: destination.phoneNumber,
      })
      .onConflictDoUpdate({ target: [payoutNumbers.accountId, payoutNumbers.mode, payoutNumbers.operator, payoutNumbers.phoneNumber], set: { label: sql`excluded.label` } })
      .returning();
    return view(row!);
  });
}

/** DELETE /v1/payout-numbers/{id}: payouts already sent to it keep their own copy of the number. */
export async function removePayoutNumber(auth: Auth, id: string): Promise<{ id: string; deleted: true }> {
  const db = await getDb();
  const [row] = await db.delete(payoutNumbers).where(and(scope(auth), eq(payoutNumbers.id, id))).returning({ id: payoutNumbers.id });
  if (!row) throw new ApiError("PAYOUT_NUMBER_NOT_FOUND");
  return { id: row.id, deleted: true };
}

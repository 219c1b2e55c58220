import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Auth } from "@/lib/accounts/queries";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import type { deposit } from "./schemas";

/**
 * The caller's deposit as the interface shows it. `created_at` is written by PostgreSQL itself:
 * UTC with microseconds and no zone designator (JavaScript dates stop at milliseconds).
 */
export async function getDepositOrThrow(auth: Auth, trackId: string): Promise<z.output<typeof deposit>> {
  const db = await getDb();
  const [row] = await db
    .select({
      track_id: deposits.trackId,
      amount: deposits.amount,
      phone_number: deposits.phoneNumber,
      country: deposits.country,
      currency: deposits.currency,
      operator: deposits.operator,
      status: deposits.status,
      created_at: sql<string>`to_char(${deposits.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    })
    .from(deposits)
    .where(and(ownedBy(deposits, auth), eq(deposits.trackId, trackId)));
  if (!row) throw new ApiError("DEPOSIT_NOT_FOUND");
  return row;
}

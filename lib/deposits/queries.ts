import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { depositListColumns } from "./list-deposits";
import type { deposit } from "./schemas";

// the interface's deposit: the first columns of a listed one (created_at as PostgreSQL writes it)
const { track_id, amount, phone_number, country, currency, operator, status, created_at } = depositListColumns;

/**
 * The caller's deposit as the interface shows it. `created_at` is written by PostgreSQL itself:
 * UTC with microseconds and no zone designator (JavaScript dates stop at milliseconds).
 */
export async function getDepositOrThrow(auth: Auth, trackId: string): Promise<z.output<typeof deposit>> {
  const db = await getDb();
  const [row] = await db
    .select({ track_id, amount, phone_number, country, currency, operator, status, created_at })
    .from(deposits)
    .where(and(ownedBy(deposits, auth), eq(deposits.trackId, trackId)));
  if (!row) throw new ApiError("DEPOSIT_NOT_FOUND");
  return row;
}

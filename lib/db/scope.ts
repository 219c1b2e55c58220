import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Auth } from "@/lib/core/auth";

type Owned = { accountId: PgColumn; mode: PgColumn };

/** The account-and-mode condition every query of merchant data starts from (DESIGN §1). */
export function ownedBy(table: Owned, auth: Pick<Auth, "accountId" | "mode">): SQL {
  return and(eq(table.accountId, auth.accountId), eq(table.mode, auth.mode))!;
}

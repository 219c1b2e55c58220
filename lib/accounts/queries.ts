import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { accounts, apiKeys } from "@/lib/db/schema";
import type { Mode } from "@/lib/accounts/modes";
import { API_KEY_ROLE, type Role } from "@/lib/accounts/roles";

/** Who is calling: every query of the API is scoped by this account and mode. */
export type Auth = {
  accountId: string;
  mode: Mode;
  apiKeyId: string | null;
  country: string;
  currency: string;
  /** how the caller proved who they are: an `api-key` header, or the dashboard's session cookie */
  via: "key" | "session";
  /** what the caller may do (lib/accounts/roles.ts): a member's role, or `admin` for an API key */
  role: Role;
  /** the signed-in member's user; null for an API key */
  userId: string | null;
};

const authByKeyHash = prepared((db) =>
  db
    .select({
      apiKeyId: apiKeys.id,
      accountId: apiKeys.accountId,
      mode: apiKeys.mode,
      lastUsedAt: apiKeys.lastUsedAt,
      country: accounts.country,
      currency: accounts.currency,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder("hash")), sql`${apiKeys.revokedAt} is null`))
    .prepare("auth_by_key_hash"),
);

export async function findAuthByKeyHash(keyHash: string): Promise<Auth | null> {
  const db = await getDb();
  const [row] = await authByKeyHash(db).execute({ hash: keyHash });
  if (!row) return null;
  // last_used_at is for people, to the minute: writing it on every request would cost a write each.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    db.update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, row.apiKeyId))
      .catch(() => {});
  }
  const { lastUsedAt: _unused, ...auth } = row;
  void _unused;
  return { ...auth, via: "key", role: API_KEY_ROLE, userId: null };
}

import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { accounts, apiKeys, memberships } from "@/lib/db/schema";
import type { Auth } from "@/lib/core/auth";
import { lowerRole, type Role } from "@/lib/core/roles";

// A key is live while it is not revoked and its maker is still a member: the maker's removal revokes
// it in the same transaction (members.ts), and the join says so again here. Its role is its own,
// never above its maker's (a demotion lowers it too; the lower of the two, whatever happened). A
// cashier holds no key: becoming one revokes them (members.ts), and a key of a cashier is dead here too.
const keyAuth = {
  apiKeyId: apiKeys.id,
  accountId: apiKeys.accountId,
  mode: apiKeys.mode,
  keyRole: apiKeys.role,
  makerRole: memberships.role,
};
const notRevoked = sql`${apiKeys.revokedAt} is null`;
const maker = and(eq(memberships.accountId, apiKeys.accountId), eq(memberships.userId, apiKeys.createdBy), ne(memberships.role, "cashier"));

const authByKeyHash = prepared((db) =>
  db
    .select({ ...keyAuth, lastUsedAt: apiKeys.lastUsedAt, country: accounts.country, currency: accounts.currency })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(memberships, maker)
    .where(and(eq(apiKeys.keyHash, sql.placeholder("hash")), notRevoked))
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
  return {
    apiKeyId: row.apiKeyId,
    accountId: row.accountId,
    mode: row.mode,
    country: row.country,
    currency: row.currency,
    via: "key",
    role: lowerRole(row.keyRole, row.makerRole),
    userId: null,
  };
}

/**
 * The key's role now, its row held (FOR KEY SHARE) until the transaction `tx` ends; null once it is
 * revoked or its maker gone. Whatever revokes, lowers or takes over a key locks its row FOR UPDATE
 * first (api-key-admin.ts, members.ts): it waits for the requests holding the key, and a request
 * that comes while it runs waits for its commit and then reads the key as it left it.
 */
export async function holdKey(tx: Db, apiKeyId: string): Promise<Role | null> {
  const [row] = await heldKey(tx).execute({ id: apiKeyId });
  return row ? lowerRole(row.keyRole, row.makerRole) : null;
}

// the first statement of every change made with a key: built once (lib/db/prepared.ts)
const heldKey = prepared((db) =>
  db
    .select(keyAuth)
    .from(apiKeys)
    .innerJoin(memberships, maker)
    .where(and(eq(apiKeys.id, sql.placeholder("id")), notRevoked))
    .for("key share", { of: apiKeys })
    .prepare("held_key"),
);

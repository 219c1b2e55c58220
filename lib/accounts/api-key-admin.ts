import { and, desc, eq, sql } from "drizzle-orm";
import { percentOfBps } from "@/lib/core/cards";
import type { z } from "zod";
import { countryObject } from "@/lib/countries";
import { getDb, inTransaction } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { accounts, apiKeys, users } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { generateApiKey } from "./api-keys";
import type { Auth } from "@/lib/core/auth";
import { keyRolesFor, type KeyRole } from "@/lib/core/roles";
import type { account, apiKey, createKeyBody } from "./schemas";

type KeyRow = typeof apiKeys.$inferSelect;

function present(row: KeyRow, maker: { email: string }): z.output<typeof apiKey> {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    role: row.role,
    created_by: { user_id: row.createdBy, email: maker.email },
    prefix: row.prefix,
    last4: row.last4,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** The keys of the caller's account and mode, newest first, with who made each. */
export async function listApiKeys(auth: Auth) {
  const db = await getDb();
  const rows = await db
    .select({ key: apiKeys, maker: { email: users.email } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(ownedBy(apiKeys, auth))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(({ key, maker }) => present(key, maker));
}

async function presentOne(row: KeyRow) {
  const db = await getDb();
  const [maker] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.createdBy));
  return present(row, maker!);
}

/**
 * A new key of the current mode, made by the signed-in member, with a role up to theirs (admin at
 * most; unsaid, the highest they may give). The key itself is in this response only.
 */
export async function createApiKeyFor(auth: Auth, body: z.output<typeof createKeyBody>) {
  const allowed = keyRolesFor(auth.role);
  const role: KeyRole | undefined = body.role ?? allowed[0];
  if (!role || !allowed.includes(role)) {
    throw new ApiError(
      "INSUFFICIENT_ROLE",
      `Your role on this account (${auth.role}) does not allow this action: a key's role is at most its maker's (${allowed.join(", ") || "none"})`,
    );
  }
  const key = generateApiKey(auth.mode);
  const db = await getDb();
  const [row] = await db
    .insert(apiKeys)
    .values({ accountId: auth.accountId, mode: auth.mode, role, createdBy: auth.userId!, name: body.name, keyHash: key.hash, prefix: key.prefix, last4: key.last4 })
    .returning();
  return { ...(await presentOne(row!)), api_key: key.key };
}

/**
 * The key `id` of the caller's account and mode, locked FOR UPDATE: a change of a key waits for the
 * requests that hold it (queries.ts `holdKey`) and they, after it, read it as it left it.
 */
async function lockedKey(auth: Auth, id: string): Promise<KeyRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(ownedBy(apiKeys, auth), eq(apiKeys.id, id)))
    .for("update");
  if (!row) throw new ApiError("API_KEY_ID_NOT_FOUND");
  return row;
}

/**
 * Revokes a key: the API refuses it from the next request on (one in flight finishes first). A member
 * revokes their own keys and keys of a role they could give.
 */
export async function revokeApiKey(auth: Auth, id: string) {
  return inTransaction(async (tx) => {
    const row = await lockedKey(auth, id);
    // a developer cannot switch off an integration an admin or owner runs: one's own keys and keys
    // of a role one may give, no more
    if (row.createdBy !== auth.userId && !keyRolesFor(auth.role).includes(row.role)) {
      throw new ApiError("INSUFFICIENT_ROLE", `Your role on this account (${auth.role}) does not allow revoking a key of role ${row.role}`);
    }
    if (row.revokedAt) return presentOne(row);
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: sql`now()` }).where(eq(apiKeys.id, id)).returning();
    return presentOne(revoked!);
  });
}

/**
 * An owner takes a key over: it becomes theirs (its role unchanged), so it no longer dies with the
 * member who made it — before that member leaves, say, when a production server uses it.
 */
export async function takeOverApiKey(auth: Auth, id: string) {
  return inTransaction(async (tx) => {
    const row = await lockedKey(auth, id);
    if (row.revokedAt) throw new ApiError("API_KEY_REVOKED");
    if (row.createdBy === auth.userId) return presentOne(row);
    const [taken] = await tx.update(apiKeys).set({ createdBy: auth.userId! }).where(eq(apiKeys.id, id)).returning();
    return presentOne(taken!);
  });
}

export async function getAccount(auth: Auth): Promise<z.output<typeof account>> {
  const db = await getDb();
  const [row] = await db.select().from(accounts).where(eq(accounts.id, auth.accountId));
  return {
    id: row!.id,
    email: row!.email,
    business_name: row!.businessName,
    country: countryObject(row!.country),
    currency: row!.currency,
    mode: auth.mode,
    support_email: row!.supportEmail,
    support_phone: row!.supportPhone,
    cards: { enabled: row!.cardsEnabled, fee_rule: row!.cardFeeRule, surcharge_percent: percentOfBps(row!.cardSurchargeBps) },
    created_at: row!.createdAt.toISOString(),
  };
}

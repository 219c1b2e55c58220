import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { countryObject } from "@/lib/countries";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { accounts, apiKeys } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { generateApiKey } from "./api-keys";
import type { Auth } from "./queries";
import type { account, apiKey } from "./schemas";

type KeyRow = typeof apiKeys.$inferSelect;

function present(row: KeyRow): z.output<typeof apiKey> {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    last4: row.last4,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(auth: Auth) {
  const db = await getDb();
  const rows = await db.select().from(apiKeys).where(ownedBy(apiKeys, auth)).orderBy(desc(apiKeys.createdAt));
  return rows.map(present);
}

/** A new key of the current mode; the key itself is in this response only. */
export async function createApiKeyFor(auth: Auth, name: string) {
  const key = generateApiKey(auth.mode);
  const db = await getDb();
  const [row] = await db
    .insert(apiKeys)
    .values({ accountId: auth.accountId, mode: auth.mode, name, keyHash: key.hash, prefix: key.prefix, last4: key.last4 })
    .returning();
  return { ...present(row!), api_key: key.key };
}

/** Revokes a key: the API refuses it from the next request on. */
export async function revokeApiKey(auth: Auth, id: string) {
  const db = await getDb();
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(ownedBy(apiKeys, auth), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return present(row);
  const [already] = await db.select().from(apiKeys).where(and(ownedBy(apiKeys, auth), eq(apiKeys.id, id)));
  if (!already) throw new ApiError("API_KEY_ID_NOT_FOUND");
  return present(already);
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
    created_at: row!.createdAt.toISOString(),
  };
}

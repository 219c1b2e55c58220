import { hash } from "@node-rs/argon2";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { accounts, apiKeys, memberships, users } from "@/lib/db/schema";
import type { Lang } from "@/lib/core/languages";
import { countries, type CountryIso3 } from "@/lib/countries";
import { validate } from "@/lib/core/validation";
import { generateApiKey } from "./api-keys";
import type { Mode } from "@/lib/core/modes";
import { createAccountInput, createKeyInput, type CreateAccountInput } from "./schemas";

/** Creates an account, its owner's login and its first test key (DESIGN §1). The key is returned once, never stored. */
export async function createAccount(input: CreateAccountInput) {
  const { email, password, business, country } = validate(createAccountInput, input, "body");
  return insertAccount({ email, passwordHash: await hash(password), business, country });
}

/**
 * The account, the user who signs in to it (its owner) and, unless `firstKey` is false, its first
 * test key, in one transaction; AccountExistsError when the email is taken (by an account or by a
 * user). The dashboard's sign-up makes no key: a trader starts with a link, and a developer asks
 * for a key under Développeurs, where it is shown once.
 */
export async function insertAccount<WithKey extends boolean = true>(input: {
  email: string;
  passwordHash: string;
  business: string;
  country: CountryIso3;
  language?: Lang;
  firstKey?: WithKey;
}): Promise<{ account_id: string; user_id: string; api_key: WithKey extends false ? null : string }> {
  const { email, passwordHash, business, country } = input;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, language: input.language ?? "fr" })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw new AccountExistsError(email);
    const [account] = await tx
      .insert(accounts)
      .values({ email, businessName: business, country, currency: countries[country].currency })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    if (!account) throw new AccountExistsError(email);
    await tx.insert(memberships).values({ accountId: account.id, userId: user.id, role: "owner" });
    if (input.firstKey === false) return { account_id: account.id, user_id: user.id, api_key: null as WithKey extends false ? null : string };
    const key = generateApiKey("test");
    await tx.insert(apiKeys).values({
      accountId: account.id,
      mode: "test",
      role: "admin",
      createdBy: user.id,
      name: "Default test key",
      keyHash: key.hash,
      prefix: key.prefix,
      last4: key.last4,
    });
    return { account_id: account.id, user_id: user.id, api_key: key.key as WithKey extends false ? null : string };
  });
}

/**
 * Adds an API key of `mode` to the account with that email; the key is returned once. An operator's
 * key is an admin key made by the account's first owner: it lives as long as they are a member.
 */
export async function createApiKey(input: { email: string; mode: Mode; name?: string }) {
  const { email, mode, name } = validate(createKeyInput, input, "body");
  const db = await getDb();
  const [account] = await db
    .select({ id: accounts.id, owner: memberships.userId })
    .from(accounts)
    .innerJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.role, "owner")))
    .where(sql`lower(${accounts.email}) = ${email}`)
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  if (!account) throw new Error(`No account with email ${email}`);
  const key = generateApiKey(mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId: account.id,
      mode,
      role: "admin",
      createdBy: account.owner,
      name: name || `${mode} key`,
      keyHash: key.hash,
      prefix: key.prefix,
      last4: key.last4,
    })
    .returning({ id: apiKeys.id });
  return { api_key: key.key, id: row!.id };
}

export class AccountExistsError extends Error {
  constructor(email: string) {
    super(`An account with email ${email} already exists`);
  }
}

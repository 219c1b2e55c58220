import { verify } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { hit, reset } from "@/lib/http/rate-limit";
import { AccountExistsError, createAccount } from "./create-account";
import { createSession } from "./sessions";

// A hash of a random password: unknown emails cost the same argon2 work as known ones.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$SnDh5Zumi42nF1dTvim5AA$Vel3XUuaIlS79j7BnL+itUYWV5WehK2omLXdZSh6JRw";

/** Checks email and password (argon2id), 10 tries per 15 minutes per address and email. */
export async function signIn(email: string, password: string, ip: string) {
  const limitKey = `login:${ip}:${email}`;
  await hit(limitKey, 10, 15 * 60_000);
  await hit(`login-ip:${ip}`, 100, 15 * 60_000);
  const db = await getDb();
  const [account] = await db
    .select({ id: accounts.id, email: accounts.email, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email}`);
  const ok = await verify(account?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
  if (!account || !ok) throw new ApiError("INVALID_CREDENTIALS");
  await reset(limitKey);
  return { account: { account_id: account.id, email: account.email }, session: await createSession(account.id) };
}

/** Creates an account (with its test key, shown once) and signs it in. */
export async function signUp(input: { email: string; password: string; business_name: string; country: string }, ip: string) {
  await hit(`signup:${ip}`, 20, 60 * 60_000);
  try {
    const created = await createAccount({ ...input, business: input.business_name, country: input.country as "CMR" });
    return {
      account: { account_id: created.account_id, email: input.email, api_key: created.api_key },
      session: await createSession(created.account_id),
    };
  } catch (error) {
    if (error instanceof AccountExistsError) throw new ApiError("EMAIL_TAKEN");
    throw error;
  }
}

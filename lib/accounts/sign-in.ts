import { verify } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { addressSubject } from "@/lib/http/client-address";
import { hit, reset, type Limit } from "@/lib/http/rate-limit";
import { AccountExistsError, createAccount } from "./create-account";
import { createSession } from "./sessions";

// A hash of a random password: unknown emails cost the same argon2 work as known ones.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$SnDh5Zumi42nF1dTvim5AA$Vel3XUuaIlS79j7BnL+itUYWV5WehK2omLXdZSh6JRw";

// Guessing passwords: 10 tries per 15 minutes for one email from one address (a success clears
// them), 100 per 15 minutes from one address whatever the email; 20 sign-ups an hour per address.
export const signInLimits = {
  addressAndEmail: { name: "login", max: 10, windowMs: 15 * 60_000 },
  address: { name: "login-address", max: 100, windowMs: 15 * 60_000 },
  signUp: { name: "signup", max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Checks email and password (argon2id) under the limits above; `address` is the client's (client-address.ts). */
export async function signIn(email: string, password: string, address: string) {
  const subject = `${addressSubject(address)} ${email}`;
  await hit(signInLimits.addressAndEmail, subject);
  await hit(signInLimits.address, addressSubject(address));
  const db = await getDb();
  const [account] = await db
    .select({ id: accounts.id, email: accounts.email, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = ${email}`);
  const ok = await verify(account?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
  if (!account || !ok) throw new ApiError("INVALID_CREDENTIALS");
  await reset(signInLimits.addressAndEmail, subject);
  return { account: { account_id: account.id, email: account.email }, session: await createSession(account.id) };
}

/** Creates an account (with its test key, shown once) and signs it in. */
export async function signUp(input: { email: string; password: string; business_name: string; country: string }, address: string) {
  await hit(signInLimits.signUp, addressSubject(address));
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

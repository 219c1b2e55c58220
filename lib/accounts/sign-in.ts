import { verify } from "@node-rs/argon2";
import { ApiError } from "@/lib/core/errors";
import type { Lang } from "@/lib/core/languages";
import { addressSubject } from "@/lib/http/client-address";
import { hit, reset, type Limit } from "@/lib/http/rate-limit";
import { createSession } from "./sessions";
import { accountsOf, findUserByEmail } from "./users";

// A hash of a random password: unknown emails cost the same argon2 work as known ones.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$SnDh5Zumi42nF1dTvim5AA$Vel3XUuaIlS79j7BnL+itUYWV5WehK2omLXdZSh6JRw";

// Guessing passwords: 10 tries per 15 minutes for one email from one address (a success clears
// them), 100 per 15 minutes from one address whatever the email. Mails (sign-up, reset): 20 an hour
// per address and 5 an hour per email, so nobody fills a stranger's inbox; links: 30 uses per 15
// minutes per address (a token has 256 random bits: this only keeps the database quiet).
export const signInLimits = {
  addressAndEmail: { name: "login", max: 10, windowMs: 15 * 60_000 },
  address: { name: "login-address", max: 100, windowMs: 15 * 60_000 },
  signUp: { name: "signup", max: 20, windowMs: 60 * 60_000 },
  mailAddress: { name: "mail-address", max: 20, windowMs: 60 * 60_000 },
  mailEmail: { name: "mail-email", max: 5, windowMs: 60 * 60_000 },
  tokenUse: { name: "token-use", max: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/** Checks a user's password (argon2id); unknown emails cost the same work. */
export async function checkPassword(email: string, password: string) {
  const user = await findUserByEmail(email);
  const ok = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
  return user && ok ? user : undefined;
}

/**
 * Checks email and password under the limits above (`address` is the client's, client-address.ts)
 * and opens a session in the user's first account (the account switcher moves it).
 */
export async function signIn(email: string, password: string, address: string) {
  const subject = `${addressSubject(address)} ${email}`;
  await hit(signInLimits.addressAndEmail, subject);
  await hit(signInLimits.address, addressSubject(address));
  const user = await checkPassword(email, password);
  if (!user) throw new ApiError("INVALID_CREDENTIALS");
  await reset(signInLimits.addressAndEmail, subject);
  return openFirstAccount(user);
}

/** A new session of a user who proved who they are, in their first account (log-in, password reset). */
export async function openFirstAccount(user: { id: string; email: string; language: Lang }) {
  const [first] = await accountsOf(user.id);
  // removed from every account: the password was right, but there is nothing to open
  if (!first) throw new ApiError("ACCOUNT_NOT_FOUND", "This login is not a member of any account any more");
  return {
    account: { account_id: first.id, email: user.email },
    language: user.language,
    session: await createSession(first.id, user.id),
  };
}

import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { getDb, inTransaction } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";
import { addressSubject } from "@/lib/http/client-address";
import { hit } from "@/lib/http/rate-limit";
import { queueMail } from "@/lib/mail/send-mail";
import { consumeToken, issueToken, spendResetTokens } from "./email-tokens";
import { passwordChangedMail, resetMail } from "./mails";
import { openFirstAccount, signInLimits } from "./sign-in";
import { findUserByEmail } from "./users";

// Forgotten password: a link by mail, single-use, valid an hour (email-tokens.ts). The answer to the
// request is the same whether or not the address has an account.

export async function requestPasswordReset(email: string, address: string) {
  await hit(signInLimits.mailAddress, addressSubject(address));
  await hit(signInLimits.mailEmail, `reset ${email}`);
  const user = await findUserByEmail(email);
  if (user) {
    const token = await issueToken({ purpose: "password_reset", email: user.email, accountId: null, userId: user.id, signup: null });
    void queueMail(resetMail(user.email, token));
  }
  return { email, requested: true as const };
}

/**
 * Spends the link and sets the user's new password in one transaction, with every session of theirs
 * closed (in every account) and every other reset link spent; then opens a new session for the one
 * who reset it, in their first account.
 */
export async function resetPassword(token: string, password: string, address: string) {
  await hit(signInLimits.tokenUse, addressSubject(address));
  const passwordHash = await hash(password);
  const user = await inTransaction(async () => {
    const row = await consumeToken("password_reset", token);
    const db = await getDb();
    const [user] = await db
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, row.userId!))
      .returning({ id: users.id, email: users.email, language: users.language });
    await db.delete(sessions).where(eq(sessions.userId, user!.id));
    await spendResetTokens(user!.id);
    return user!;
  });
  void queueMail(passwordChangedMail(user.email));
  return openFirstAccount(user);
}

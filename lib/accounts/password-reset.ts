import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { getDb, inTransaction } from "@/lib/db/client";
import { accounts, sessions } from "@/lib/db/schema";
import { addressSubject } from "@/lib/http/client-address";
import { hit } from "@/lib/http/rate-limit";
import { queueMail } from "@/lib/mail/send-mail";
import { consumeToken, issueToken, spendResetTokens } from "./email-tokens";
import { passwordChangedMail, resetMail } from "./mails";
import { createSession } from "./sessions";
import { findAccountByEmail, signInLimits } from "./sign-in";

// Forgotten password: a link by mail, single-use, valid an hour (email-tokens.ts). The answer to the
// request is the same whether or not the address has an account.

export async function requestPasswordReset(email: string, address: string) {
  await hit(signInLimits.mailAddress, addressSubject(address));
  await hit(signInLimits.mailEmail, `reset ${email}`);
  const account = await findAccountByEmail(email);
  if (account) {
    const token = await issueToken({ purpose: "password_reset", email: account.email, accountId: account.id, signup: null });
    void queueMail(resetMail(account.email, token));
  }
  return { email, requested: true as const };
}

/**
 * Spends the link and sets the new password in one transaction, with every session of the account
 * closed and every other reset link spent; then opens a new session for the one who reset it.
 */
export async function resetPassword(token: string, password: string, address: string) {
  await hit(signInLimits.tokenUse, addressSubject(address));
  const passwordHash = await hash(password);
  const account = await inTransaction(async () => {
    const row = await consumeToken("password_reset", token);
    const db = await getDb();
    const [account] = await db
      .update(accounts)
      .set({ passwordHash })
      .where(eq(accounts.id, row.accountId!))
      .returning({ id: accounts.id, email: accounts.email });
    await db.delete(sessions).where(eq(sessions.accountId, account!.id));
    await spendResetTokens(account!.id);
    return account!;
  });
  void queueMail(passwordChangedMail(account.email));
  return { account: { account_id: account.id, email: account.email }, session: await createSession(account.id) };
}

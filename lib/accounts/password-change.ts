import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError } from "@/lib/core/errors";
import { getDb, inTransaction } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { addressSubject } from "@/lib/http/client-address";
import { hit, reset } from "@/lib/http/rate-limit";
import { queueMail } from "@/lib/mail/send-mail";
import { spendResetTokens } from "./email-tokens";
import { passwordChangedMail } from "./mails";
import { deleteOtherSessions } from "./sessions";
import { checkPassword, signInLimits } from "./sign-in";

/**
 * A signed-in member changes their login's password (settings): the current one is checked under
 * the sign-in limits (a stolen session cannot guess it faster than the login form could); then, in
 * one transaction, the new hash, every other session of the login ended (in every account: this
 * one, `sessionToken`, stays) and every reset link spent. The address gets a mail.
 */
export async function changePassword(auth: Auth, sessionToken: string, input: { current_password: string; new_password: string }, address: string) {
  const db = await getDb();
  const [user] = auth.userId ? await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, auth.userId)) : [];
  if (!user) throw new ApiError("NOT_SIGNED_IN");
  const subject = `${addressSubject(address)} ${user.email}`;
  await hit(signInLimits.addressAndEmail, subject);
  await hit(signInLimits.address, addressSubject(address));
  const checked = await checkPassword(user.email, input.current_password);
  if (!checked || checked.id !== user.id) throw new ApiError("WRONG_PASSWORD");
  await reset(signInLimits.addressAndEmail, subject);
  const passwordHash = await hash(input.new_password);
  const ended = await inTransaction(async () => {
    await (await getDb()).update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await spendResetTokens(user.id);
    return deleteOtherSessions(user.id, sessionToken);
  });
  void queueMail(passwordChangedMail(user.email, "changed"));
  return { changed: true as const, other_sessions_ended: ended };
}

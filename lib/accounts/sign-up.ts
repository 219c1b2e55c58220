import { hash } from "@node-rs/argon2";
import type { CountryIso3 } from "@/lib/countries";
import type { Lang } from "@/lib/core/languages";
import { inTransaction } from "@/lib/db/client";
import { ApiError } from "@/lib/core/errors";
import { addressSubject } from "@/lib/http/client-address";
import { hit } from "@/lib/http/rate-limit";
import { queueMail } from "@/lib/mail/send-mail";
import { AccountExistsError, insertAccount } from "./create-account";
import { consumeToken, issueToken } from "./email-tokens";
import { alreadyRegisteredMail, confirmSignupMail } from "./mails";
import { createSession } from "./sessions";
import { signInLimits } from "./sign-in";
import { findUserByEmail } from "./users";

// Sign-up in two steps, so that it never says whether an address has an account: the form's answer
// is the same either way ("check your inbox"); a new address gets a confirmation link, an address
// with an account gets a mail saying someone tried. The account exists once the link is followed.

type SignupInput = { email: string; password: string; business_name: string; country: CountryIso3; language?: Lang };

export async function requestSignup(input: SignupInput, address: string) {
  await hit(signInLimits.signUp, addressSubject(address));
  await hit(signInLimits.mailEmail, `signup ${input.email}`);
  // hashed before looking: both paths cost the same argon2 work
  const passwordHash = await hash(input.password);
  if (await findUserByEmail(input.email)) {
    void queueMail(alreadyRegisteredMail(input.email));
  } else {
    const signup = { businessName: input.business_name, country: input.country, passwordHash, language: input.language };
    const token = await issueToken({ purpose: "signup", email: input.email, accountId: null, signup });
    void queueMail(confirmSignupMail(input.email, token));
  }
  return { email: input.email, confirmation_sent: true as const };
}

/** Follows a sign-up link: spends it, creates the account (no API key: Développeurs makes one when asked), signs in. */
export async function confirmSignup(token: string, address: string) {
  await hit(signInLimits.tokenUse, addressSubject(address));
  const { signup, ...created } = await inTransaction(async () => {
    const row = await consumeToken("signup", token);
    const signup = row.signup!;
    try {
      const business = signup.businessName;
      const created = await insertAccount({
        email: row.email,
        passwordHash: signup.passwordHash,
        business,
        country: signup.country as CountryIso3,
        language: signup.language,
        firstKey: false,
      });
      return { ...created, email: row.email, business_name: business, signup };
    } catch (error) {
      // two links for one address (or an account opened meanwhile): the first one followed wins
      if (error instanceof AccountExistsError) throw new ApiError("EMAIL_TAKEN");
      throw error;
    }
  });
  return {
    account: { account_id: created.account_id, email: created.email, business_name: created.business_name },
    language: signup.language,
    session: await createSession(created.account_id, created.user_id),
  };
}

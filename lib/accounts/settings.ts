import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { z } from "zod";
import { countries, type CountryIso3 } from "@/lib/countries";
import { getDb } from "@/lib/db/client";
import { accounts, memberships, users } from "@/lib/db/schema";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import { getAccount } from "./api-key-admin";
import type { Auth } from "@/lib/core/auth";
import type { accountUpdateBody, me, meUpdateBody } from "./team-schemas";
import { readCookie, SESSION_COOKIE, switchSessionAccount } from "./sessions";
import { accountsOf } from "./users";

// The Settings page's API: the business profile (PATCH /v1/account) and the signed-in
// member's own preferences (GET and PATCH /v1/me).

/**
 * Changes the fields sent of the business profile. The country may change only within the
 * account's currency: links, balances and the ledger are in it. A support phone is kept in
 * international form, read in the account country's national form when it has no `+`.
 */
export async function updateAccount(auth: Auth, body: z.output<typeof accountUpdateBody>) {
  const db = await getDb();
  const set: Partial<typeof accounts.$inferInsert> = {};
  if (body.business_name !== undefined) set.businessName = body.business_name;
  if (body.support_email !== undefined) set.supportEmail = body.support_email;
  const country = (body.country ?? auth.country) as CountryIso3;
  if (body.country !== undefined) {
    if (countries[body.country].currency !== auth.currency) throw new ApiError("CURRENCY_CHANGE");
    set.country = body.country;
  }
  if (body.support_phone !== undefined) set.supportPhone = supportPhone(body.support_phone, country);
  if (body.cards_enabled !== undefined) set.cardsEnabled = body.cards_enabled;
  if (body.card_fee_rule !== undefined) set.cardFeeRule = body.card_fee_rule;
  if (body.card_surcharge_percent !== undefined) set.cardSurchargeBps = Math.round(Number(body.card_surcharge_percent) * 100);
  if (Object.keys(set).length) await db.update(accounts).set(set).where(eq(accounts.id, auth.accountId));
  return getAccount(auth);
}

function supportPhone(input: string, country: CountryIso3): string {
  if (input === "") return "";
  const parsed = parsePhoneNumberFromString(input, countries[country].iso2);
  if (!parsed?.isValid()) {
    throw new ValidationError([valueError(["body", "support_phone"], "not a valid phone number")]);
  }
  return parsed.formatInternational();
}

function sessionUser(auth: Auth): string {
  if (!auth.userId) throw new ApiError("NOT_SIGNED_IN");
  return auth.userId;
}

export async function getMe(auth: Auth): Promise<z.output<typeof me>> {
  const userId = sessionUser(auth);
  const db = await getDb();
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, auth.accountId), eq(memberships.userId, userId)));
  if (!row) throw new ApiError("NOT_SIGNED_IN");
  const { user, membership } = row;
  return {
    user_id: user.id,
    email: user.email,
    name: user.name,
    language: user.language,
    account_id: auth.accountId,
    role: membership.role,
    notifications: {
      payments: membership.notifyPayments,
      refunds: membership.notifyRefunds,
      failed_payouts: membership.notifyFailedPayouts,
      provider_alerts: membership.notifyProviderAlerts,
    },
    accounts: (await accountsOf(user.id)).map((a) => ({ id: a.id, business_name: a.businessName, role: a.role })),
  };
}

/**
 * A member's own name, language and notifications: theirs to change, whatever their role. A cashier
 * sees only its own sales: it gets no mail about the account's payments, refunds or payouts.
 */
export async function updateMe(auth: Auth, body: z.output<typeof meUpdateBody>) {
  const userId = sessionUser(auth);
  if (auth.role === "cashier" && Object.values(body.notifications ?? {}).some(Boolean)) {
    throw new ApiError("INSUFFICIENT_ROLE", "Your role on this account (cashier) does not allow this action: a cashier gets no mails about the account");
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const person: Partial<typeof users.$inferInsert> = {};
    if (body.name !== undefined) person.name = body.name;
    if (body.language !== undefined) person.language = body.language;
    if (Object.keys(person).length) await tx.update(users).set(person).where(eq(users.id, userId));
    const n = body.notifications ?? {};
    const switches: Partial<typeof memberships.$inferInsert> = {};
    if (n.payments !== undefined) switches.notifyPayments = n.payments;
    if (n.refunds !== undefined) switches.notifyRefunds = n.refunds;
    if (n.failed_payouts !== undefined) switches.notifyFailedPayouts = n.failed_payouts;
    if (n.provider_alerts !== undefined) switches.notifyProviderAlerts = n.provider_alerts;
    if (Object.keys(switches).length) {
      await tx
        .update(memberships)
        .set({ ...switches, updatedAt: sql`now()` })
        .where(and(eq(memberships.accountId, auth.accountId), eq(memberships.userId, userId)));
    }
  });
  return getMe(auth);
}

/** The account switcher: this browser's session shows another account of the same login. */
export async function switchAccount(req: Request, auth: Auth, accountId: string) {
  const token = readCookie(req, SESSION_COOKIE);
  const moved = token && auth.userId ? await switchSessionAccount(token, auth.userId, accountId) : false;
  if (!moved) throw new ApiError("ACCOUNT_NOT_FOUND");
  return { account_id: accountId };
}

import "server-only";
import { hash } from "@node-rs/argon2";
import { and, desc, eq, exists, gt, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, inTransaction } from "@/lib/db/client";
import { accounts, invitations, memberships, users } from "@/lib/db/schema";
import { addressSubject } from "@/lib/http/client-address";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { hit, reset, type Limit } from "@/lib/http/rate-limit";
import { item } from "@/lib/core/validation";
import { queueMail } from "@/lib/mail/send-mail";
import { newSecret, parseToken, secretMatches } from "./email-tokens";
import { invitationMail } from "./mails";
import type { Auth } from "@/lib/core/auth";
import { roles, rolesGivenBy, type Role } from "@/lib/core/roles";
import { noMails } from "./members";
import { createSession, type SessionAuth } from "./sessions";
import { checkPassword, signInLimits } from "./sign-in";
import type { acceptInvitationBody, invitation, invitationBody } from "./team-schemas";
import { findUserByEmail } from "./users";

// Invitations: an owner invites an address with a role; the mailed link (`{id}.{secret}`,
// only the secret's SHA-256 kept) works once, for 7 days. Accepting it joins the account: signed in
// as that address, at once; else with that login's password, or a new login's. A link is only as
// good as its sender: their removal revokes it, their demotion to a role that cannot give it too
// (members.ts), and accepting checks again that they are a member who could give it.

export const INVITATION_DAYS = 7;

/**
 * Invitation mails, per hour: 3 to one address from one account (a resend included), 20 from one
 * account in all; past either, 429 `RATE_LIMITED` with `Retry-After`. Per account and address, not
 * per address alone: another account could otherwise keep an address from being invited.
 */
export const invitationLimits = {
  address: { name: "invite-address", max: 3, windowMs: 60 * 60_000 },
  account: { name: "invite-account", max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

type Row = typeof invitations.$inferSelect;
const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** The sender of an invitation of `role` is still a member of the account who could give it (of that role or above; a cashier's: an owner or an admin). */
const backedBySender = (role: Role) =>
  exists(
    sql`(select 1 from ${memberships} where ${and(
      eq(memberships.accountId, invitations.accountId),
      eq(memberships.userId, invitations.invitedBy),
      inArray(memberships.role, roles.filter((r) => rolesGivenBy(r).includes(role))),
    )})`,
  );

function present(row: Row, invitedBy: string | null): z.output<typeof invitation> {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

export async function listInvitations(auth: Pick<Auth, "accountId">) {
  const db = await getDb();
  const rows = await db
    .select({ row: invitations, invitedBy: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.accountId, auth.accountId), open))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map(({ row, invitedBy }) => present(row, invitedBy));
}

/**
 * Invites `email` with `role`. An open invitation of the address is replaced in the same statement
 * (the unique index on open invitations is the conflict): new role, new secret, 7 days from now.
 */
export async function invite(auth: Auth, body: z.output<typeof invitationBody>) {
  const db = await getDb();
  const [already] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, auth.accountId), sql`lower(${users.email}) = ${body.email}`));
  if (already) throw new ApiError("ALREADY_A_MEMBER");
  // counted only for the mails sent: the address first, so that one address retried does not spend the account's
  await hit(invitationLimits.address, `${auth.accountId} ${body.email}`);
  await hit(invitationLimits.account, auth.accountId);
  const { secret, hash: secretHash } = newSecret();
  const expiresAt = sql`now() + make_interval(days => ${INVITATION_DAYS})`;
  const [row] = await db
    .insert(invitations)
    .values({ accountId: auth.accountId, email: body.email, role: body.role, secretHash, invitedBy: auth.userId, expiresAt })
    .onConflictDoUpdate({
      target: [invitations.accountId, invitations.email], // the open invitations' unique index

      targetWhere: sql`${invitations.acceptedAt} is null and ${invitations.revokedAt} is null`,
      set: { role: body.role, secretHash, invitedBy: auth.userId, createdAt: sql`now()`, expiresAt },
    })
    .returning();
  const [account] = await db.select({ business: accounts.businessName }).from(accounts).where(eq(accounts.id, auth.accountId));
  const [inviter] = auth.userId ? await db.select({ email: users.email }).from(users).where(eq(users.id, auth.userId)) : [];
  const token = `${row!.id}.${secret}`;
  void queueMail(invitationMail(row!.email, token, { business: account!.business, inviter: inviter?.email ?? null, role: body.role }));
  return present(row!, inviter?.email ?? null);
}

export async function revokeInvitation(auth: Pick<Auth, "accountId">, id: string) {
  const db = await getDb();
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.accountId, auth.accountId), eq(invitations.id, id), open))
    .returning({ id: invitations.id });
  if (!row) throw new ApiError("INVITATION_NOT_FOUND");
  return { id: row.id, deleted: true as const };
}

/** An open, unexpired invitation whose secret is `token`'s, or undefined (one answer for every failure). */
async function findOpen(token: string): Promise<Row | undefined> {
  const parsed = parseToken(token);
  if (!parsed) return undefined;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, parsed.id), open, gt(invitations.expiresAt, sql`now()`)));
  return secretMatches(parsed.secret, row?.secretHash) ? row : undefined;
}

export type InvitationView =
  | { state: "invalid" }
  | { state: "open"; email: string; role: Role; business: string; hasLogin: boolean };

/** What the invitation page shows before anything is spent. */
export async function peekInvitation(token: string): Promise<InvitationView> {
  const row = await findOpen(token);
  if (!row) return { state: "invalid" };
  const db = await getDb();
  const [account] = await db.select({ business: accounts.businessName }).from(accounts).where(eq(accounts.id, row.accountId));
  return { state: "open", email: row.email, role: row.role, business: account!.business, hasLogin: Boolean(await findUserByEmail(row.email)) };
}

/**
 * Accepts an invitation: the invited login (the session's, when it is theirs; else proven by its
 * password, or made with a new one) joins the account with the invitation's role. Spending the link
 * and the membership commit together; the session opens in the account joined.
 */
export async function acceptInvitation(body: z.output<typeof acceptInvitationBody>, address: string, session: SessionAuth | null) {
  await hit(signInLimits.tokenUse, addressSubject(address));
  const row = await findOpen(body.token);
  if (!row) throw new ApiError("INVALID_TOKEN");
  const email = row.email.toLowerCase();
  let userId: string | undefined = session && session.email.toLowerCase() === email ? session.userId : undefined;
  let newLogin: typeof users.$inferInsert | undefined;
  if (!userId) {
    if (await findUserByEmail(email)) {
      const subject = `${addressSubject(address)} ${email}`;
      await hit(signInLimits.addressAndEmail, subject);
      const user = await checkPassword(email, body.password ?? "");
      if (!user) throw new ApiError("INVALID_CREDENTIALS");
      await reset(signInLimits.addressAndEmail, subject);
      userId = user.id;
    } else {
      const password = body.password ?? "";
      if (password.length < 8) throw new ValidationError([item(["body", "password"], "string_too_short", { min_length: 8 })]);
      newLogin = { email, passwordHash: await hash(password), name: body.name ?? "", language: body.language ?? "fr" };
    }
  }
  const joined = await inTransaction(async (tx) => {
    const [spent] = await tx
      .update(invitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(invitations.id, row.id), open, gt(invitations.expiresAt, sql`now()`), backedBySender(row.role)))
      .returning();
    if (!spent) throw new ApiError("INVALID_TOKEN"); // accepted, revoked, replaced or its sender gone meanwhile
    let user = userId;
    if (newLogin) {
      const [made] = await tx.insert(users).values(newLogin).onConflictDoNothing().returning({ id: users.id });
      if (!made) throw new ApiError("INVALID_CREDENTIALS"); // the address got a login meanwhile: its password is needed
      user = made.id;
    }
    await tx.update(invitations).set({ acceptedBy: user }).where(eq(invitations.id, row.id));
    // already a member (invited twice, or joined meanwhile): the role they have stays
    await tx
      .insert(memberships)
      .values({ accountId: row.accountId, userId: user!, role: row.role, ...(row.role === "cashier" ? noMails : {}) })
      .onConflictDoNothing();
    const [membership] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.accountId, row.accountId), eq(memberships.userId, user!)));
    return { userId: user!, role: membership!.role };
  });
  const [person] = await (await getDb()).select({ language: users.language }).from(users).where(eq(users.id, joined.userId));
  return {
    joined: { account_id: row.accountId, email, role: joined.role },
    language: person?.language,
    session: await createSession(row.accountId, joined.userId),
  };
}

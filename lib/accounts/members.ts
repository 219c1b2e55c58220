import "server-only";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, inTransaction, type Db } from "@/lib/db/client";
import { apiKeys, invitations, memberships, sessions, users } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import type { Auth } from "@/lib/core/auth";
import { keyRoles, keyRolesFor, rolesNotGivenBy, type KeyRole, type Role } from "@/lib/core/roles";
import type { member } from "./team-schemas";

// The members of an account (DESIGN §1 "Team"), and what each holds: a member's API keys and the
// invitations they sent are only as good as they are. Removing a member revokes them; demoting one
// lowers their keys to the new role and revokes their invitations of roles it cannot give; a cashier
// holds no key and gives nothing, so demoting to cashier revokes them all — in the transaction of
// the change, so nothing they made outlives it.
//
// The locks, always taken in this order (so that nothing waits in a circle):
//   1. the team's lock (a transaction-scoped advisory lock per account, `lockTeam`): changes of
//      members one after the other, so "an account keeps an owner" holds even when two owners demote
//      each other at once. The route takes it before it holds the caller (operation.changesTeam): the
//      second of two such changes reads its caller's role after the first committed;
//   2. the caller's credential, held FOR KEY SHARE by every change (authenticate.ts `holdCaller`);
//   3. the target's membership and keys, FOR UPDATE: waits for the requests in flight that hold them
//      (which never wait for the team's lock), and makes those that come meanwhile wait, then refuses them.
// Not the account's row: PATCH /v1/account updates it while holding its caller (2), and would wait in
// a circle with a change of that very caller (3).

type Row = { membership: typeof memberships.$inferSelect; user: typeof users.$inferSelect };

function present({ membership, user }: Row): z.output<typeof member> {
  return {
    id: membership.id,
    user_id: user.id,
    email: user.email,
    name: user.name,
    role: membership.role,
    joined_at: membership.createdAt.toISOString(),
  };
}

export async function listMembers(auth: Pick<Auth, "accountId">) {
  const db = await getDb();
  const rows = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, auth.accountId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  return rows.map(present);
}

/** The team's lock (1 above), until the transaction `tx` ends. */
export async function lockTeam(tx: Db, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`team:${accountId}`}, 0))`);
}

/** A member's role now, their membership held (2 above) until the transaction `tx` ends; null once they are gone. */
export async function holdMember(tx: Db, accountId: string, userId: string): Promise<Role | null> {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .for("key share");
  return row?.role ?? null;
}

/** Under the team's lock, the member `id` of the account, locked FOR UPDATE (3 above); 404 otherwise. */
async function lockedMember(tx: Db, accountId: string, id: string): Promise<Row> {
  await lockTeam(tx, accountId);
  const [row] = await tx
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.id, id)))
    .for("update", { of: memberships });
  if (!row) throw new ApiError("MEMBER_NOT_FOUND");
  return row;
}

/** The live keys `userId` made in the account (every mode) whose role is among `among`, locked FOR UPDATE (3 above). */
async function lockedKeysOf(tx: Db, accountId: string, userId: string, among?: Role[]): Promise<string[]> {
  const rows = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.accountId, accountId),
        eq(apiKeys.createdBy, userId),
        isNull(apiKeys.revokedAt),
        among ? inArray(apiKeys.role, among as KeyRole[]) : undefined,
      ),
    )
    .orderBy(asc(apiKeys.id))
    .for("update");
  return rows.map((row) => row.id);
}

/** Revokes the open invitations `userId` sent in the account (those of a role among `among`, when said). */
async function revokeInvitationsOf(tx: Db, accountId: string, userId: string, among?: Role[]): Promise<void> {
  await tx
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(invitations.accountId, accountId),
        eq(invitations.invitedBy, userId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        among ? inArray(invitations.role, among) : undefined,
      ),
    );
}

/** Refuses a change that would leave the account without an owner (`target` stops being one). */
async function keepAnOwner(tx: Db, accountId: string, target: Row): Promise<void> {
  if (target.membership.role !== "owner") return;
  const [owners] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, "owner")));
  if ((owners?.n ?? 0) <= 1) throw new ApiError("LAST_OWNER");
}

/**
 * Changes a member's role. A demotion lowers their keys above the new role to it, and revokes their
 * open invitations of a role it cannot give (a link must not make someone more than its sender now
 * could). A cashier may hold no key and give nothing: becoming one revokes every key and invitation,
 * and switches off the account's mails (a cashier sees only its own sales).
 */
export async function changeRole(auth: Pick<Auth, "accountId">, id: string, role: Role) {
  return inTransaction(async (tx) => {
    const target = await lockedMember(tx, auth.accountId, id);
    if (target.membership.role === role) return present(target);
    await keepAnOwner(tx, auth.accountId, target);
    const kept = keyRolesFor(role);
    const keys = await lockedKeysOf(tx, auth.accountId, target.user.id, keyRoles.filter((keyRole) => !kept.includes(keyRole)));
    if (keys.length) {
      // the role a key may keep is its maker's (a key is admin at most: an owner's keep theirs); none for a cashier
      const lowered = kept.includes(role as KeyRole) ? { role: role as KeyRole } : { revokedAt: sql`now()` };
      await tx.update(apiKeys).set(lowered).where(inArray(apiKeys.id, keys));
    }
    await revokeInvitationsOf(tx, auth.accountId, target.user.id, rolesNotGivenBy(role));
    const [updated] = await tx
      .update(memberships)
      .set({ role, ...(role === "cashier" ? noMails : {}), updatedAt: sql`now()` })
      .where(eq(memberships.id, id))
      .returning();
    return present({ membership: updated!, user: target.user });
  });
}

/** A cashier's membership gets no mail about the account (payments, refunds, payouts, alerts). */
export const noMails = { notifyPayments: false, notifyRefunds: false, notifyFailedPayouts: false, notifyProviderAlerts: false } as const;

/**
 * Removes a member: their sessions in this account end, the API keys they made are revoked (unless
 * an owner took them over before) and their open invitations stop working, all in one transaction.
 */
export async function removeMember(auth: Pick<Auth, "accountId">, id: string) {
  return inTransaction(async (tx) => {
    const target = await lockedMember(tx, auth.accountId, id);
    await keepAnOwner(tx, auth.accountId, target);
    const keys = await lockedKeysOf(tx, auth.accountId, target.user.id);
    if (keys.length) await tx.update(apiKeys).set({ revokedAt: sql`now()` }).where(inArray(apiKeys.id, keys));
    await revokeInvitationsOf(tx, auth.accountId, target.user.id);
    await tx.delete(memberships).where(eq(memberships.id, id));
    // their sessions here end now; each row says why, so the login page can tell them (retention deletes it)
    await tx
      .update(sessions)
      .set({ expiresAt: sql`now()`, endedBecause: "removed" })
      .where(and(eq(sessions.accountId, auth.accountId), eq(sessions.userId, target.user.id)));
    return { id, deleted: true as const };
  });
}

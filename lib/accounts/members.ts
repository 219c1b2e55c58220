import "server-only";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Tx } from "@/lib/db/client";
import { accounts, memberships, sessions, users } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import type { Auth } from "./queries";
import type { Role } from "./roles";
import type { member } from "./team-schemas";

// The members of an account (DESIGN §1 "Team"). "An account keeps at least one owner" is kept by
// the database: every change of members runs in a transaction that first locks the account's row
// (FOR NO KEY UPDATE: payments and links that reference the account are not held up), so two owners
// demoting each other at once are taken one after the other, and the second finds the last owner.

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

/** Locks the account for a change of its members; then the member `id` of it (404 otherwise). */
async function lockedMember(tx: Tx, accountId: string, id: string): Promise<Row> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("no key update");
  const [row] = await tx
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.id, id)));
  if (!row) throw new ApiError("MEMBER_NOT_FOUND");
  return row;
}

/** Refuses a change that would leave the account without an owner (`target` stops being one). */
async function keepAnOwner(tx: Tx, accountId: string, target: Row): Promise<void> {
  if (target.membership.role !== "owner") return;
  const [owners] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, "owner")));
  if ((owners?.n ?? 0) <= 1) throw new ApiError("LAST_OWNER");
}

export async function changeRole(auth: Pick<Auth, "accountId">, id: string, role: Role) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await lockedMember(tx, auth.accountId, id);
    if (target.membership.role === role) return present(target);
    await keepAnOwner(tx, auth.accountId, target);
    const [updated] = await tx
      .update(memberships)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(memberships.id, id))
      .returning();
    return present({ membership: updated!, user: target.user });
  });
}

/** Removes a member; their sessions in this account end in the same transaction. */
export async function removeMember(auth: Pick<Auth, "accountId">, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await lockedMember(tx, auth.accountId, id);
    await keepAnOwner(tx, auth.accountId, target);
    await tx.delete(memberships).where(eq(memberships.id, id));
    await tx.delete(sessions).where(and(eq(sessions.accountId, auth.accountId), eq(sessions.userId, target.user.id)));
    return { id, deleted: true as const };
  });
}

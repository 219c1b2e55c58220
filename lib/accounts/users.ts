import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { accounts, memberships, users } from "@/lib/db/schema";

// The people who sign in: a user has one login and is a member of one or more accounts.

/** The user with this email (lower-cased), if any. */
export async function findUserByEmail(email: string) {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/** The accounts a user is a member of, the oldest membership first (their own business, usually). */
export async function accountsOf(userId: string) {
  const db = await getDb();
  return db
    .select({ id: accounts.id, businessName: accounts.businessName, role: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

/** Whether `userId` is a member of `accountId`. */
export async function isMember(userId: string, accountId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)));
  return Boolean(row);
}

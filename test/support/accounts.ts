import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { memberships, users } from "@/lib/db/schema";
import type { Role } from "@/lib/core/roles";
import { createSession, SESSION_COOKIE } from "@/lib/accounts/sessions";

// Team helpers of the tests: members of any role added straight to an account, and the headers of
// their dashboard session (cookie, mode, our own origin for writes).

export async function addMember(accountId: string, role: Role, language: "fr" | "en" = "fr") {
  const email = `${role}-${randomBytes(4).toString("hex")}@example.com`;
  const db = await getDb();
  const [user] = await db.insert(users).values({ email, passwordHash: "$argon2id$unused", language }).returning({ id: users.id });
  const [membership] = await db.insert(memberships).values({ accountId, userId: user!.id, role }).returning({ id: memberships.id });
  return { userId: user!.id, memberId: membership!.id, email };
}

/** The headers of a dashboard request by `userId` in `accountId` (the account's first owner without one). */
export async function sessionHeaders(accountId: string, userId?: string, mode: "test" | "live" = "test"): Promise<Record<string, string>> {
  const { token } = await createSession(accountId, userId);
  return { cookie: `${SESSION_COOKIE}=${token}`, "kola-mode": mode, origin: "http://kola.test" };
}

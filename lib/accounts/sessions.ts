import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { accounts, memberships, sessions, users } from "@/lib/db/schema";
import { log } from "@/lib/runtime/log";
import { setting } from "@/lib/runtime/config";
import type { Mode } from "@/lib/core/modes";
import { LANG_COOKIE, type Lang } from "@/lib/core/languages";
import type { Auth } from "@/lib/core/auth";

export const SESSION_COOKIE = "kola_session";
const SESSION_DAYS = 30;
const store = globalThis as unknown as { __kolaSessionSecret?: string };

/** The pepper of session token hashes. Set SESSION_SECRET in production (sessions then survive restarts). */
function sessionSecret(): string {
  const configured = setting("SESSION_SECRET");
  if (configured) return configured;
  if (!store.__kolaSessionSecret) {
    store.__kolaSessionSecret = setting("NODE_ENV") === "production" ? randomBytes(32).toString("hex") : "kola-dev-session-secret";
    if (setting("NODE_ENV") === "production") log("warn", "SESSION_SECRET is not set: sessions end when this process stops");
  }
  return store.__kolaSessionSecret;
}

function hashToken(token: string): string {
  return createHmac("sha256", sessionSecret()).update(token).digest("hex");
}

/**
 * Opens a 30-day session of `userId` in the account `accountId` (they must be a member: a session
 * of someone who is not is refused at once); the returned token goes in the cookie and is never
 * stored. Without `userId`, the account's first owner (tests, scripts).
 */
export async function createSession(accountId: string, userId?: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  const db = await getDb();
  const user = userId ?? (await firstOwner(accountId));
  await db.insert(sessions).values({ accountId, userId: user, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

async function firstOwner(accountId: string): Promise<string> {
  const db = await getDb();
  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, "owner")))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  if (!owner) throw new Error(`account ${accountId} has no owner`);
  return owner.userId;
}

export type SessionAuth = Auth & { sessionId: string; userId: string; email: string; language: Lang };

/**
 * The caller behind a session cookie, in the mode the dashboard asks for: a member of the session's
 * account, with the role they have now (a removed member's sessions stop at once); the expiry slides.
 */
export async function findSessionAuth(token: string, mode: Mode): Promise<SessionAuth | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      accountId: accounts.id,
      country: accounts.country,
      currency: accounts.currency,
      userId: users.id,
      email: users.email,
      language: users.language,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, and(eq(memberships.accountId, sessions.accountId), eq(memberships.userId, sessions.userId)))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)));
  if (!row) return null;
  // slide the 30 days at most once an hour: a write per request would cost every request
  if (Date.now() - row.lastSeenAt.getTime() > 3_600_000) {
    db.update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})` })
      .where(eq(sessions.id, row.sessionId))
      .catch(() => {});
  }
  return {
    accountId: row.accountId,
    mode,
    apiKeyId: null,
    country: row.country,
    currency: row.currency,
    via: "session",
    sessionId: row.sessionId,
    role: row.role,
    userId: row.userId,
    email: row.email,
    language: row.language,
  };
}

/** Moves the session of `token` to another account of its user (the account switcher); false when they are not a member. */
export async function switchSessionAccount(token: string, userId: string, accountId: string): Promise<boolean> {
  const db = await getDb();
  const moved = await db
    .update(sessions)
    .set({ accountId })
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.userId, userId),
        sql`exists (select 1 from ${memberships} where ${memberships.accountId} = ${accountId} and ${memberships.userId} = ${userId})`,
      ),
    )
    .returning({ id: sessions.id });
  return moved.length > 0;
}

/** Ends every session of `userId` but the one of `keepToken` (a password change); how many ended. */
export async function deleteOtherSessions(userId: string, keepToken: string): Promise<number> {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${hashToken(keepToken)}`))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Why the session of `token` ended before its time ("removed": from the account), or null. */
export async function sessionEndedBecause(token: string): Promise<"removed" | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db.select({ why: sessions.endedBecause }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return row?.why === "removed" ? "removed" : null;
}

export async function deleteSession(token: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** `Set-Cookie` for the session: HttpOnly, SameSite=Lax, Secure over https (DESIGN §1). */
export function sessionCookie(token: string, expiresAt: Date | null, secure: boolean): string {
  const parts = [
    `${SESSION_COOKIE}=${expiresAt ? token : ""}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    expiresAt ? `Expires=${expiresAt.toUTCString()}` : "Max-Age=0",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * The headers of an answer that signs a browser in: the session cookie and, when the user has a
 * language, the dashboard's language cookie (their choice follows them from one browser to another).
 */
export function signedInHeaders(session: { token: string; expiresAt: Date }, secure: boolean, language?: Lang): Headers {
  const headers = new Headers();
  headers.append("set-cookie", sessionCookie(session.token, session.expiresAt, secure));
  if (language) headers.append("set-cookie", `${LANG_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return headers;
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}

import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { accounts, sessions } from "@/lib/db/schema";
import { log } from "@/lib/log";
import type { Mode } from "@/lib/accounts/modes";
import type { Auth } from "./queries";

export const SESSION_COOKIE = "kola_session";
const SESSION_DAYS = 30;
const store = globalThis as unknown as { __kolaSessionSecret?: string };

/** The pepper of session token hashes. Set SESSION_SECRET in production (sessions then survive restarts). */
function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (!store.__kolaSessionSecret) {
    store.__kolaSessionSecret = process.env.NODE_ENV === "production" ? randomBytes(32).toString("hex") : "kola-dev-session-secret";
    if (process.env.NODE_ENV === "production") log("warn", "SESSION_SECRET is not set: sessions end when this process stops");
  }
  return store.__kolaSessionSecret;
}

function hashToken(token: string): string {
  return createHmac("sha256", sessionSecret()).update(token).digest("hex");
}

/** Opens a 30-day session; the returned token goes in the cookie and is never stored. */
export async function createSession(accountId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  const db = await getDb();
  await db.insert(sessions).values({ accountId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** The caller behind a session cookie, in the mode the dashboard asks for; the expiry slides. */
export async function findSessionAuth(token: string, mode: Mode): Promise<(Auth & { sessionId: string }) | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      accountId: accounts.id,
      email: accounts.email,
      country: accounts.country,
      currency: accounts.currency,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
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
  };
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

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { emailTokens } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { UUID_LOWER_SOURCE } from "@/lib/core/uuid";

// The single-use links mailed for a password reset or a sign-up confirmation. A token reads
// `{id}.{secret}`: the id finds the row, the secret (32 random bytes) is checked against its stored
// SHA-256 in constant time, and one conditional update spends it, so of two uses at once one wins.

export type TokenPurpose = (typeof emailTokens.$inferSelect)["purpose"];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60_000, // an hour, as most services do
  signup: 24 * 60 * 60_000,
};

const TOKEN = new RegExp(`^(${UUID_LOWER_SOURCE})\\.([A-Za-z0-9_-]{43})$`);

function hashSecret(secret: string): Buffer {
  return createHash("sha256").update(secret).digest();
}

/** A new link secret (32 random bytes) and the SHA-256 to store instead of it. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: hashSecret(secret).toString("hex") };
}

/** `{id}.{secret}` read apart, or null when it is not shaped so. */
export function parseToken(token: string): { id: string; secret: string } | null {
  const match = TOKEN.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** Whether `secret` hashes to `storedHash` (constant time; an absent row compares against zeros). */
export function secretMatches(secret: string, storedHash: string | undefined): boolean {
  const expected = Buffer.from(storedHash ?? "00".repeat(32), "hex");
  return timingSafeEqual(hashSecret(secret), expected) && storedHash !== undefined;
}

type Issue = Pick<typeof emailTokens.$inferInsert, "purpose" | "email" | "accountId" | "userId" | "signup">;

/** Stores a new token (its hash only) and returns the text for the link, shown to nobody else. */
export async function issueToken(input: Issue): Promise<string> {
  const { secret, hash } = newSecret();
  const db = await getDb();
  const [row] = await db
    .insert(emailTokens)
    .values({
      ...input,
      secretHash: hash,
      expiresAt: sql`now() + make_interval(secs => ${TOKEN_TTL_MS[input.purpose] / 1000})`,
    })
    .returning({ id: emailTokens.id });
  return `${row!.id}.${secret}`;
}

/**
 * Spends a token of `purpose`: 400 INVALID_TOKEN when it is malformed, unknown, of another purpose,
 * expired or already used (one answer for all, so a guess learns nothing). Run it inside the
 * transaction of what the token allows, so that spending it and its effect commit together.
 */
export async function consumeToken(purpose: TokenPurpose, token: string): Promise<EmailTokenRow> {
  const parsed = parseToken(token);
  if (!parsed) throw new ApiError("INVALID_TOKEN");
  const { id, secret } = parsed;
  const db = await getDb();
  const [row] = await db
    .select({ secretHash: emailTokens.secretHash })
    .from(emailTokens)
    .where(and(eq(emailTokens.id, id), eq(emailTokens.purpose, purpose)));
  if (!secretMatches(secret, row?.secretHash)) throw new ApiError("INVALID_TOKEN");
  const [spent] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
    .returning();
  if (!spent) throw new ApiError("INVALID_TOKEN");
  return spent;
}

/** Spends every unused reset token of a user (after a reset, older links stop working). */
export async function spendResetTokens(userId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "password_reset"), isNull(emailTokens.usedAt)));
}

/**
 * Whether a token of `purpose` would be accepted now (well-formed, known, unused, unexpired),
 * without spending it: the page a mailed link opens says "already used" at once instead of
 * showing a form that fails on submit. Checked in constant time like consumeToken; only
 * consumeToken's conditional update decides a use.
 */
export async function tokenUsable(purpose: TokenPurpose, token: string): Promise<boolean> {
  const match = TOKEN.exec(token);
  if (!match) return false;
  const [, id, secret] = match as unknown as [string, string, string];
  const db = await getDb();
  const [row] = await db
    .select({ secretHash: emailTokens.secretHash, live: sql<boolean>`${emailTokens.usedAt} is null and ${emailTokens.expiresAt} > now()` })
    .from(emailTokens)
    .where(and(eq(emailTokens.id, id), eq(emailTokens.purpose, purpose)));
  const expected = Buffer.from(row?.secretHash ?? "00".repeat(32), "hex");
  return timingSafeEqual(hashSecret(secret), expected) && Boolean(row?.live);
}

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { emailTokens } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";

// The single-use links mailed for a password reset or a sign-up confirmation. A token reads
// `{id}.{secret}`: the id finds the row, the secret (32 random bytes) is checked against its stored
// SHA-256 in constant time, and one conditional update spends it, so of two uses at once one wins.

export type TokenPurpose = (typeof emailTokens.$inferSelect)["purpose"];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60_000, // an hour, as most services do
  signup: 24 * 60 * 60_000,
};

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function hashSecret(secret: string): Buffer {
  return createHash("sha256").update(secret).digest();
}

type Issue = Pick<typeof emailTokens.$inferInsert, "purpose" | "email" | "accountId" | "signup">;

/** Stores a new token (its hash only) and returns the text for the link, shown to nobody else. */
export async function issueToken(input: Issue): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  const db = await getDb();
  const [row] = await db
    .insert(emailTokens)
    .values({
      ...input,
      secretHash: hashSecret(secret).toString("hex"),
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
  const match = TOKEN.exec(token);
  if (!match) throw new ApiError("INVALID_TOKEN");
  const [, id, secret] = match as unknown as [string, string, string];
  const db = await getDb();
  const [row] = await db
    .select({ secretHash: emailTokens.secretHash })
    .from(emailTokens)
    .where(and(eq(emailTokens.id, id), eq(emailTokens.purpose, purpose)));
  const expected = Buffer.from(row?.secretHash ?? "00".repeat(32), "hex");
  if (!timingSafeEqual(hashSecret(secret), expected) || !row) throw new ApiError("INVALID_TOKEN");
  const [spent] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
    .returning();
  if (!spent) throw new ApiError("INVALID_TOKEN");
  return spent;
}

/** Spends every unused reset token of an account (after a reset, older links stop working). */
export async function spendResetTokens(accountId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.accountId, accountId), eq(emailTokens.purpose, "password_reset"), isNull(emailTokens.usedAt)));
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

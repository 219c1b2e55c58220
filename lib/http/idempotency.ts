import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";
import type { Auth } from "@/lib/accounts/queries";
import { ApiError, ValidationError } from "./errors";

const TTL_HOURS = 24;

export type Claim =
  | { kind: "new"; finish: (status: number, body: string) => Promise<void>; abandon: () => Promise<void> }
  | { kind: "replay"; status: number; body: string };

/**
 * `Idempotency-Key` (DESIGN §9): the first request with a key runs and its response is stored;
 * the same key and body within 24 h replays it; another body is 422; one still running is 409.
 */
export async function claimIdempotencyKey(auth: Auth, key: string, method: string, path: string, raw: Buffer): Promise<Claim> {
  if (key.length > 255) {
    throw new ValidationError([
      { loc: ["header", "idempotency-key"], msg: "String should have at most 255 characters", type: "string_too_long" },
    ]);
  }
  const requestHash = createHash("sha256").update(`${method} ${path}\n`).update(raw).digest("hex");
  const db = await getDb();
  const scope = and(
    eq(idempotencyKeys.accountId, auth.accountId),
    eq(idempotencyKeys.mode, auth.mode),
    eq(idempotencyKeys.key, key),
  );
  // Take the key, or take it over when the stored one is older than the TTL.
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ accountId: auth.accountId, mode: auth.mode, key, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.accountId, idempotencyKeys.mode, idempotencyKeys.key],
      set: { requestHash, responseStatus: null, responseBody: null, createdAt: sql`now()` },
      // expired, or left in flight by a process that died more than 5 minutes ago
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${TTL_HOURS})
        or (${idempotencyKeys.responseStatus} is null and ${idempotencyKeys.createdAt} < now() - interval '5 minutes')`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed) {
    return {
      kind: "new",
      finish: async (status, body) => {
        await db.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(scope);
      },
      // A server error is not stored: the client may retry with the same key.
      abandon: async () => {
        await db.delete(idempotencyKeys).where(scope);
      },
    };
  }
  const [stored] = await db.select().from(idempotencyKeys).where(scope);
  if (!stored) return claimIdempotencyKey(auth, key, method, path, raw); // abandoned meanwhile
  if (stored.requestHash !== requestHash) throw new ApiError("IDEMPOTENCY_KEY_REUSED");
  if (stored.responseStatus === null || stored.responseBody === null) throw new ApiError("IDEMPOTENCY_KEY_IN_USE");
  return { kind: "replay", status: stored.responseStatus, body: stored.responseBody };
}

import { createHash, type Hash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { inTransaction, type Db } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { item } from "@/lib/core/validation";

const TTL_HOURS = 24;
const JSON_HEADERS = { "content-type": "application/json" };

/**
 * `Idempotency-Key` (DESIGN §9): the first request with a key runs and its answer is stored; the
 * same key and body within 24 h replays it (`Idempotent-Replayed: true`); another body is 422; a
 * request with the key still running is 409.
 *
 * The key, the request's effect and the stored answer commit in ONE transaction (`run` executes
 * inside it, its getDb() calls join it): a process killed at any point leaves either all three or
 * none, so a retry replays or runs the request for the first time, never a second time. A 5xx
 * answer is not stored and rolls the effect back too, so the client may retry.
 *
 * "Running" is a transaction-scoped advisory lock on (account, mode, key), not a row: it ends with
 * the transaction, a crash included. On PostgreSQL a second request with the key answers 409 at
 * once instead of waiting; on PGlite (one connection, transactions one after another) it starts
 * only once the first has committed, and so replays its answer.
 */
export async function withIdempotencyKey(
  auth: { accountId: string; mode: "test" | "live" },
  key: string,
  request: { method: string; path: string; contentType: string; raw: Buffer },
  run: () => Promise<Response>,
): Promise<Response> {
  if (key.length > 255) {
    throw new ValidationError([item(["header", "idempotency-key"], "string_too_long", { max_length: 255 })]);
  }
  const hash = createHash("sha256").update(`${request.method} ${request.path}\n`);
  await hashBody(hash, request.raw, request.contentType);
  const requestHash = hash.digest("hex");
  try {
    return await inTransaction(async (tx) => {
      if (!(await tryLock(tx, `${auth.accountId}:${auth.mode}:${key}`))) throw new ApiError("IDEMPOTENCY_KEY_IN_USE");
      const scope = and(
        eq(idempotencyKeys.accountId, auth.accountId),
        eq(idempotencyKeys.mode, auth.mode),
        eq(idempotencyKeys.key, key),
      );
      // Read after the lock (a statement of its own, so a fresh snapshot): an answer committed by
      // the request that held it is seen.
      const [stored] = await tx
        .select({
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.responseStatus,
          body: idempotencyKeys.responseBody,
          expired: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${TTL_HOURS})`,
          stale: sql<boolean>`${idempotencyKeys.createdAt} < now() - interval '5 minutes'`,
        })
        .from(idempotencyKeys)
        .where(scope);
      if (stored && !stored.expired) {
        if (stored.requestHash !== requestHash) throw new ApiError("IDEMPOTENCY_KEY_REUSED");
        if (stored.status !== null && stored.body !== null) {
          return new Response(stored.body, { status: stored.status, headers: { ...JSON_HEADERS, "idempotent-replayed": "true" } });
        }
        // A row without an answer was claimed by a version before this one, in a transaction of its
        // own: its request may still be running (a rolling upgrade) until it is 5 minutes old.
        if (!stored.stale) throw new ApiError("IDEMPOTENCY_KEY_IN_USE");
      }

      const response = await run();
      if (response.status >= 500) throw new RolledBack(response);
      const fields = { requestHash, responseStatus: response.status, responseBody: await response.clone().text() };
      await tx
        .insert(idempotencyKeys)
        .values({ accountId: auth.accountId, mode: auth.mode, key, ...fields })
        .onConflictDoUpdate({
          target: [idempotencyKeys.accountId, idempotencyKeys.mode, idempotencyKeys.key],
          set: { ...fields, createdAt: sql`now()` }, // an expired or abandoned key, taken over
        });
      return response;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.response;
    throw error;
  }
}

/**
 * What makes two bodies "the same": their bytes, except that a multipart body is taken part by part
 * (name, file name, type, bytes), without the boundary that clients draw anew on every send.
 */
async function hashBody(hash: Hash, raw: Buffer, contentType: string): Promise<void> {
  if (/^multipart\/form-data/i.test(contentType)) {
    try {
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
      hash.update("multipart\n");
      for (const [name, value] of form) {
        const bytes = typeof value === "string" ? Buffer.from(value) : Buffer.from(await value.arrayBuffer());
        const head = typeof value === "string" ? [name] : [name, value.name, value.type];
        hash.update(`${JSON.stringify([...head, bytes.byteLength])}\n`).update(bytes);
      }
      return;
    } catch {
      // not a form that parses (the request answers 422): its bytes, as for any other body
    }
  }
  hash.update(raw);
}

/**
 * A mutating request without an `Idempotency-Key` runs the same way, in one transaction of its own:
 * its effect commits with its answer, or not at all when it answers 5xx. Its first statement holds
 * the caller's credential (lib/accounts/authenticate.ts `holdCaller`), so a removal or a revocation
 * never lands in the middle of it.
 */
export async function inRequestTransaction(run: () => Promise<Response>): Promise<Response> {
  try {
    return await inTransaction(async () => {
      const response = await run();
      if (response.status >= 500) throw new RolledBack(response);
      return response;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.response;
    throw error;
  }
}

/** Thrown out of the transaction to roll back the effect of a request that answered 5xx. */
class RolledBack extends Error {
  constructor(readonly response: Response) {
    super("rolled back");
  }
}

/** Takes the advisory lock of `name` until the transaction ends; false when another one holds it. */
async function tryLock(tx: Db, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${name}`}, 0))` })
    .from(sql`(select 1) as one`);
  return row?.locked === true;
}

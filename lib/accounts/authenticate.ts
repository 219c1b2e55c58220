import { publicBaseUrl } from "@/lib/runtime/config";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/core/errors";
import type { Operation } from "@/lib/core/operation";
import { hashApiKey } from "./api-keys";
import { holdMember, lockTeam } from "./members";
import { mayCall, requiredRole, type Role } from "@/lib/core/roles";
import { findAuthByKeyHash, holdKey } from "./queries";
import type { Auth } from "@/lib/core/auth";
import { findSessionAuth, readCookie, SESSION_COOKIE } from "./sessions";

export type { Auth };

/**
 * The caller (DESIGN §1): an `api-key` header, or else the dashboard's session cookie with its
 * mode in `kola-mode`. A mutating request authenticated by cookie must come from our own origin.
 * `sessionOnly` operations (account settings, API keys) refuse API keys.
 */
export async function authenticate(req: Request, sessionOnly = false): Promise<Auth> {
  const key = req.headers.get("api-key")?.trim();
  if (key && !sessionOnly) {
    if (!/^kola_(test|live)_[A-Za-z0-9_-]{43}$/.test(key)) throw new ApiError("API_KEY_NOT_FOUND");
    const auth = await findAuthByKeyHash(hashApiKey(key));
    if (!auth) throw new ApiError("API_KEY_NOT_FOUND");
    return auth;
  }
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) throw sessionOnly ? new ApiError("NOT_SIGNED_IN") : new ApiError("NO_API_KEY_PROVIDED");
  const mode = req.headers.get("kola-mode") === "live" ? "live" : "test";
  const auth = await findSessionAuth(token, mode);
  if (!auth) throw new ApiError("NOT_SIGNED_IN");
  if (req.method !== "GET" && req.method !== "HEAD" && !isSameOrigin(req)) throw new ApiError("CROSS_SITE_REQUEST");
  return auth;
}

/**
 * The caller of `operation`, allowed to call it: every API route goes through here once
 * (lib/api/route.ts). The role an operation needs is its own `role`, or its method's default
 * (reading: viewer; any change: admin); below it, 403 INSUFFICIENT_ROLE before anything is read.
 */
export async function authorize(req: Request, operation: Operation): Promise<Auth> {
  const auth = await authenticate(req, operation.auth === "session");
  assertRole(auth.role, operation);
  return auth;
}

/** 403 INSUFFICIENT_ROLE unless `role` may call `operation` (lib/core/roles.ts `mayCall`): the one rule, for the API and the dashboard's downloads. */
export function assertRole(role: Role, operation: Pick<Operation, "method" | "role" | "self">): void {
  if (!mayCall(role, operation)) {
    const needed = requiredRole(operation);
    throw new ApiError("INSUFFICIENT_ROLE", `Your role on this account (${role}) does not allow this action: it needs ${needed} or above`);
  }
}

/**
 * The first statement of every change's transaction (lib/http/route.ts): the caller's credential
 * read again and held until the commit — the key's row, or the member's — so a request in flight
 * when its key or its member is revoked, removed or demoted is either finished before that change
 * commits or refused after it, never half done: the change locks the same row FOR UPDATE first and
 * waits. A change of the team takes the team's lock before (operation.changesTeam, members.ts).
 */
export async function holdCaller(auth: Auth, operation: Operation): Promise<Auth> {
  const tx = await getDb(); // the request's transaction
  if (operation.changesTeam) await lockTeam(tx, auth.accountId);
  const role = auth.via === "key" ? await holdKey(tx, auth.apiKeyId!) : await holdMember(tx, auth.accountId, auth.userId!);
  if (!role) throw new ApiError(auth.via === "key" ? "API_KEY_NOT_FOUND" : "NOT_SIGNED_IN");
  assertRole(role, operation);
  return { ...auth, role };
}

/** The `Origin` of a cookie-authenticated write must be ours (the public URL, or the host it came to). */
export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return false;
  if (origin === new URL(publicBaseUrl()).origin) return true;
  const host = req.headers.get("host");
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? new URL(req.url).protocol.replace(":", "");
  return Boolean(host) && origin === `${proto}://${host}`;
}

/**
 * Log-in and sign-up set the session cookie, so a cross-site page must not be able to post them
 * (login CSRF: a form can send `text/plain` that parses as JSON, without a preflight). They take
 * only `application/json` (which a cross-site form cannot send) from our own origin.
 */
export function assertSameOriginJson(req: Request): void {
  if (!isSameOrigin(req)) throw new ApiError("CROSS_SITE_REQUEST");
  if (!/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) throw new ApiError("UNSUPPORTED_MEDIA_TYPE");
}

/** Whether the request came over https (directly or through a proxy): session cookies are Secure then. */
export function isHttps(req: Request): boolean {
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwarded ?? new URL(req.url).protocol.replace(":", "")) === "https" || publicBaseUrl().startsWith("https:");
}

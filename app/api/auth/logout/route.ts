import { authOperations as op } from "@/lib/accounts/auth-operations";
import { deleteSession, readCookie, SESSION_COOKIE, sessionCookie } from "@/lib/accounts/sessions";
import { isHttps, isSameOrigin } from "@/lib/accounts/authenticate";
import { ApiError } from "@/lib/core/errors";
import { route } from "@/lib/api/route";

// POST /api/auth/logout — ends the session and clears the cookie
export const POST = route(op.logout, async ({ req }) => {
  if (!isSameOrigin(req)) throw new ApiError("CROSS_SITE_REQUEST");
  const token = readCookie(req, SESSION_COOKIE);
  if (token) await deleteSession(token);
  return Response.json({ signed_out: true }, { headers: { "set-cookie": sessionCookie("", null, isHttps(req)) } });
});

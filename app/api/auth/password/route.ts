import { authOperations as op } from "@/lib/accounts/auth-operations";
import { changePassword } from "@/lib/accounts/password-change";
import { readCookie, SESSION_COOKIE } from "@/lib/accounts/sessions";
import { assertSameOriginJson } from "@/lib/accounts/authenticate";
import { ApiError } from "@/lib/core/errors";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/api/route";

// POST /api/auth/password — change the signed-in login's password; its other sessions end
export const POST = route(op.changePassword, async ({ req, auth, body }) => {
  assertSameOriginJson(req);
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) throw new ApiError("NOT_SIGNED_IN");
  return changePassword(auth, token, body, clientAddress(req));
});

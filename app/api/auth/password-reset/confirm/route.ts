import { authOperations as op } from "@/lib/accounts/auth-operations";
import { resetPassword } from "@/lib/accounts/password-reset";
import { signedInHeaders } from "@/lib/accounts/sessions";
import { assertSameOriginJson, isHttps } from "@/lib/accounts/authenticate";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/api/route";

// POST /api/auth/password-reset/confirm — new password with a reset link; every other session ends
export const POST = route(op.resetPassword, async ({ req, body }) => {
  assertSameOriginJson(req);
  const { account, session, language } = await resetPassword(body.token, body.password, clientAddress(req));
  return Response.json(account, { headers: signedInHeaders(session, isHttps(req), language) });
});

import { authOperations as op } from "@/lib/accounts/auth-operations";
import { signedInHeaders } from "@/lib/accounts/sessions";
import { confirmSignup } from "@/lib/accounts/sign-up";
import { assertSameOriginJson, isHttps } from "@/lib/accounts/authenticate";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/api/route";

// POST /api/auth/signup/confirm — follow a sign-up link: open the account, sign in (no API key: Développeurs makes one when asked)
export const POST = route(op.confirmSignup, async ({ req, body }) => {
  assertSameOriginJson(req);
  const { account, session, language } = await confirmSignup(body.token, clientAddress(req));
  return Response.json(account, { headers: signedInHeaders(session, isHttps(req), language) });
});

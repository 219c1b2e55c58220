import { authOperations as op } from "@/lib/accounts/auth-operations";
import { signedInHeaders } from "@/lib/accounts/sessions";
import { signIn } from "@/lib/accounts/sign-in";
import { assertSameOriginJson, isHttps } from "@/lib/accounts/authenticate";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/api/route";

// POST /api/auth/login — email and password; sets the session cookie
export const POST = route(op.login, async ({ req, body }) => {
  assertSameOriginJson(req); // login CSRF
  const { account, session, language } = await signIn(body.email, body.password, clientAddress(req));
  return Response.json(account, { headers: signedInHeaders(session, isHttps(req), language) });
});

import { authOperations as op } from "@/lib/accounts/operations";
import { sessionCookie } from "@/lib/accounts/sessions";
import { signUp } from "@/lib/accounts/sign-in";
import { assertSameOriginJson, isHttps } from "@/lib/accounts/authenticate";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/api/route";

// POST /api/auth/signup — create an account, sign in, show its test key once
export const POST = route(op.signup, async ({ req, body }) => {
  assertSameOriginJson(req); // login CSRF
  const { account, session } = await signUp(body, clientAddress(req));
  return Response.json(account, { headers: { "set-cookie": sessionCookie(session.token, session.expiresAt, isHttps(req)) } });
});

import { authOperations as op } from "@/lib/accounts/operations";
import { sessionCookie } from "@/lib/accounts/sessions";
import { signUp } from "@/lib/accounts/sign-in";
import { isHttps } from "@/lib/http/auth";
import { clientIp } from "@/lib/http/rate-limit";
import { route } from "@/lib/http/route";

// POST /api/auth/signup — create an account, sign in, show its test key once
export const POST = route(op.signup, async ({ req, body }) => {
  const { account, session } = await signUp(body, clientIp(req));
  return Response.json(account, { headers: { "set-cookie": sessionCookie(session.token, session.expiresAt, isHttps(req)) } });
});

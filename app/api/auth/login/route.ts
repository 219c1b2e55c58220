import { authOperations as op } from "@/lib/accounts/operations";
import { sessionCookie } from "@/lib/accounts/sessions";
import { signIn } from "@/lib/accounts/sign-in";
import { isHttps } from "@/lib/http/auth";
import { clientIp } from "@/lib/http/rate-limit";
import { route } from "@/lib/http/route";

// POST /api/auth/login — email and password; sets the session cookie
export const POST = route(op.login, async ({ req, body }) => {
  const { account, session } = await signIn(body.email, body.password, clientIp(req));
  return Response.json(account, { headers: { "set-cookie": sessionCookie(session.token, session.expiresAt, isHttps(req)) } });
});

import { authOperations as op } from "@/lib/accounts/auth-operations";
import { requestSignup } from "@/lib/accounts/sign-up";
import { assertSameOriginJson } from "@/lib/accounts/authenticate";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/api/route";

// POST /api/auth/signup — mail a confirmation link (or, for a known address, a "someone tried" mail)
export const POST = route(op.signup, async ({ req, body }) => {
  assertSameOriginJson(req); // login CSRF
  return requestSignup(body, clientAddress(req));
});

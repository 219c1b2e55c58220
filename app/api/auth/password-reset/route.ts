import { authOperations as op } from "@/lib/accounts/auth-operations";
import { requestPasswordReset } from "@/lib/accounts/password-reset";
import { assertSameOriginJson } from "@/lib/accounts/authenticate";
import { clientAddress } from "@/lib/http/client-address";
import { route } from "@/lib/api/route";

// POST /api/auth/password-reset — mail a reset link when the address has an account (same answer either way)
export const POST = route(op.requestPasswordReset, async ({ req, body }) => {
  assertSameOriginJson(req);
  return requestPasswordReset(body.email, clientAddress(req));
});

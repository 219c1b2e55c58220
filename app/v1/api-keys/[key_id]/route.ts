import { revokeApiKey } from "@/lib/accounts/api-key-admin";
import { accountOperations as op } from "@/lib/accounts/auth-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// DELETE /v1/api-keys/{key_id} — revoke a key (dashboard)
export const DELETE = route(op.revokeKey, async ({ auth, params }) => revokeApiKey(auth, params.key_id));

// OPTIONS /v1/api-keys/{key_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(DELETE);

export { methodNotAllowed as GET, methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH };

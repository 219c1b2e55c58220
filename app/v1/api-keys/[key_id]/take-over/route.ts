import { takeOverApiKey } from "@/lib/accounts/api-key-admin";
import { accountOperations as op } from "@/lib/accounts/auth-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/api-keys/{key_id}/take-over — an owner makes a key theirs, so it outlives its maker (dashboard)
export const POST = route(op.takeOverKey, async ({ auth, params }) => takeOverApiKey(auth, params.key_id));

// OPTIONS /v1/api-keys/{key_id}/take-over — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

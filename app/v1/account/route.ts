import { getAccount } from "@/lib/accounts/api-key-admin";
import { accountOperations as op } from "@/lib/accounts/operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/account — who is calling, in which mode
export const GET = route(op.get, async ({ auth }) => getAccount(auth));

// OPTIONS /v1/account — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

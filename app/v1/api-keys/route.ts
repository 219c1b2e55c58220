import { createApiKeyFor, listApiKeys } from "@/lib/accounts/api-key-admin";
import { accountOperations as op } from "@/lib/accounts/auth-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/api-keys — the account's keys of the current mode (dashboard)
export const GET = route(op.listKeys, async ({ auth }) => listApiKeys(auth));

// POST /v1/api-keys — a new key with a role up to the maker's, shown once (dashboard)
export const POST = route(op.createKey, async ({ auth, body }) => createApiKeyFor(auth, body));

// OPTIONS /v1/api-keys — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

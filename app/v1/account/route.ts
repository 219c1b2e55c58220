import { getAccount } from "@/lib/accounts/api-key-admin";
import { accountOperations as op } from "@/lib/accounts/auth-operations";
import { updateAccount } from "@/lib/accounts/settings";
import { settingsOperations } from "@/lib/accounts/team-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/account — who is calling, in which mode
export const GET = route(op.get, async ({ auth }) => getAccount(auth));

// PATCH /v1/account — the business profile: name, country (same currency), support e-mail and phone
export const PATCH = route(settingsOperations.updateAccount, async ({ auth, body }) => updateAccount(auth, body));

// OPTIONS /v1/account — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PATCH);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as DELETE };

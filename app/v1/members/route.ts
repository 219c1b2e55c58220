import { listMembers } from "@/lib/accounts/members";
import { memberOperations as op } from "@/lib/accounts/team-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/members — the account's members and their roles (dashboard)
export const GET = route(op.list, async ({ auth }) => listMembers(auth));

// OPTIONS /v1/members — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

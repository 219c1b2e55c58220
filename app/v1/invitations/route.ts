import { invite, listInvitations } from "@/lib/accounts/invitations";
import { invitationOperations as op } from "@/lib/accounts/team-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/invitations — invitations not accepted yet (dashboard)
export const GET = route(op.list, async ({ auth }) => listInvitations(auth));

// POST /v1/invitations — invite an address with a role; again: a new link (owners)
export const POST = route(op.create, async ({ auth, body }) => invite(auth, body));

// OPTIONS /v1/invitations — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { revokeInvitation } from "@/lib/accounts/invitations";
import { invitationOperations as op } from "@/lib/accounts/team-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// DELETE /v1/invitations/{invitation_id} — withdraw an invitation (owners)
export const DELETE = route(op.revoke, async ({ auth, params }) => revokeInvitation(auth, params.invitation_id));

// OPTIONS /v1/invitations/{invitation_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(DELETE);

export { methodNotAllowed as GET, methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH };

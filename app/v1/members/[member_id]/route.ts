import { changeRole, removeMember } from "@/lib/accounts/members";
import { memberOperations as op } from "@/lib/accounts/team-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// PATCH /v1/members/{member_id} — change a member's role (owners; never the last owner's)
export const PATCH = route(op.update, async ({ auth, params, body }) => changeRole(auth, params.member_id, body.role));

// DELETE /v1/members/{member_id} — remove a member (owners; never the last owner)
export const DELETE = route(op.remove, async ({ auth, params }) => removeMember(auth, params.member_id));

// OPTIONS /v1/members/{member_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(PATCH, DELETE);

export { methodNotAllowed as GET, methodNotAllowed as POST, methodNotAllowed as PUT };

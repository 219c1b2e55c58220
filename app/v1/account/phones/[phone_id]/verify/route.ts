import { phoneOperations as op } from "@/lib/accounts/phone-operations";
import { verifyPhone } from "@/lib/accounts/phones";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/account/phones/{phone_id}/verify — the code its SMS gave
export const POST = route(op.verify, async ({ auth, params, body }) => verifyPhone(auth, params.phone_id, body.code));

// OPTIONS /v1/account/phones/{phone_id}/verify — the method above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

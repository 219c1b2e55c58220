import { phoneOperations as op } from "@/lib/accounts/phone-operations";
import { removePhone, updatePhone } from "@/lib/accounts/phones";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// PATCH /v1/account/phones/{phone_id} — the number's « payé » alerts on or off
export const PATCH = route(op.update, async ({ auth, params, body }) => updatePhone(auth, params.phone_id, body));

// DELETE /v1/account/phones/{phone_id} — remove the number: no more SMS to it
export const DELETE = route(op.remove, async ({ auth, params }) => removePhone(auth, params.phone_id));

// OPTIONS /v1/account/phones/{phone_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(PATCH, DELETE);

export { methodNotAllowed as GET, methodNotAllowed as POST, methodNotAllowed as PUT };

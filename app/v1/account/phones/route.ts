import { phoneOperations as op } from "@/lib/accounts/phone-operations";
import { addPhone, listPhones } from "@/lib/accounts/phones";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/account/phones — the account's numbers for SMS, and whether this server sends SMS
export const GET = route(op.list, async ({ auth }) => listPhones(auth));

// POST /v1/account/phones — add a number (or ask for a new code): a 6-digit code goes by SMS
export const POST = route(op.add, async ({ auth, body }) => addPhone(auth, body));

// OPTIONS /v1/account/phones — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

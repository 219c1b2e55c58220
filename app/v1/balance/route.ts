import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { getBalance } from "@/lib/ledger/queries";
import { balanceOperations as op } from "@/lib/ledger/schemas";

// GET /v1/balance — available and pending balance, per currency
export const GET = route(op.get, ({ auth }) => getBalance(auth));

// OPTIONS /v1/balance — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

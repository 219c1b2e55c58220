import { getDepositOrThrow } from "@/lib/deposits/queries";
import { depositOperations as op } from "@/lib/deposits/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/api/deposit/get_transaction?track_id=… — a deposit of the caller
export const GET = route(op.byQuery, async ({ auth, query }) => getDepositOrThrow(auth, query.track_id));

// OPTIONS /v1/api/deposit/get_transaction — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

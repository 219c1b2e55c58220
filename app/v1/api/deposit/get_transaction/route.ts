import { getDepositOrThrow } from "@/lib/deposits/queries";
import { depositOperations as op } from "@/lib/deposits/schemas";
import { methodNotAllowed, route } from "@/lib/api/route";

// GET /v1/api/deposit/get_transaction?track_id=… — a deposit of the caller
export const GET = route(op.byQuery, async ({ auth, query }) => getDepositOrThrow(auth, query.track_id));

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

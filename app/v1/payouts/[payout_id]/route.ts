import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { getPayoutOrThrow } from "@/lib/payouts/queries";
import { payoutOperations as op } from "@/lib/payouts/schemas";

// GET /v1/payouts/{payout_id} — a payout
export const GET = route(op.get, ({ auth, params }) => getPayoutOrThrow(auth, params.payout_id));

// OPTIONS /v1/payouts/{payout_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

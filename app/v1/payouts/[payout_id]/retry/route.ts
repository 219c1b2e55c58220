import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { retryPayout } from "@/lib/payouts/retry-payout";
import { payoutOperations as op } from "@/lib/payouts/schemas";

// POST /v1/payouts/{payout_id}/retry — send a failed payout again, as a new payout
export const POST = route(op.retry, ({ auth, params }) => retryPayout(auth, params.payout_id));

// OPTIONS /v1/payouts/{payout_id}/retry — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

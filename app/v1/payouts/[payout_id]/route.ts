import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { getPayoutOrThrow } from "@/lib/payouts/queries";
import { redirectPayout } from "@/lib/payouts/retry-payout";
import { payoutOperations as op } from "@/lib/payouts/schemas";

// GET /v1/payouts/{payout_id} — a payout
export const GET = route(op.get, ({ auth, params }) => getPayoutOrThrow(auth, params.payout_id));

// PATCH /v1/payouts/{payout_id} — a failed seller payout sent to a corrected phone (moves money)
export const PATCH = route(op.redirect, ({ auth, params, body }) => redirectPayout(auth, params.payout_id, body));

// OPTIONS /v1/payouts/{payout_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PATCH);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as DELETE };

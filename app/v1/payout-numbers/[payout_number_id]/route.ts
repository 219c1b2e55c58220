import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { payoutNumberOperations as op } from "@/lib/payouts/payout-number-schemas";
import { getPayoutNumber, removePayoutNumber } from "@/lib/payouts/payout-numbers";

// GET /v1/payout-numbers/{payout_number_id} — a saved payout number, whole
export const GET = route(op.get, ({ auth, params }) => getPayoutNumber(auth, params.payout_number_id));

// DELETE /v1/payout-numbers/{payout_number_id} — remove it
export const DELETE = route(op.remove, ({ auth, params }) => removePayoutNumber(auth, params.payout_number_id));

// OPTIONS /v1/payout-numbers/{payout_number_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, DELETE);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH };

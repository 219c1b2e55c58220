import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { payoutNumberOperations as op } from "@/lib/payouts/payout-number-schemas";
import { listPayoutNumbers, savePayoutNumber } from "@/lib/payouts/payout-numbers";

// GET /v1/payout-numbers — the saved payout numbers (masked)
export const GET = route(op.list, ({ auth }) => listPayoutNumbers(auth));

// POST /v1/payout-numbers — save a payout number (checked against its operator)
export const POST = route(op.save, ({ auth, body }) => savePayoutNumber(auth, body));

// OPTIONS /v1/payout-numbers — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { getPaymentOrThrow } from "@/lib/deposits/get-payment";
import { depositOperations as op } from "@/lib/deposits/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/deposits/{track_id} — a payment attempt in full: history, link, buyer, webhook deliveries
export const GET = route(op.detail, async ({ auth, params }) => getPaymentOrThrow(auth, params.track_id));

// OPTIONS /v1/deposits/{track_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

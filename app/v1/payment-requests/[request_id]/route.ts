import { waitForChange } from "@/lib/payment-requests/queries";
import { paymentRequestOperations as op } from "@/lib/payment-requests/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/payment-requests/{request_id} — one request; ?wait=N&status=S holds the answer until it changes
export const GET = route(op.get, async ({ auth, params, query }) => waitForChange(auth, params.request_id, query.wait, query.status));

// OPTIONS /v1/payment-requests/{request_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

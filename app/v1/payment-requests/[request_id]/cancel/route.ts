import { cancelPaymentRequest } from "@/lib/payment-requests/create";
import { paymentRequestOperations as op } from "@/lib/payment-requests/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/payment-requests/{request_id}/cancel — cancel while nothing is on the buyer's phone
export const POST = route(op.cancel, async ({ auth, params }) => cancelPaymentRequest(auth, params.request_id));

// OPTIONS /v1/payment-requests/{request_id}/cancel — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

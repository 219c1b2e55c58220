import { resendPaymentRequest } from "@/lib/payment-requests/create";
import { paymentRequestOperations as op } from "@/lib/payment-requests/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/payment-requests/{request_id}/resend — push the prompt again (« Renvoyer »)
export const POST = route(op.resend, async ({ auth, params, body }) => resendPaymentRequest(auth, params.request_id, body));

// OPTIONS /v1/payment-requests/{request_id}/resend — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { presentPagePayment } from "@/lib/payment-pages/present";
import { listPagePayments } from "@/lib/payment-pages/queries";
import { paymentPageOperations as op } from "@/lib/payment-pages/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/payment-pages/{page_id}/payments — the page's payments, newest first
export const GET = route(op.payments, async ({ auth, params }) => (await listPagePayments(auth, params.page_id)).map(presentPagePayment));

// OPTIONS /v1/payment-pages/{page_id}/payments — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { closePaymentPage } from "@/lib/payment-pages/close-page";
import { presentPaymentPage } from "@/lib/payment-pages/present";
import { paymentPageOperations as op } from "@/lib/payment-pages/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/payment-pages/{page_id}/close — close a page: its message shows, no new payment starts
export const POST = route(op.close, async ({ auth, params }) => presentPaymentPage(await closePaymentPage(auth, params.page_id)));

// OPTIONS /v1/payment-pages/{page_id}/close — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

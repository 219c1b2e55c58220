import { presentPaymentPage } from "@/lib/payment-pages/present";
import { paymentPageOperations as op } from "@/lib/payment-pages/schemas";
import { reopenPaymentPage } from "@/lib/payment-pages/update-page";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/payment-pages/{page_id}/reopen — a page closed by its merchant takes payments again
export const POST = route(op.reopen, async ({ auth, params }) => presentPaymentPage(await reopenPaymentPage(auth, params.page_id)));

// OPTIONS /v1/payment-pages/{page_id}/reopen — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

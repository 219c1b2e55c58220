import { presentPaymentPage } from "@/lib/payment-pages/present";
import { getPaymentPageOrThrow } from "@/lib/payment-pages/queries";
import { updatePaymentPage } from "@/lib/payment-pages/update-page";
import { paymentPageOperations as op } from "@/lib/payment-pages/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/payment-pages/{page_id} — one of the caller's payment pages
export const GET = route(op.get, async ({ auth, params }) => presentPaymentPage(await getPaymentPageOrThrow(auth, params.page_id)));

// PATCH /v1/payment-pages/{page_id} — change the fields sent (the amount type stays)
export const PATCH = route(op.update, async ({ auth, params, body }) => presentPaymentPage(await updatePaymentPage(auth, params.page_id, body)));

// OPTIONS /v1/payment-pages/{page_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PATCH);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as DELETE };

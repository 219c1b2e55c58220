import { presentPaymentPage } from "@/lib/payment-pages/present";
import { getPaymentPageOrThrow } from "@/lib/payment-pages/queries";
import { paymentPageOperations as op } from "@/lib/payment-pages/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/payment-pages/{page_id} — one of the caller's payment pages
export const GET = route(op.get, async ({ auth, params }) => presentPaymentPage(await getPaymentPageOrThrow(auth, params.page_id)));

// OPTIONS /v1/payment-pages/{page_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

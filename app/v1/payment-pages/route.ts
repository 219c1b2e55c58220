import { createPaymentPage } from "@/lib/payment-pages/create-page";
import { presentPaymentPage } from "@/lib/payment-pages/present";
import { listPaymentPages } from "@/lib/payment-pages/queries";
import { paymentPageOperations as op } from "@/lib/payment-pages/schemas";
import { listResponse } from "@/lib/http/pagination";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/payment-pages — create a payment page (many buyers pay it)
export const POST = route(op.create, async ({ auth, body }) => presentPaymentPage(await createPaymentPage(auth, body)));

// GET /v1/payment-pages — the caller's payment pages, newest first; without limit, the whole list
export const GET = route(op.list, async (ctx) => listResponse(ctx, (page) => listPaymentPages(ctx.auth, page), presentPaymentPage));

// OPTIONS /v1/payment-pages — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

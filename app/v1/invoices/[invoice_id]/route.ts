import { presentInvoice } from "@/lib/invoices/present";
import { getInvoiceOrThrow } from "@/lib/invoices/queries";
import { invoiceOperations as op } from "@/lib/invoices/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/invoices/{invoice_id} — one of the caller's invoices
export const GET = route(op.get, async ({ auth, params }) => presentInvoice(await getInvoiceOrThrow(auth, params.invoice_id)));

// OPTIONS /v1/invoices/{invoice_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

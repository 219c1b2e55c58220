import { presentInvoicePayment } from "@/lib/invoices/present";
import { listInvoicePayments } from "@/lib/invoices/queries";
import { invoiceOperations as op } from "@/lib/invoices/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/invoices/{invoice_id}/payments — the invoice's payments, newest first
export const GET = route(op.payments, async ({ auth, params }) => (await listInvoicePayments(auth, params.invoice_id)).map(presentInvoicePayment));

// OPTIONS /v1/invoices/{invoice_id}/payments — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { cancelInvoice } from "@/lib/invoices/cancel-invoice";
import { presentInvoice } from "@/lib/invoices/present";
import { invoiceOperations as op } from "@/lib/invoices/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/invoices/{invoice_id}/cancel — cancel an invoice: no new payment, no more reminders
export const POST = route(op.cancel, async ({ auth, params }) => presentInvoice(await cancelInvoice(auth, params.invoice_id)));

// OPTIONS /v1/invoices/{invoice_id}/cancel — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { createInvoice } from "@/lib/invoices/create-invoice";
import { presentInvoice } from "@/lib/invoices/present";
import { listInvoices } from "@/lib/invoices/queries";
import { invoiceOperations as op } from "@/lib/invoices/schemas";
import { listResponse } from "@/lib/http/pagination";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/invoices — create an invoice (a payment request to one customer)
export const POST = route(op.create, async ({ auth, body }) => presentInvoice(await createInvoice(auth, body)));

// GET /v1/invoices — the caller's invoices, newest first; without limit, the whole list
export const GET = route(op.list, async (ctx) => listResponse(ctx, (page) => listInvoices(ctx.auth, page), (row) => presentInvoice(row)));

// OPTIONS /v1/invoices — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

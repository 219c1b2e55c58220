import { presentInvoiceReminder } from "@/lib/invoices/present";
import { listInvoiceReminders } from "@/lib/invoices/queries";
import { invoiceOperations as op } from "@/lib/invoices/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/invoices/{invoice_id}/reminders — the reminders sent, by step
export const GET = route(op.reminders, async ({ auth, params }) => (await listInvoiceReminders(auth, params.invoice_id)).map(presentInvoiceReminder));

// OPTIONS /v1/invoices/{invoice_id}/reminders — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { showInvoice, submitInvoice } from "@/lib/checkout/invoice/handlers";

// GET /i/{id} — an invoice: its lines, what is paid and due, the pay form
export const GET = showInvoice;

// POST /i/{id} — the form without JavaScript: 303 to the payment's waiting page
export const POST = submitInvoice;

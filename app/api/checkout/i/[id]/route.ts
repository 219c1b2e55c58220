import { submitInvoiceJson } from "@/lib/checkout/invoice/handlers";

// POST /api/checkout/i/{id} — an invoice's pay submit as JSON (422 with every problem, as the API answers)
export const POST = submitInvoiceJson;

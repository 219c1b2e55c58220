import { printInvoice } from "@/lib/checkout/invoice/handlers";

// GET /i/{id}/print — the invoice to print (or save as PDF), with the merchant's details
export const GET = printInvoice;

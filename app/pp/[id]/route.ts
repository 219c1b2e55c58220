import { showPaymentPage, submitPaymentPage } from "@/lib/checkout/page/handlers";

// GET /pp/{id} — a payment page: what is sold, the buyer's choice and number; or its closing message
export const GET = showPaymentPage;

// POST /pp/{id} — the form without JavaScript: 303 to the payment's waiting page
export const POST = submitPaymentPage;

import { submitPaymentPageJson } from "@/lib/checkout/page/handlers";

// POST /api/checkout/pp/{id} — a payment page's submit as JSON (422 with every problem, as the API answers)
export const POST = submitPaymentPageJson;

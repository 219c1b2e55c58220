import { submitCheckoutJson } from "@/lib/checkout/handlers";

// POST /api/checkout/pay/{id} — a payment link's checkout form, sent by the page's script (JSON answer)
export const POST = submitCheckoutJson("link");

import { showCheckout, submitCheckoutForm } from "@/lib/checkout/handlers";

// GET /pay/{id} — the hosted checkout of a payment link (or its receipt once paid)
export const GET = showCheckout("link");

// POST /pay/{id} — the checkout form without JavaScript: 303 to the waiting page
export const POST = submitCheckoutForm("link");

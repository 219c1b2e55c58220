import { showCheckout, submitCheckoutForm } from "@/lib/checkout/handlers";

// GET /pay/m/{id} — the hosted checkout of a marketplace link, in the marketplace's colours
export const GET = showCheckout("market");

// POST /pay/m/{id} — the checkout form without JavaScript: 303 to the waiting page
export const POST = submitCheckoutForm("market");

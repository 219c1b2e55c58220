import { showPayment } from "@/lib/checkout/handlers";

// GET /pay/m/{id}/{track_id} — waiting for the buyer's approval, then a receipt or a failure page
export const GET = showPayment("market");

import { giveUpPayment, showPayment } from "@/lib/checkout/handlers";

// GET /pay/m/{id}/{track_id} — waiting for the buyer's approval, then a receipt or a failure page
export const GET = showPayment("market");

// POST /pay/m/{id}/{track_id} — "use another number": give the attempt up, then a fresh form
export const POST = giveUpPayment("market");

import { giveUpPayment, showPayment } from "@/lib/checkout/handlers";

// GET /pay/{id}/{track_id} — waiting for the buyer's approval, then success_url / failure_url or a receipt
export const GET = showPayment("link");

// POST /pay/{id}/{track_id} — "use another number": give the attempt up, then a fresh form
export const POST = giveUpPayment("link");

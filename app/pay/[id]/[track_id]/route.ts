import { showPayment } from "@/lib/checkout/handlers";

// GET /pay/{id}/{track_id} — waiting for the buyer's approval, then success_url / failure_url or a receipt
export const GET = showPayment("link");

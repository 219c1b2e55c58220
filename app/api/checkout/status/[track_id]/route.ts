import { paymentStatus } from "@/lib/checkout/handlers";

// GET /api/checkout/status/{track_id} — a payment's status, polled by the waiting page
export const GET = paymentStatus;

import { showStallRequest } from "@/lib/checkout/stall/handlers";

// GET /s/{code}/p/{request_id} — a stall payment's status page: waiting, paid (receipt code) or failed
export const GET = showStallRequest;

import { stallRequestStatus } from "@/lib/checkout/stall/handlers";

// GET /s/{code}/p/{request_id}/status — the status page's long poll: the status and, once paid, the receipt code only
export const GET = stallRequestStatus;

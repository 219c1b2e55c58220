import { showReceipt } from "@/lib/receipts/handlers";

// GET /r/{code} — what a receipt code proves: amount, shop, date, status (rate-limited per address)
export const GET = showReceipt;

import { showLookup } from "@/lib/receipts/handlers";

// GET /r — the public receipt check: a form to type a receipt code (?code= goes to its page)
export const GET = showLookup;

import { showStall, submitStall } from "@/lib/checkout/stall/handlers";

// GET /s/{code} — a stall's page: the buyer chooses the amount and types their number
export const GET = showStall;

// POST /s/{code} — the form: a request to pay the buyer's number, then 303 to its status page
export const POST = submitStall;

import { createStall, listStalls } from "@/lib/payment-requests/stalls";
import { stallOperations as op } from "@/lib/payment-requests/stall-schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/stalls — the open stalls (a cashier: its own)
export const GET = route(op.list, async ({ auth }) => listStalls(auth));

// POST /v1/stalls — open a stall: the account's own, or a cashier's
export const POST = route(op.create, async ({ auth, body }) => createStall(auth, body));

// OPTIONS /v1/stalls — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

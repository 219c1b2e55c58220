import { archiveStall, getStallOrThrow, updateStall } from "@/lib/payment-requests/stalls";
import { stallOperations as op } from "@/lib/payment-requests/stall-schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/stalls/{stall_id} — one open stall
export const GET = route(op.get, async ({ auth, params }) => getStallOrThrow(auth, params.stall_id));

// PATCH /v1/stalls/{stall_id} — its name or bounds (its address stays)
export const PATCH = route(op.update, async ({ auth, params, body }) => updateStall(auth, params.stall_id, body));

// DELETE /v1/stalls/{stall_id} — archive it
export const DELETE = route(op.archive, async ({ auth, params }) => archiveStall(auth, params.stall_id));

// OPTIONS /v1/stalls/{stall_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PATCH, DELETE);

export { methodNotAllowed as POST, methodNotAllowed as PUT };

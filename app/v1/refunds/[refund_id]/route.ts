import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { getRefundOrThrow } from "@/lib/refunds/queries";
import { refundOperations as op } from "@/lib/refunds/schemas";

// GET /v1/refunds/{refund_id} — a refund
export const GET = route(op.get, ({ auth, params }) => getRefundOrThrow(auth, params.refund_id));

// OPTIONS /v1/refunds/{refund_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

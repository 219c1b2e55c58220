import { payinStatus } from "@/lib/gateways/payin-status";
import { gatewayOperations as op } from "@/lib/gateways/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/gateway/payin/{order_id} — payment status by the merchant's order_id
export const GET = route(op.payin, async ({ auth, params }) => payinStatus(auth, params.order_id));

// OPTIONS /v1/gateway/payin/{order_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

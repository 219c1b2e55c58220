import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { updateSeller } from "@/lib/sellers/hold-seller";
import { getSellerOrThrow } from "@/lib/sellers/queries";
import { sellerOperations as op } from "@/lib/sellers/schemas";

// GET /v1/sellers/{seller_id} — a seller and its balance
export const GET = route(op.get, ({ auth, params }) => getSellerOrThrow(auth, params.seller_id));

// PATCH /v1/sellers/{seller_id} — hold the seller's payouts, or clear the hold (moves money)
export const PATCH = route(op.update, ({ auth, params, body }) => updateSeller(auth, params.seller_id, body));

// OPTIONS /v1/sellers/{seller_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PATCH);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as DELETE };

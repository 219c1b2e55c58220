import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { releaseSellerShares } from "@/lib/sellers/release-share";
import { sellerOperations as op } from "@/lib/sellers/schemas";

// POST /v1/sellers/{seller_id}/release — end the payout hold of the seller's shares now (moves money)
export const POST = route(op.release, ({ auth, params, body }) => releaseSellerShares(auth, params.seller_id, body));

// OPTIONS /v1/sellers/{seller_id}/release — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

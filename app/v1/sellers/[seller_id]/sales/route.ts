import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { pageResponse } from "@/lib/http/pagination";
import { listSellerSales } from "@/lib/sellers/queries";
import { sellerOperations as op } from "@/lib/sellers/schemas";

// GET /v1/sellers/{seller_id}/sales — the seller's sales and where each share is, newest first
export const GET = route(op.sales, async ({ auth, params, query, url }) => pageResponse(url, query, await listSellerSales(auth, params.seller_id, query), (row) => row));

// OPTIONS /v1/sellers/{seller_id}/sales — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

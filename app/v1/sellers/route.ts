import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { pageResponse } from "@/lib/http/pagination";
import { listSellers } from "@/lib/sellers/queries";
import { sellerOperations as op } from "@/lib/sellers/schemas";

// GET /v1/sellers — the marketplace's sellers, newest first, with their balances
export const GET = route(op.list, async ({ auth, query, url }) => pageResponse(url, query, await listSellers(auth, query), (row) => row));

// OPTIONS /v1/sellers — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

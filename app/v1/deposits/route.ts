import { listDeposits } from "@/lib/deposits/list-deposits";
import { depositOperations as op } from "@/lib/deposits/schemas";
import { pageResponse } from "@/lib/http/pagination";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/deposits — the caller's deposits (payment attempts), newest first, filtered
export const GET = route(op.list, async ({ auth, query, url }) =>
  pageResponse(url, query, await listDeposits(auth, query), (row) => row),
);

// OPTIONS /v1/deposits — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

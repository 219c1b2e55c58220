import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { exportMarketplaceTransactions } from "@/lib/exports/export-transactions";
import { csvResponse } from "@/lib/exports/respond";
import { exportOperations as op } from "@/lib/exports/schemas";

// GET /v1/exports/marketplace-transactions — every marketplace transaction of a date range, as a streamed CSV
export const GET = route(op.marketplaceTransactions, async ({ auth, query }) =>
  csvResponse(exportMarketplaceTransactions(auth, query), "marketplace-transactions", query),
);

// OPTIONS /v1/exports/marketplace-transactions — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { pageResponse } from "@/lib/http/pagination";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { presentTransaction } from "@/lib/marketplace-gateways/present";
import { listTransactions } from "@/lib/marketplace-gateways/queries";
import { marketplaceGatewayOperations as op } from "@/lib/marketplace-gateways/schemas";

// GET /v1/api/marketplace/gateway/{gateway_id}/transactions — buyers' attempts, newest first
export const GET = route(op.transactions, async ({ auth, params, query, url }) =>
  pageResponse(
    url,
    query,
    (await listTransactions(auth, params.gateway_id, query)).map((row) => ({ ...row, id: row.transaction.id })),
    presentTransaction,
  ),
);

// OPTIONS /v1/api/marketplace/gateway/{gateway_id}/transactions — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

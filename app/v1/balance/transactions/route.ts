import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { pageResponse } from "@/lib/http/pagination";
import { listBalanceTransactions } from "@/lib/ledger/queries";
import { balanceOperations as op } from "@/lib/ledger/schemas";

// GET /v1/balance/transactions — the ledger lines behind the balance, newest first, with their source
export const GET = route(op.transactions, async ({ auth, query, url }) =>
  pageResponse(url, query, await listBalanceTransactions(auth, query), (row) => row),
);

// OPTIONS /v1/balance/transactions — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

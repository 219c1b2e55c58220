import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { pageResponse } from "@/lib/http/pagination";
import { createWithdrawal } from "@/lib/payouts/create-withdrawal";
import { listPayouts } from "@/lib/payouts/queries";
import { payoutOperations as op } from "@/lib/payouts/schemas";

// POST /v1/payouts — withdraw available balance to the merchant's mobile-money number
export const POST = route(op.create, ({ auth, body }) => createWithdrawal(auth, body));

// GET /v1/payouts — seller payouts and withdrawals, newest first
export const GET = route(op.list, async ({ auth, query, url }) => pageResponse(url, query, await listPayouts(auth, query), (row) => row));

// OPTIONS /v1/payouts — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

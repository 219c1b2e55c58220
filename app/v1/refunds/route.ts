import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { pageResponse } from "@/lib/http/pagination";
import { createRefund } from "@/lib/refunds/create-refund";
import { listRefunds } from "@/lib/refunds/queries";
import { refundOperations as op } from "@/lib/refunds/schemas";

// POST /v1/refunds — refund a successful payment, in full or in part
export const POST = route(op.create, ({ auth, body }) => createRefund(auth, body));

// GET /v1/refunds — the caller's refunds, newest first
export const GET = route(op.list, async ({ auth, query, url }) => pageResponse(url, query, await listRefunds(auth, query), (row) => row));

// OPTIONS /v1/refunds — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

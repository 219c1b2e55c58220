import { createPaymentRequest } from "@/lib/payment-requests/create";
import { listPaymentRequests } from "@/lib/payment-requests/queries";
import { paymentRequestOperations as op } from "@/lib/payment-requests/schemas";
import { pageResponse } from "@/lib/http/pagination";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/payment-requests — ask a buyer's phone to pay (the counter's « Encaisser »)
export const POST = route(op.create, async ({ auth, body }) => createPaymentRequest(auth, body, { channel: auth.via === "session" ? "counter" : "api" }));

// GET /v1/payment-requests — newest first; a cashier's own of today
export const GET = route(op.list, async ({ auth, query, url }) => pageResponse(url, query, await listPaymentRequests(auth, query), (view) => view));

// OPTIONS /v1/payment-requests — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

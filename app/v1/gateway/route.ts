import { createGateway } from "@/lib/gateways/create-gateway";
import { presentCreated, presentListItem } from "@/lib/gateways/present";
import { listGateways } from "@/lib/gateways/queries";
import { gatewayOperations as op } from "@/lib/gateways/schemas";
import { listResponse } from "@/lib/http/pagination";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/gateway — create a payment link
export const POST = route(op.create, async ({ auth, body }) => presentCreated(await createGateway(auth, body)));

// GET /v1/gateway — the caller's payment links, newest first (filters q, paid, archived; include=payment_status);
// without limit, the whole list
export const GET = route(op.list, async (ctx) => listResponse(ctx, (page) => listGateways(ctx.auth, page), presentListItem));

// OPTIONS /v1/gateway — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

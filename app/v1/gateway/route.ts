import { createGateway } from "@/lib/gateways/create-gateway";
import { presentCreated, presentListItem } from "@/lib/gateways/present";
import { listGateways } from "@/lib/gateways/queries";
import { gatewayOperations as op } from "@/lib/gateways/schemas";
import { pageResponse } from "@/lib/http/pagination";
import { methodNotAllowed, route } from "@/lib/api/route";

// POST /v1/gateway — create a payment link
export const POST = route(op.create, async ({ auth, body }) => presentCreated(await createGateway(auth, body)));

// GET /v1/gateway — the caller's payment links, newest first (filters q, paid, archived; include=payment_status)
export const GET = route(op.list, async ({ auth, query, url }) =>
  pageResponse(url, query, await listGateways(auth, query), presentListItem),
);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

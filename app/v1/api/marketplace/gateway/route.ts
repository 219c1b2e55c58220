import { listResponse } from "@/lib/http/pagination";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { createMarketplaceGateway } from "@/lib/marketplace-gateways/create-marketplace-gateway";
import { presentMarketplaceGateway } from "@/lib/marketplace-gateways/present";
import { listMarketplaceGateways } from "@/lib/marketplace-gateways/queries";
import { marketplaceGatewayOperations as op } from "@/lib/marketplace-gateways/schemas";

// POST /v1/api/marketplace/gateway — create a seller's marketplace link
export const POST = route(op.create, async ({ auth, body }) =>
  presentMarketplaceGateway(await createMarketplaceGateway(auth, body)),
);

// GET /v1/api/marketplace/gateway — the caller's marketplace links, newest first; without limit, the whole list
export const GET = route(op.list, async (ctx) =>
  listResponse(ctx, (page) => listMarketplaceGateways(ctx.auth, page), presentMarketplaceGateway),
);

// OPTIONS /v1/api/marketplace/gateway — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

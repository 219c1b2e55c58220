import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { unarchiveMarketplaceGateway } from "@/lib/marketplace-gateways/archive-marketplace-gateway";
import { presentMarketplaceGateway } from "@/lib/marketplace-gateways/present";
import { marketplaceGatewayOperations as op } from "@/lib/marketplace-gateways/schemas";

// POST /v1/api/marketplace/gateway/{gateway_id}/unarchive — put an archived marketplace link back
export const POST = route(op.unarchive, async ({ auth, params }) =>
  presentMarketplaceGateway(await unarchiveMarketplaceGateway(auth, params.gateway_id)),
);

// OPTIONS /v1/api/marketplace/gateway/{gateway_id}/unarchive — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

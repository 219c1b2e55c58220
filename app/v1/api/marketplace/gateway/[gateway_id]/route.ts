import { methodNotAllowed, route } from "@/lib/api/route";
import { presentMarketplaceGateway } from "@/lib/marketplace-gateways/present";
import { getMarketplaceGatewayOrThrow } from "@/lib/marketplace-gateways/queries";
import { marketplaceGatewayOperations as op } from "@/lib/marketplace-gateways/schemas";

// GET /v1/api/marketplace/gateway/{gateway_id} — one of the caller's marketplace links
export const GET = route(op.get, async ({ auth, params }) =>
  presentMarketplaceGateway(await getMarketplaceGatewayOrThrow(auth, params.gateway_id)),
);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

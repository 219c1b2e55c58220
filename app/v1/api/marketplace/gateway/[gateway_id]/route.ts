import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { archiveMarketplaceGateway } from "@/lib/marketplace-gateways/archive-marketplace-gateway";
import { presentMarketplaceGateway } from "@/lib/marketplace-gateways/present";
import { getMarketplaceGatewayOrThrow } from "@/lib/marketplace-gateways/queries";
import { marketplaceGatewayOperations as op } from "@/lib/marketplace-gateways/schemas";
import { updateMarketplaceGateway } from "@/lib/marketplace-gateways/update-marketplace-gateway";

// GET /v1/api/marketplace/gateway/{gateway_id} — one of the caller's marketplace links
export const GET = route(op.get, async ({ auth, params }) =>
  presentMarketplaceGateway(await getMarketplaceGatewayOrThrow(auth, params.gateway_id)),
);

// PUT /v1/api/marketplace/gateway/{gateway_id} — update the fields sent
export const PUT = route(op.update, async ({ auth, params, body }) =>
  presentMarketplaceGateway(await updateMarketplaceGateway(auth, params.gateway_id, body)),
);

// DELETE /v1/api/marketplace/gateway/{gateway_id} — archive a marketplace link
export const DELETE = route(op.archive, async ({ auth, params }) => archiveMarketplaceGateway(auth, params.gateway_id));

// OPTIONS /v1/api/marketplace/gateway/{gateway_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PUT, DELETE);

export { methodNotAllowed as POST, methodNotAllowed as PATCH };

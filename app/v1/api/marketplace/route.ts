import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { presentMarketplace } from "@/lib/marketplaces/present";
import { getMarketplaceOrThrow } from "@/lib/marketplaces/queries";
import { createMarketplace, updateMarketplace } from "@/lib/marketplaces/save-marketplace";
import { marketplaceOperations as op } from "@/lib/marketplaces/schemas";

// POST /v1/api/marketplace — create the caller's marketplace (multipart)
export const POST = route(op.create, async ({ auth, body, files }) =>
  presentMarketplace(await createMarketplace(auth, body, files)),
);

// PATCH /v1/api/marketplace/ — update the parts sent (multipart; the trailing slash is the interface's)
export const PATCH = route(op.update, async ({ auth, body, files }) =>
  presentMarketplace(await updateMarketplace(auth, body, files)),
);

// GET /v1/api/marketplace — the caller's marketplace
export const GET = route(op.get, async ({ auth }) => presentMarketplace(await getMarketplaceOrThrow(auth)));

// OPTIONS /v1/api/marketplace — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST, PATCH);

export { methodNotAllowed as PUT, methodNotAllowed as DELETE };

import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { pageResponse } from "@/lib/http/pagination";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { presentEndpoint, presentEndpointWithSecret } from "@/lib/webhooks/present";
import { listEndpoints } from "@/lib/webhooks/queries";
import { webhookOperations as op } from "@/lib/webhooks/schemas";

// POST /v1/webhooks — register a webhook endpoint (its secret is shown this once)
export const POST = route(op.create, async ({ auth, body }) => presentEndpointWithSecret(await createEndpoint(auth, body)));

// GET /v1/webhooks — the caller's webhook endpoints, newest first
export const GET = route(op.list, async ({ auth, query, url }) =>
  pageResponse(url, query, await listEndpoints(auth, query), presentEndpoint),
);

// OPTIONS /v1/webhooks — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { pageResponse } from "@/lib/http/pagination";
import { presentDelivery } from "@/lib/webhooks/present";
import { listDeliveries } from "@/lib/webhooks/queries";
import { webhookOperations as op } from "@/lib/webhooks/schemas";

// GET /v1/webhooks/{webhook_id}/deliveries — the delivery log with every attempt, newest first
export const GET = route(op.deliveries, async ({ auth, params, query, url }) =>
  pageResponse(url, query, await listDeliveries(auth, params.webhook_id, query), presentDelivery),
);

// OPTIONS /v1/webhooks/{webhook_id}/deliveries — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { presentDelivery } from "@/lib/webhooks/present";
import { webhookOperations as op } from "@/lib/webhooks/schemas";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

// POST /v1/webhooks/{webhook_id}/test — queue a signed webhook.test event
export const POST = route(op.test, async ({ auth, params }) => presentDelivery(await sendTestEvent(auth, params.webhook_id)));

// OPTIONS /v1/webhooks/{webhook_id}/test — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

import { methodNotAllowed, preflight, route } from "@/lib/api/route";
import { previewRefund } from "@/lib/refunds/preview-refund";
import { refundOperations as op } from "@/lib/refunds/schemas";

// GET /v1/refunds/preview — what a refund would take from whom (a marketplace sale's split), read only
export const GET = route(op.preview, ({ auth, query }) => previewRefund(auth, query));

// OPTIONS /v1/refunds/preview — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };

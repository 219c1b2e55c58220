import { getMe, updateMe } from "@/lib/accounts/settings";
import { settingsOperations as op } from "@/lib/accounts/team-operations";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/me — the signed-in member: language, role, notifications, accounts (dashboard)
export const GET = route(op.getMe, async ({ auth }) => getMe(auth));

// PATCH /v1/me — the member's own name, language and e-mail notifications (dashboard)
export const PATCH = route(op.updateMe, async ({ auth, body }) => updateMe(auth, body));

// OPTIONS /v1/me — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PATCH);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as DELETE };

import { switchAccount } from "@/lib/accounts/settings";
import { settingsOperations as op } from "@/lib/accounts/team-operations";
import { route } from "@/lib/api/route";

// POST /api/auth/switch-account — show another account of the signed-in login in this session
export const POST = route(op.switchAccount, async ({ req, auth, body }) => switchAccount(req, auth, body.account_id));

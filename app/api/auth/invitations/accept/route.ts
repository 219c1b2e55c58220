import { assertSameOriginJson, isHttps } from "@/lib/accounts/authenticate";
import { acceptInvitation } from "@/lib/accounts/invitations";
import { findSessionAuth, readCookie, SESSION_COOKIE, signedInHeaders } from "@/lib/accounts/sessions";
import { invitationOperations as op } from "@/lib/accounts/team-operations";
import { route } from "@/lib/api/route";
import { clientAddress } from "@/lib/http/client-address";

// POST /api/auth/invitations/accept — join the account of an invitation link and sign in there
export const POST = route(op.accept, async ({ req, body }) => {
  assertSameOriginJson(req); // it sets the session cookie: login CSRF
  const token = readCookie(req, SESSION_COOKIE);
  const session = token ? await findSessionAuth(token, "test") : null;
  const { joined, session: opened, language } = await acceptInvitation(body, clientAddress(req), session);
  return Response.json(joined, { headers: signedInHeaders(opened, isHttps(req), language) });
});

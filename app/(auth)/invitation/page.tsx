import { cookies } from "next/headers";
import { peekInvitation } from "@/lib/accounts/invitations";
import { findSessionAuth, SESSION_COOKIE } from "@/lib/accounts/sessions";
import { titled } from "@/lib/server/dashboard-session";
import { AcceptInvitation } from "./_components/accept-invitation";

export const generateMetadata = () => titled((t) => t.team.invitation.pageTitle);

// /invitation?token=… — the mailed link: who invites, with which role; then join (signed in as the
// address), or log in with its password, or choose one for a new login. Nothing is spent by reading.
export default async function InvitationPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token : "";
  const invitation = await peekInvitation(value);
  const session = (await cookies()).get(SESSION_COOKIE)?.value;
  const signedIn = session ? await findSessionAuth(session, "test") : null;
  return <AcceptInvitation token={value} invitation={invitation} signedInAs={signedIn?.email ?? null} />;
}

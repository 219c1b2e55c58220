import { titled } from "@/lib/server/dashboard-session";
import { TeamPage } from "./_components/team-page";

export const generateMetadata = () => titled((t) => t.team.team.title);

// /dashboard/team — members and their roles, invitations (owners change them; everyone reads them).
export default function Page() {
  return <TeamPage />;
}

import { DevelopersPage } from "./_components/developers-page";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.developers.title);

// /dashboard/developers — API keys, webhooks and a link to the API reference.
export default function Page() {
  return <DevelopersPage />;
}

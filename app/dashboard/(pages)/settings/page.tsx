import { titled } from "@/lib/server/dashboard-session";
import { SettingsPage } from "./_components/settings-page";

export const generateMetadata = () => titled((t) => t.team.settings.title);

// /dashboard/settings — the business profile (admins), the member's own notifications and language.
export default function Page() {
  return <SettingsPage />;
}

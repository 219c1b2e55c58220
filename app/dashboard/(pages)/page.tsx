import { OverviewPage } from "./_components/overview-page";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.overview.title);

// /dashboard — the overview: volume, count, success rate, 30 days, latest payments.
export default function Page() {
  return <OverviewPage />;
}

import { OverviewPage } from "./_components/overview-page";

// /dashboard — the overview: volume, count, success rate, 30 days, latest payments.
export default function Page() {
  return <OverviewPage />;
}

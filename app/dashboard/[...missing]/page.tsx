import { notFound } from "next/navigation";

// /dashboard/<anything else>: the dashboard's own 404 (./../not-found.tsx), inside its frame and
// navigation, rather than the site's. Next.js sends unmatched URLs to the root not-found otherwise.
// Outside the (pages) group and its loading.tsx: nothing has streamed yet, so the status is a real 404.
export default function MissingDashboardPage() {
  notFound();
}

import { titled } from "@/lib/server/dashboard-session";
import { StallsPage } from "./_components/stalls-page";

export const generateMetadata = () => titled((t) => t.stall.manage.title);

// /dashboard/counter/stall — the stalls (pay-by-QR counter pages): the business's own and one per cashier; link, QR, poster
export default function Page() {
  return <StallsPage />;
}

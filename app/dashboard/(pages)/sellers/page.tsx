import { titled } from "@/lib/server/dashboard-session";
import { SellersPage } from "./_components/sellers-page";

export const generateMetadata = () => titled((t) => t.sellers.title);

// /dashboard/sellers — the marketplace's sellers and their money.
export default function Page() {
  return <SellersPage />;
}

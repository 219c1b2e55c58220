import { CustomersPage } from "./_components/customers-page";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.customers.title);

// /dashboard/customers — the customer book: search, numbers masked, add by hand.
export default function Page() {
  return <CustomersPage />;
}

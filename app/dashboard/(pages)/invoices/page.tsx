import { InvoicesPage } from "./_components/invoices-page";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.invoices.title);

// /dashboard/invoices — invoices: what each customer paid and still owes, their pages, cancel.
export default function Page() {
  return <InvoicesPage />;
}

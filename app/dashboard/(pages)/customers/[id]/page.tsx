import { CustomerDetail } from "./_components/customer-detail";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.customers.title);

// /dashboard/customers/{id} — one customer: whole number, totals, payments; edit, merge, erase.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CustomerDetail id={id} />;
}

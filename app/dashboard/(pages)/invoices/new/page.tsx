import { NewInvoice } from "../_components/new-invoice";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.invoices.newTitle);

// /dashboard/invoices/new[?customer={id}] — a new invoice; from a customer's page, that customer pre-filled.
export default async function Page({ searchParams }: { searchParams: Promise<{ customer?: string | string[] }> }) {
  const { customer } = await searchParams;
  return <NewInvoice customerId={typeof customer === "string" ? customer : null} />;
}

import { InvoiceDetail } from "../_components/invoice-detail";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.invoices.title);

// /dashboard/invoices/{id} — one invoice: amounts, lines, payments, reminders sent; share, print, cancel.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <InvoiceDetail id={id} />;
}

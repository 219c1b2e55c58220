import { PaymentPageDetail } from "./_components/payment-page-detail";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.paymentPages.title);

// /dashboard/payment-pages/{id} — one payment page: its share panel, its payments, close.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PaymentPageDetail id={id} />;
}

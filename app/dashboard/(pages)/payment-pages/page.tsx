import { PaymentPagesPage } from "./_components/payment-pages-page";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.paymentPages.title);

// /dashboard/payment-pages — payment pages: create, share, see each page's payments, close.
export default function Page() {
  return <PaymentPagesPage />;
}

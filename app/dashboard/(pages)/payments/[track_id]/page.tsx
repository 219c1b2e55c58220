import { normalizeTrackId } from "@/lib/deposits/track-id";
import { titled } from "@/lib/server/dashboard-session";
import { PaymentPage } from "./_components/payment-page";

export const generateMetadata = async ({ params }: { params: Promise<{ track_id: string }> }) => {
  const { track_id } = await params;
  return titled((t) => t.payment.title.replace("{trackId}", normalizeTrackId(track_id)));
};

// /dashboard/payments/{track_id} — one payment attempt: history, link, buyer, webhooks.
export default async function Page({ params }: { params: Promise<{ track_id: string }> }) {
  const { track_id } = await params;
  return <PaymentPage trackId={normalizeTrackId(track_id)} />;
}

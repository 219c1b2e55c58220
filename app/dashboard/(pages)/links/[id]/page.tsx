import { LinkDetail } from "./_components/link-detail";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.links.title);

// /dashboard/links/{id} — one payment link and its payment attempts.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LinkDetail id={id} />;
}

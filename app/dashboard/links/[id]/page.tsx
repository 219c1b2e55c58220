import { LinkDetail } from "./_components/link-detail";

// /dashboard/links/{id} — one payment link and its payment attempts.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LinkDetail id={id} />;
}

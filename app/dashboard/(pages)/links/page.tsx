import { LinksPage } from "./_components/links-page";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.links.title);

// /dashboard/links — payment links: search, filters, create, edit, archive, copy, QR.
export default async function Page({ searchParams }: { searchParams: Promise<{ new?: string }> }) {
  const { new: openNew } = await searchParams;
  return <LinksPage openNew={openNew === "1"} />;
}

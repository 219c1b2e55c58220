import type { Metadata } from "next";
import { marketplaceWordsOf } from "@/lib/i18n/marketplace";
import { MarketplaceWordsProvider } from "@/lib/i18n/marketplace-words";
import { readLang } from "@/lib/server/dashboard-session";
import { LinkDetail } from "./_components/link-detail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: marketplaceWordsOf(await readLang()).link.transactions };
}

// /dashboard/marketplace-links/{id} — one seller's link and its buyers' payments with their answers.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <MarketplaceWordsProvider words={marketplaceWordsOf(await readLang())}>
      <LinkDetail id={id} />
    </MarketplaceWordsProvider>
  );
}

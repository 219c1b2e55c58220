import type { Metadata } from "next";
import { marketplaceWordsOf } from "@/lib/i18n/marketplace";
import { MarketplaceWordsProvider } from "@/lib/i18n/marketplace-words";
import { readLang } from "@/lib/server/dashboard-session";
import { LinksPage } from "./_components/links-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: marketplaceWordsOf(await readLang()).links.title };
}

// /dashboard/marketplace-links — the sellers' links of the marketplace, newest first; create one.
export default async function Page() {
  return (
    <MarketplaceWordsProvider words={marketplaceWordsOf(await readLang())}>
      <LinksPage />
    </MarketplaceWordsProvider>
  );
}

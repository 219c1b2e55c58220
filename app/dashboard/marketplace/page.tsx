import type { Metadata } from "next";
import { marketplaceWordsOf } from "@/lib/i18n/marketplace";
import { MarketplaceWordsProvider } from "@/lib/i18n/marketplace-words";
import { readLang } from "@/lib/server/dashboard-session";
import { MarketplacePage } from "./_components/marketplace-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: marketplaceWordsOf(await readLang()).settings.title };
}

// /dashboard/marketplace — create the marketplace, then its name, colour, fee, logo, favicon,
// checkout form (the form-block builder with a live preview) and on/off switch.
export default async function Page() {
  return (
    <MarketplaceWordsProvider words={marketplaceWordsOf(await readLang())}>
      <MarketplacePage />
    </MarketplaceWordsProvider>
  );
}

import type { Metadata } from "next";
import { dictionaryOf } from "@/lib/i18n";
import { readLang } from "@/lib/server/dashboard-session";
import { MarketplacePage } from "./_components/marketplace-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: dictionaryOf(await readLang()).marketplace.settings.title };
}

// /dashboard/marketplace — create the marketplace, then its name, colour, fee, logo, favicon,
// checkout form (the form-block builder with a live preview) and on/off switch.
export default function Page() {
  return <MarketplacePage />;
}

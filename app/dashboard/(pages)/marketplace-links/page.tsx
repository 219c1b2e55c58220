import type { Metadata } from "next";
import { dictionaryOf } from "@/lib/i18n";
import { readLang } from "@/lib/server/dashboard-session";
import { LinksPage } from "./_components/links-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: dictionaryOf(await readLang()).marketplace.links.title };
}

// /dashboard/marketplace-links — the sellers' links of the marketplace, newest first; create one.
export default function Page() {
  return <LinksPage />;
}

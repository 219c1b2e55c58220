import type { Metadata } from "next";
import { dictionaryOf } from "@/lib/i18n";
import { readLang } from "@/lib/server/dashboard-session";
import { LinkDetail } from "./_components/link-detail";

export async function generateMetadata(): Promise<Metadata> {
  return { title: dictionaryOf(await readLang()).marketplace.link.transactions };
}

// /dashboard/marketplace-links/{id} — one seller's link and its buyers' payments with their answers.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LinkDetail id={id} />;
}

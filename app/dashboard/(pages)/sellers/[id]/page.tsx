import type { Metadata } from "next";
import { dictionaryOf } from "@/lib/i18n";
import { readLang } from "@/lib/server/dashboard-session";
import { SellerPage } from "./_components/seller-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: dictionaryOf(await readLang()).sellers.title };
}

// /dashboard/sellers/{id} — one seller: what it is owed, its sales, refunds and payouts.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SellerPage id={id} />;
}

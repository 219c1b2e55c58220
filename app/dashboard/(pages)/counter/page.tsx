import type { Metadata } from "next";
import type { Currency } from "@/lib/core/money";
import { isCountry } from "@/lib/countries";
import { readDashboardSession, titled } from "@/lib/server/dashboard-session";
import { CounterPage } from "./_components/counter-page";

// The counter installs as an app of its own (« Kola Caisse »): its manifest opens this page, and
// its service worker (public/counter-sw.js) is scoped to it.
export async function generateMetadata(): Promise<Metadata> {
  return { ...(await titled((t) => t.counter.title)), manifest: "/counter.webmanifest", appleWebApp: { capable: true, title: "Kola Caisse" } };
}

// /dashboard/counter — « Encaisser »: the amount on a keypad, the buyer's number, one button; the
// sale followed live; today's sales below. The layout has checked the session.
// `?phone=` (E.164 digits): the number to ask, from a customer's page (the book pre-fills a request).
export default async function Page({ searchParams }: { searchParams: Promise<{ phone?: string | string[] }> }) {
  const { account } = await readDashboardSession();
  const { phone } = await searchParams;
  const country = account!.country.iso_code;
  return (
    <CounterPage
      accountId={account!.id}
      currency={account!.currency as Currency}
      country={isCountry(country) ? country : "CMR"}
      shop={account!.business_name}
      prefillPhone={typeof phone === "string" && /^\d{6,15}$/.test(phone) ? phone : undefined}
    />
  );
}

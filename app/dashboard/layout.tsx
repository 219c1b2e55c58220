import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { dictionaryOf } from "@/lib/i18n";
import { readDashboardSession } from "@/lib/server/dashboard-session";
import { DashboardProviders } from "./_components/dashboard-providers";
import { DashboardShell } from "./_components/dashboard-shell";

export const metadata: Metadata = { title: "Dashboard", robots: { index: false } };

// Every /dashboard page needs a session: checked here, on the server, before anything renders.
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { lang, mode, account } = await readDashboardSession();
  if (!account) redirect("/login");
  const dictionary = dictionaryOf(lang);
  return (
    <DashboardProviders lang={lang} dictionary={dictionary} mode={mode}>
      <DashboardShell businessName={account.business_name} email={account.email}>
        {children}
      </DashboardShell>
    </DashboardProviders>
  );
}
